// Networks of a host (api-spec.md "GET .../networks"): list with its filters and sorting, and
// one network. Registered for every host kind: the spec shows the path with both segments.
import { ok } from "../framework/body";
import type { AreaHelpers, Router } from "../framework/contract";
import { networksOf } from "./hosts-addresses";
import { registerNetworkOrderRoutes } from "./hosts-network-orders";
import { type HostKind, notFound } from "./hosts-shared";

export function registerNetworkRoutes(router: Router, helpers: AreaHelpers, kind: HostKind): void {
  const base = `/v1/hosts/${kind.segment}/:id/networks`;
  router.add("GET", base, (req, ctx) => {
    helpers.getOr404(ctx, kind.collection, req.params.id ?? "");
    return helpers.list(req, networksOf(ctx, req.params.id ?? ""), {
      sortable: ["id", "updated_at", "created_at"],
      searchField: "title",
      filters: {
        family: "family",
        interface_type: "interface_type",
        distribution_method: "distribution_method",
        additional: "additional",
      },
    });
  });
  router.add("GET", `${base}/:network_id`, (req, ctx) => {
    helpers.getOr404(ctx, kind.collection, req.params.id ?? "");
    const network = networksOf(ctx, req.params.id ?? "").find(
      (n) => n.id === req.params.network_id,
    );
    if (network === undefined) throw notFound("Network", req.params.network_id ?? "");
    return ok(network);
  });
  // Additional networks, where the kind offers them (hosts-network-orders.ts).
  registerNetworkOrderRoutes(router, helpers, kind);
}
