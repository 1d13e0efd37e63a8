// The Kubernetes area: clusters (labels only: the API cannot create or delete them) and their
// nodes, which can move between the cluster's node groups (api-spec.md "Kubernetes").
import { ok, readBody, validationFailed } from "../framework/body";
import { childOr404, registerCollection, relabel } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type WireRecord,
} from "../framework/contract";
import { seedKubernetes } from "../seed/kubernetes";

const CLUSTERS = "kubernetes_clusters";
const NODES = "kubernetes_nodes";
const BASE = "/v1/kubernetes_clusters";

function nodesOf(ctx: SimContext, clusterId: string): WireRecord[] {
  return ctx.store.all(NODES).filter((node) => node.cluster_id === clusterId);
}

/** A node of another cluster is as absent as a node that does not exist. */
function nodeOr404(ctx: SimContext, helpers: AreaHelpers, req: SimRequest): WireRecord {
  const clusterId = req.params.id ?? "";
  helpers.getOr404(ctx, CLUSTERS, clusterId);
  const nodeId = req.params.node_id ?? "";
  const message = `Kubernetes node ${nodeId} not found in cluster ${clusterId}`;
  return childOr404(ctx, NODES, nodeId, { field: "cluster_id", id: clusterId }, message);
}

function nodeGroupsOf(cluster: WireRecord): WireRecord[] {
  const groups = cluster._node_groups;
  if (!Array.isArray(groups)) return [];
  return groups.filter(
    (group): group is WireRecord =>
      typeof group === "object" && group !== null && !Array.isArray(group),
  );
}

const reassignNode: AreaHandler = (ctx, helpers, req) => {
  const node = nodeOr404(ctx, helpers, req);
  const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
  const groupId = readBody(req).node_group_id;
  if (typeof groupId !== "string" || groupId === "") {
    throw validationFailed({ node_group_id: "is required" });
  }
  const group = nodeGroupsOf(cluster).find((candidate) => candidate.id === groupId);
  if (group === undefined) {
    throw validationFailed({
      node_group_id: `node group ${groupId} does not exist in this cluster`,
    });
  }
  return ok(ctx.store.update(NODES, String(node.id), { node_group: group }));
};

/** A node group as answered: its record with the number of nodes in it (G+ `NodeCount`). */
function nodeGroupView(ctx: SimContext, clusterId: string, group: WireRecord): WireRecord {
  const count = nodesOf(ctx, clusterId).filter((node) => {
    const nodeGroup = node.node_group;
    return typeof nodeGroup === "object" && nodeGroup !== null && !Array.isArray(nodeGroup)
      ? nodeGroup.id === group.id
      : false;
  }).length;
  return { ...group, node_count: count };
}

function groupOr404(cluster: WireRecord, groupId: string): WireRecord {
  const group = nodeGroupsOf(cluster).find((candidate) => candidate.id === groupId);
  if (group === undefined) {
    throw new SimApiError(
      404,
      "NOT_FOUND",
      `Node group ${groupId} not found in cluster ${String(cluster.id)}`,
    );
  }
  return group;
}

/**
 * Node groups (G+ kubernetes_clusters.go at abb982c9: CreateNodeGroup, UpdateNodeGroup,
 * DeleteNodeGroup, NodeGroups, MoveNodes). A group with nodes in it is not deleted (409: our
 * reading, no source says).
 */
function registerNodeGroups(router: Router, helpers: AreaHelpers): void {
  const groups = `${BASE}/:id/node_groups`;
  router.add("GET", groups, (req, ctx) => {
    const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
    const views = nodeGroupsOf(cluster).map((group) =>
      nodeGroupView(ctx, String(cluster.id), group),
    );
    return helpers.list(req, views, {});
  });
  router.add("POST", groups, (req, ctx) => {
    const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
    const body = readBody(req);
    if (typeof body.name !== "string" || body.name === "")
      throw validationFailed({ name: "is required" });
    const now = ctx.clock.iso();
    const group: WireRecord = {
      id: ctx.newId(),
      name: body.name,
      description: typeof body.description === "string" ? body.description : null,
      created_at: now,
      updated_at: now,
    };
    ctx.store.update(CLUSTERS, String(cluster.id), {
      _node_groups: [...nodeGroupsOf(cluster), group],
    });
    return { status: 201, body: nodeGroupView(ctx, String(cluster.id), group) };
  });
  router.add("PUT", `${groups}/:group_id`, (req, ctx) => {
    const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
    const group = groupOr404(cluster, req.params.group_id ?? "");
    const body = readBody(req);
    const updated: WireRecord = {
      ...group,
      ...(typeof body.name === "string" && body.name !== "" ? { name: body.name } : {}),
      ...(typeof body.description === "string" ? { description: body.description } : {}),
      updated_at: ctx.clock.iso(),
    };
    ctx.store.update(CLUSTERS, String(cluster.id), {
      _node_groups: nodeGroupsOf(cluster).map((candidate) =>
        candidate.id === group.id ? updated : candidate,
      ),
    });
    // Nodes carry a copy of their group: a renamed group shows its new name on them too.
    for (const node of nodesOf(ctx, String(cluster.id))) {
      const nodeGroup = node.node_group;
      if (typeof nodeGroup === "object" && nodeGroup !== null && !Array.isArray(nodeGroup)) {
        if (nodeGroup.id === group.id)
          ctx.store.update(NODES, String(node.id), { node_group: updated });
      }
    }
    return ok(nodeGroupView(ctx, String(cluster.id), updated));
  });
  router.add("DELETE", `${groups}/:group_id`, (req, ctx) => {
    const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
    const group = groupOr404(cluster, req.params.group_id ?? "");
    if (Number(nodeGroupView(ctx, String(cluster.id), group).node_count) > 0) {
      throw new SimApiError(409, "CONFLICT", `Node group ${String(group.id)} still has nodes`);
    }
    ctx.store.update(CLUSTERS, String(cluster.id), {
      _node_groups: nodeGroupsOf(cluster).filter((candidate) => candidate.id !== group.id),
    });
    return { status: 204 };
  });
  router.add("POST", `${BASE}/:id/nodes/move`, (req, ctx) => {
    const cluster = helpers.getOr404(ctx, CLUSTERS, req.params.id ?? "");
    const body = readBody(req);
    const group = nodeGroupsOf(cluster).find((candidate) => candidate.id === body.node_group_id);
    const ids = Array.isArray(body.node_ids) ? body.node_ids.map(String) : [];
    if (group === undefined)
      throw validationFailed({ node_group_id: "must be a node group of this cluster" });
    const nodes = ids.map((id) => ctx.store.get(NODES, id));
    if (
      ids.length === 0 ||
      nodes.some((node) => node === undefined || node.cluster_id !== cluster.id)
    ) {
      throw validationFailed({ node_ids: "must list nodes of this cluster" });
    }
    return ok(ids.map((id) => ctx.store.update(NODES, id, { node_group: group })));
  });
}

function register(router: Router, helpers: AreaHelpers): void {
  registerNodeGroups(router, helpers);
  // Labels are the only writable field of a cluster; the API cannot create or delete one.
  registerCollection(router, helpers, {
    path: BASE,
    collection: CLUSTERS,
    list: {
      sortable: ["id", "name", "status", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { location_id: "location_id", status: "status" },
    },
    update: relabel(CLUSTERS),
  });
  router.add("GET", `${BASE}/:id/nodes`, (req, ctx) => {
    const clusterId = req.params.id ?? "";
    helpers.getOr404(ctx, CLUSTERS, clusterId);
    return helpers.list(req, nodesOf(ctx, clusterId), {
      sortable: ["id", "number", "hostname", "status", "created_at", "updated_at"],
      searchField: "hostname",
      labelSelector: true,
      filters: { type: "type", role: "role", status: "status" },
    });
  });
  router.add("GET", `${BASE}/:id/nodes/:node_id`, (req, ctx) => ok(nodeOr404(ctx, helpers, req)));
  router.add("PUT", `${BASE}/:id/nodes/:node_id`, (req, ctx) => reassignNode(ctx, helpers, req));
}

export const kubernetesArea: Area = {
  name: "kubernetes",
  register,
  seed: seedKubernetes,
};
