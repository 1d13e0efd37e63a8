// GET /v1/hosts: every host of the account, of all three kinds, with the standard list
// parameters plus `type`, `location_id`, `location_code` and `rack_id` filters.
import type { Area, AreaHelpers, Router } from "../framework/contract";
import { HOST_KINDS } from "./hosts-shared";

/** The list options every host list shares (dedicated, SBM, bare metal nodes and all of them). */
export const HOST_LIST_SPEC = {
  sortable: ["id", "created_at", "updated_at"],
  searchField: "title",
  labelSelector: true,
  // The srvctl CLI (and so the SDK) filters by location id or code.
  filters: { location_id: "location_id", location_code: "location_code", rack_id: "rack_id" },
} as const;

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", "/v1/hosts", (req, ctx) => {
    const all = HOST_KINDS.flatMap((kind) => ctx.store.all(kind.collection));
    return helpers.list(req, all, {
      ...HOST_LIST_SPEC,
      filters: { ...HOST_LIST_SPEC.filters, type: "type" },
    });
  });
}

export const hostsArea: Area = { name: "hosts", register };
