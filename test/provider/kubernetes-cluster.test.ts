// KubernetesCluster's provider against the simulator, on virtual time, for what the kind's
// conformance row (test/conformance/kinds/kubernetes-cluster.ts: create, read, an in-place
// change, another cluster replacing, drift put back, delete putting back, deletion outside)
// does not assert. The seed's cluster K8sProd1 ("k8s-prod", labels env=prod team=platform) has
// node groups NgCloud1, NgBare01 and NgSpare1 (empty) and nodes KnProd01-05 (KnProd03-05 in
// NgBare01).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import { OWNER_LABEL_KEY, withoutOwnerLabel } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { createKubernetesClusterProvider } from "../../provider/kubernetes-cluster/provider";
import type { Clock } from "../../sdk/wait";
import { simulatedClock } from "../support/simulated-clock";
import { CLUSTERS, groupOf, NODES, PREFIX, SEED_LABELS } from "./kubernetes-cluster-support";
import { createdBy, engineInputs, PROVIDER_TEXT, suiteBed } from "./support";

const { bed, failure, checkFailures } = suiteBed();
/** Run after each simulated sleep of the provider's waits: a cluster finishing elsewhere. */
let afterSleep: (() => Promise<void>) | undefined;
let clock: Clock;
const provider = createKubernetesClusterProvider({
  ...bed.context,
  waitTuning: () => ({ clock, random: () => 0.5 }),
});

beforeAll(() => {
  const base = simulatedClock(bed.sim);
  clock = {
    now: () => base.now(),
    async sleep(ms) {
      await base.sleep(ms);
      await afterSleep?.();
    },
  };
});

beforeEach(() => {
  afterSleep = undefined;
});

/** Inputs as the engine sends them for a KubernetesCluster named "prod" in project/stack p/s. */
function clusterInputs(fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("KubernetesCluster", "prod", {
    clusterId: "K8sProd1",
    ...fields,
  });
}

async function adopted(fields: PropertyBag = {}) {
  return createdBy(provider, clusterInputs(fields));
}

/** The cluster's labels but the ownership label (test/provider/kubernetes-node-groups.test.ts). */
async function liveLabels(): Promise<unknown> {
  const labels = (await bed.sim.control.peek(CLUSTERS, "K8sProd1"))?.labels;
  return withoutOwnerLabel(labels as Record<string, string> | undefined);
}

async function writes(): Promise<Record<string, number>> {
  const counts = await bed.sim.control.requestCounts();
  return Object.fromEntries(Object.entries(counts).filter(([key]) => key.startsWith("PUT ")));
}

const PUT_CLUSTER = "PUT /v1/kubernetes_clusters/:id";
const PUT_NODE = "PUT /v1/kubernetes_clusters/:id/nodes/:node_id";

describe("create: take charge of an existing cluster", () => {
  // The exact outputs, the read and what the delete puts back: the conformance row.
  it("sends the labels with its ownership label in one PUT, and one PUT per node it moves", async () => {
    const { inputs } = await adopted({
      labels: { env: "prod", owner: "me" },
      nodeGroups: { KnProd03: "NgSpare1" },
    });
    // The cluster holds exactly the declared labels and the ownership label.
    expect((await bed.sim.control.peek(CLUSTERS, "K8sProd1"))?.labels).toEqual({
      env: "prod",
      owner: "me",
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    });
    expect(await writes()).toEqual({ [PUT_CLUSTER]: 1, [PUT_NODE]: 1 });
  });

  it("changes nothing when the program names only the cluster, and a repeated create is the same", async () => {
    const first = await adopted();
    expect(first.outs).toMatchObject({
      labels: SEED_LABELS,
      nodeGroups: {},
      originalNodeGroups: {},
    });
    expect(first.outs).not.toHaveProperty("originalLabels");
    const again = await adopted();
    expect(again.outs).toEqual(first.outs);
    // The ownership label only (kubernetes-node-groups.test.ts).
    expect(await writes()).toEqual({ [PUT_CLUSTER]: 1 });
  });

  it("sends nothing for a node already in its group, but remembers it", async () => {
    const { outs } = await adopted({ labels: SEED_LABELS, nodeGroups: { KnProd04: "NgBare01" } });
    expect(outs).toMatchObject({
      originalLabels: SEED_LABELS,
      originalNodeGroups: { KnProd04: "NgBare01" },
      nodeGroups: { KnProd04: "NgBare01" },
    });
    // The ownership label only (kubernetes-node-groups.test.ts).
    expect(await writes()).toEqual({ [PUT_CLUSTER]: 1 });
  });

  it("fails clearly for a cluster that does not exist", async () => {
    const error = await failure(provider.create(clusterInputs({ clusterId: "Nope0001" })));
    expect(error.message).toBe(
      'clusterId: there is no Kubernetes cluster with id "Nope0001". The API cannot create ' +
        "clusters: order the cluster first, then name it here",
    );
  });

  it("refuses a node the cluster does not have before changing anything", async () => {
    const error = await failure(
      provider.create(clusterInputs({ labels: { a: "b" }, nodeGroups: { KnStag01: "NgSpare1" } })),
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toBe(
      `${PREFIX}: nodeGroups names KnStag01, which the cluster does not have ` +
        "(its nodes: KnProd01, KnProd02, KnProd03, KnProd04, KnProd05)",
    );
    expect(await writes()).toEqual({});
  });

  it("passes a rejected first change through as a plain error: nothing changed", async () => {
    const error = await failure(
      provider.create(clusterInputs({ nodeGroups: { KnProd03: "NgStag01" } })),
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain("422");
    expect(await groupOf(bed.sim, "KnProd03")).toBe("NgBare01");
  });

  it("records what it must put back when a later change is rejected (partial)", async () => {
    const error = await failure(
      provider.create(clusterInputs({ labels: { a: "b" }, nodeGroups: { KnProd03: "NgStag01" } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(partial.id).toBe("K8sProd1");
    expect(partial.message).toMatch(
      new RegExp(`^${escapeRegExp(PREFIX)} was adopted, but the create did not finish: .*422`),
    );
    expect(partial.properties).toMatchObject({
      __provider: PROVIDER_TEXT,
      originalLabels: SEED_LABELS,
      originalNodeGroups: { KnProd03: "NgBare01" },
    });
    // The next `pulumi destroy` puts the labels back from what was recorded.
    await provider.delete(partial.id, partial.properties);
    expect(await liveLabels()).toEqual(SEED_LABELS);
  });

  it("records the cluster as the applied changes left it, so a refresh finds no drift", async () => {
    const error = await failure(
      provider.create(clusterInputs({ labels: { a: "b" }, nodeGroups: { KnProd03: "NgStag01" } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(await liveLabels()).toEqual({ a: "b" });
    expect(partial.properties.labels).toEqual({ a: "b" });
    const read = await provider.read(partial.id, partial.properties);
    expect(read.props?.labels).toEqual(partial.properties.labels);
    expect(read.props?.nodeGroups).toEqual(partial.properties.nodeGroups);
    expect(read.props?.updatedAt).toEqual(partial.properties.updatedAt);
  });
});

describe("waiting until the cluster is active", () => {
  it("waits for a pending cluster after applying the changes", async () => {
    await bed.sim.control.patch(CLUSTERS, "K8sProd1", { status: "pending" });
    let sleeps = 0;
    afterSleep = async () => {
      sleeps += 1;
      if (sleeps === 5) await bed.sim.control.patch(CLUSTERS, "K8sProd1", { status: "active" });
    };
    const { outs } = await adopted({ labels: { a: "b" } });
    expect(outs).toMatchObject({ status: "active", labels: { a: "b" } });
    expect(bed.lines).toEqual([
      `${PREFIX}: pending`,
      expect.stringMatching(/: pending -> active after \d+s$/),
    ]);
  });

  it("records a partial resource when the wait times out, and the next update resumes it", async () => {
    await bed.sim.control.patch(CLUSTERS, "K8sProd1", { status: "pending" });
    const error = await failure(
      provider.create(clusterInputs({ labels: { a: "b" }, [TIMEOUTS_INPUT]: { create: 5_000 } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(partial.message).toContain("timed out after 5s");
    expect(partial.properties).toMatchObject({
      status: "pending",
      labels: { a: "b" },
      originalLabels: SEED_LABELS,
    });
    afterSleep = () => bed.sim.control.patch(CLUSTERS, "K8sProd1", { status: "active" }).then();
    const { outs } = await provider.update(
      partial.id,
      partial.properties,
      clusterInputs({ labels: { a: "b" } }),
    );
    expect(outs).toMatchObject({ status: "active", originalLabels: SEED_LABELS });
  });
});

describe("read and update", () => {
  it("reports no labels among the live inputs while it does not manage them", async () => {
    const { id, outs } = await adopted();
    const read = await provider.read(id, outs);
    expect(read.inputs).not.toHaveProperty("labels");
  });

  it("changes labels in place, removal of every label included; the originals stay remembered", async () => {
    const { inputs, id, outs } = await adopted({ labels: { env: "prod", owner: "me" } });
    const news = { ...inputs, labels: {} };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["labels"],
    });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: {}, originalLabels: SEED_LABELS });
    expect(await liveLabels()).toEqual({});
    expect(await provider.diff(id, updated as PropertyBag, news)).toMatchObject({
      changes: false,
    });
  });

  it("puts the original labels back when the program stops declaring labels", async () => {
    const { inputs, id, outs } = await adopted({ labels: { owner: "me" } });
    const { labels: _removed, ...news } = inputs;
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["labels"] });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: SEED_LABELS });
    expect(updated).not.toHaveProperty("originalLabels");
    expect(await liveLabels()).toEqual(SEED_LABELS);
    expect(await provider.diff(id, updated as PropertyBag, news)).toMatchObject({
      changes: false,
    });
  });

  it("starts managing labels: remembers them as they are, even when already as declared", async () => {
    const { inputs, id, outs } = await adopted();
    const news = { ...inputs, labels: SEED_LABELS };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["labels"] });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ originalLabels: SEED_LABELS });
    // The ownership label only (kubernetes-node-groups.test.ts).
    expect(await writes()).toEqual({ [PUT_CLUSTER]: 1 });
  });

  it("moves nodes in place: a new node is placed, a node no longer named goes back", async () => {
    const { inputs, id, outs } = await adopted({ nodeGroups: { KnProd03: "NgSpare1" } });
    const news = { ...inputs, nodeGroups: { KnProd04: "NgSpare1" } };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["nodeGroups"] });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      nodeGroups: { KnProd04: "NgSpare1" },
      originalNodeGroups: { KnProd04: "NgBare01" },
    });
    expect(await groupOf(bed.sim, "KnProd03")).toBe("NgBare01");
    expect(await groupOf(bed.sim, "KnProd04")).toBe("NgSpare1");
  });
});

describe("delete: the cluster keeps running with what it had before", () => {
  it("puts back the labels and node groups it changed, and nothing else", async () => {
    const { id, outs } = await adopted({
      labels: { owner: "me" },
      nodeGroups: { KnProd03: "NgSpare1", KnProd04: "NgBare01" },
    });
    // Someone moves a node the resource does not manage: it stays where they put it.
    await bed.client.kubernetesClusters.updateNode(id, "KnProd05", { node_group_id: "NgCloud1" });
    await bed.sim.control.clearRequestCounts();
    await provider.delete(id, outs);
    const cluster = await bed.sim.control.peek(CLUSTERS, id);
    expect(cluster).toMatchObject({ status: "active", labels: SEED_LABELS });
    expect(await groupOf(bed.sim, "KnProd03")).toBe("NgBare01");
    expect(await groupOf(bed.sim, "KnProd04")).toBe("NgBare01");
    expect(await groupOf(bed.sim, "KnProd05")).toBe("NgCloud1");
    expect(await writes()).toEqual({ [PUT_CLUSTER]: 1, [PUT_NODE]: 1 });
    expect(bed.lines).toEqual([
      `${PREFIX}: put back the labels it had before`,
      `${PREFIX}: moved node KnProd03 back to NgBare01`,
    ]);
  });

  it("leaves the labels alone when it never managed them", async () => {
    const { id, outs } = await adopted({ nodeGroups: { KnProd03: "NgSpare1" } });
    await bed.client.kubernetesClusters.update(id, { labels: { someone: "else" } });
    await provider.delete(id, outs);
    expect(await liveLabels()).toEqual({ someone: "else" });
    expect(await groupOf(bed.sim, "KnProd03")).toBe("NgBare01");
  });

  it("goes on past a node that left the cluster and a node group that no longer exists", async () => {
    const { id, outs } = await adopted({
      nodeGroups: { KnProd03: "NgSpare1", KnProd04: "NgSpare1" },
    });
    await bed.sim.control.remove(NODES, "KnProd03");
    const cluster = await bed.sim.control.peek(CLUSTERS, id);
    const groups = (cluster?._node_groups ?? []) as { id: string }[];
    const remaining = groups.filter((group) => group.id !== "NgBare01");
    await bed.sim.control.patch(CLUSTERS, id, { _node_groups: remaining });
    await provider.delete(id, outs);
    expect(await groupOf(bed.sim, "KnProd04")).toBe("NgSpare1");
    expect(bed.lines).toEqual([
      `${PREFIX}: node KnProd03 is no longer in the cluster: there is nothing to put back`,
      expect.stringMatching(
        new RegExp(
          `^${escapeRegExp(PREFIX)}: node KnProd04 cannot go back to node group NgBare01 \\(.*422.*\\): left where it is$`,
        ),
      ),
    ]);
  });

  it("is done when the cluster is gone", async () => {
    const { id, outs } = await adopted({ labels: { a: "b" } });
    await bed.sim.control.remove(CLUSTERS, id);
    await provider.delete(id, outs);
    expect(await bed.sim.control.peek(CLUSTERS, id)).toBeUndefined();
  });
});

describe("deletion outside Pulumi", () => {
  it("read answers {} and update says to refresh", async () => {
    const { inputs, id, outs } = await adopted();
    await bed.sim.control.remove(CLUSTERS, id);
    expect(await provider.read(id, outs)).toEqual({});
    const error = await failure(provider.update(id, outs, inputs));
    expect(error.message).toBe(
      `${PREFIX}: the Kubernetes cluster no longer exists. Run \`pulumi refresh\` to drop it from the state.`,
    );
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = clusterInputs({ labels: { env: "prod" }, nodeGroups: { KnProd03: "NgSpare1" } });

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
  });

  it.each([
    [{ clusterId: undefined }, "clusterId", "clusterId is required"],
    [{ clusterId: 7 }, "clusterId", "clusterId must be a non-empty string (got 7)"],
    [{ labels: "env=prod" }, "labels", "labels must be an object of string keys to string values"],
    [
      { labels: { env: "-bad" } },
      "labels",
      "labels.env: a value must start and end with a Latin letter or digit",
    ],
    [
      { nodeGroups: ["KnProd03"] },
      "nodeGroups",
      "nodeGroups must be an object of node ids to node group ids",
    ],
    [
      { nodeGroups: { KnProd03: "" } },
      "nodeGroups",
      'nodeGroups["KnProd03"] must be a node group id (got "")',
    ],
    [
      { nodeGroups: { KnProd03: 3 } },
      "nodeGroups",
      'nodeGroups["KnProd03"] must be a node group id (got 3)',
    ],
    [
      { nodeGroups: { "": "NgSpare1" } },
      "nodeGroups",
      "nodeGroups: a node id must be a non-empty string",
    ],
    [
      { __timeouts: { create: 0 } },
      "__timeouts",
      "create must be a positive number of milliseconds",
    ],
  ])("%o fails on %s: %s", async (change, property, reason) => {
    expect(await reasons({ ...valid, ...change })).toEqual([{ property, reason }]);
  });

  it("tolerates values unknown during preview", async () => {
    expect(
      await reasons({
        ...valid,
        clusterId: UNKNOWN,
        labels: { env: UNKNOWN },
        nodeGroups: { KnProd03: UNKNOWN },
      }),
    ).toEqual([]);
    expect(await reasons({ ...valid, nodeGroups: UNKNOWN })).toEqual([]);
  });

  it("diff treats unknowns as possible changes, replacing for clusterId", async () => {
    const outs = {
      clusterId: "K8sProd1",
      labels: { env: "prod" },
      originalLabels: SEED_LABELS,
      nodeGroups: { KnProd03: "NgSpare1" },
    };
    expect(await provider.diff("K8sProd1", outs, valid)).toMatchObject({ changes: false });
    expect(await provider.diff("K8sProd1", outs, { ...valid, clusterId: UNKNOWN })).toMatchObject({
      replaces: ["clusterId"],
    });
    expect(
      await provider.diff("K8sProd1", outs, {
        ...valid,
        labels: { env: UNKNOWN },
        nodeGroups: UNKNOWN,
      }),
    ).toMatchObject({ changes: true, replaces: [], updates: ["labels", "nodeGroups"] });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
