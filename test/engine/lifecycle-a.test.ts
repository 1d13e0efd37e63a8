// The engine lifecycle table (kinds.ts), its rows of even position, through both doors
// (lifecycle.ts). Needs a current dist/ (npm test builds it first; alone: npm run build).
import { KINDS } from "./kinds";
import { lifecycle } from "./lifecycle";

lifecycle(KINDS.filter((_row, index) => index % 2 === 0));
