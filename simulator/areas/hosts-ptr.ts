// PTR records of hosts (wire-notes.md: /hosts/{kind}/{id}/ptr_records), on the rules every PTR
// record follows (ptr-records.ts). One collection serves every host kind: host ids are unique
// across kinds.
import type { AreaHelpers, Router } from "../framework/contract";
import { type HostKind, PTR_RECORDS } from "./hosts-shared";
import { type PtrStore, registerPtrRecordRoutes } from "./ptr-records";

export const HOST_PTR_RECORDS: PtrStore = { collection: PTR_RECORDS, ownerField: "_host_id" };

export function registerPtrRoutes(router: Router, helpers: AreaHelpers, kind: HostKind): void {
  registerPtrRecordRoutes(router, helpers, {
    ...HOST_PTR_RECORDS,
    route: `/v1/hosts/${kind.segment}/:id`,
    domainField: "domain",
    owner: (ctx, id) => helpers.getOr404(ctx, kind.collection, id),
  });
}
