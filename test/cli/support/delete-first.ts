// The kinds that cannot have two generations at once: the TypeScript classes default
// `deleteBeforeReplace` to true for them, and the native plugin asks the engine to delete first
// in its Diff and refuses a create-first targeted replacement (provider/native/delete-first.ts).
// Both doors' suites hold the CLI to this one list.
import { DELETE_FIRST } from "../../../provider/native/delete-first";

export const DELETE_FIRST_KINDS: ReadonlySet<string> = new Set(Object.keys(DELETE_FIRST));
