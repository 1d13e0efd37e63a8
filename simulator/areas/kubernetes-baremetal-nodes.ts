// Kubernetes bare metal nodes (api-spec.md "Kubernetes", wire-notes.md): hosts that belong to a
// cluster. No create, no delete: their records come from the Kubernetes seed (another area).
// Read, labels, power on, off and cycle (202 with powering_on / powering_off / power_cycling),
// networks and PTR records.
import { ok, readBody } from "../framework/body";
import type { Area, AreaHelpers, Router, SimContext } from "../framework/contract";
import { HOST_LIST_SPEC } from "./hosts";
import { insertNetworks, networksOf } from "./hosts-addresses";
import { registerNetworkRoutes } from "./hosts-networks";
import { powerHandler } from "./hosts-power";
import { registerPtrRoutes } from "./hosts-ptr";
import { K8S_NODE_KIND, K8S_NODES } from "./hosts-shared";

const BASE = "/v1/hosts/kubernetes_baremetal_nodes";

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", BASE, (req, ctx) =>
    helpers.list(req, ctx.store.all(K8S_NODES), HOST_LIST_SPEC),
  );
  router.add("GET", `${BASE}/:id`, (req, ctx) =>
    ok(helpers.getOr404(ctx, K8S_NODES, req.params.id ?? "")),
  );
  router.add("PUT", `${BASE}/:id`, (req, ctx) => {
    const id = req.params.id ?? "";
    const node = helpers.getOr404(ctx, K8S_NODES, id);
    const body = readBody(req);
    // Labels are the only writable field; the submitted object replaces the whole set.
    if (body.labels === undefined) return ok(node);
    return ok(ctx.store.update(K8S_NODES, id, { labels: helpers.checkLabels(body.labels) }));
  });
  // "Power operations" as for the other hosts (wire-notes.md): on, off and cycle.
  for (const operation of ["power_on", "power_off", "power_cycle"] as const) {
    router.add(
      "POST",
      `${BASE}/:id/${operation}`,
      powerHandler(K8S_NODE_KIND, operation, helpers, "k8s_node_power"),
    );
  }
  registerNetworkRoutes(router, helpers, K8S_NODE_KIND);
  registerPtrRoutes(router, helpers, K8S_NODE_KIND);
}

/** The nodes were seeded with addresses but no networks: give each the networks they imply. */
function seed(ctx: SimContext): void {
  for (const node of ctx.store.all(K8S_NODES)) {
    const id = String(node.id);
    if (networksOf(ctx, id).length > 0) continue;
    const address = (value: unknown) => (typeof value === "string" ? value : undefined);
    insertNetworks(ctx, id, {
      private: address(node.private_ipv4_address),
      public: address(node.public_ipv4_address),
      oob: address(node.oob_ipv4_address),
    });
  }
}

export const kubernetesBaremetalNodesArea: Area = {
  name: "kubernetes_baremetal_nodes",
  register,
  seed,
};
