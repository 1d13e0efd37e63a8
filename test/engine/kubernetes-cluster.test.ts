// KubernetesCluster through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy`. The API cannot create or delete clusters: the resource takes charge of a seeded one,
// and letting go puts back what it changed. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { withoutOwnerLabel } from "../../provider/framework/ownership";
import type { Simulator } from "../../simulator";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

/** The simulator's seed (simulator/seed/kubernetes.ts). */
const PROD = "K8sProd1";
const STAGING = "K8sStag1";
const SEED_LABELS = { env: "prod", team: "platform" };

const cluster =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.KubernetesCluster(
      "k8s",
      {
        clusterId: PROD,
        labels: { ...SEED_LABELS, "managed-by": "pulumi" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({ kind: "KubernetesCluster", name: "k8s" });

const staging = cluster({ clusterId: STAGING, labels: { env: "staging", "managed-by": "pulumi" } });
/** The cluster's labels but the ownership label (test/engine/kubernetes-node-groups.test.ts). */
const labelsOf = async (sim: Simulator, id: string) =>
  withoutOwnerLabel(
    (await sim.control.peek("kubernetes_clusters", id))?.labels as Record<string, string>,
  );

describe("a KubernetesCluster through the engine's steps", () => {
  s.up(cluster(), async (resource, sim) => {
    expect(resource.id).toBe(PROD);
    expect(resource.outputs).toMatchObject({
      status: "active",
      labels: { ...SEED_LABELS, "managed-by": "pulumi" },
      originalLabels: SEED_LABELS,
    });
    expect(await labelsOf(sim, PROD)).toEqual({ ...SEED_LABELS, "managed-by": "pulumi" });
  });
  s.noChange(cluster());
  s.replacements({
    program: (opts) => cluster({}, opts),
    newObject: false,
    refused: "deleteBeforeReplace: false cannot be honoured",
  });
  s.noChangeAfterRebuild(cluster());
  // Labels and a node moved to another group, in place.
  s.inPlace(cluster({ nodeGroups: { KnProd02: "NgSpare1" } }), (resource) => {
    expect(resource.outputs).toMatchObject({
      nodeGroups: { KnProd02: "NgSpare1" },
      originalNodeGroups: { KnProd02: "NgCloud1" },
    });
  });
  // Another cluster: the first one gets its labels and node groups back.
  s.replace(staging, async (resource, sim) => {
    expect(resource.id).toBe(STAGING);
    expect(await labelsOf(sim, PROD)).toEqual(SEED_LABELS);
    const node = await sim.control.peek("kubernetes_nodes", "KnProd02");
    expect(node?.node_group).toMatchObject({ id: "NgCloud1" });
  });
  s.drift(
    staging,
    async (resource, sim) => {
      await sim.control.patch("kubernetes_clusters", resource.id, {
        labels: { env: "changed-by-hand" },
      });
    },
    (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  );
  // A cluster cannot be created through the API: the seed stands in for ordering it again.
  s.deletedOutside(
    staging,
    async (resource, sim) => {
      await sim.control.remove("kubernetes_clusters", resource.id);
    },
    (sim) => sim.control.reset(),
  );
  // Destroy lets go: the cluster keeps running, with the labels it had before.
  s.destroy(async (sim, last) => {
    expect(await labelsOf(sim, last.id)).toEqual({ env: "staging" });
  });
  // A 500 on the labels' PUT: the cluster was taken in charge, so the engine records it with an
  // init error, and the next up updates it, putting the labels.
  s.failedCreate({
    failing: cluster(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "PUT",
          path: "/v1/kubernetes_clusters/*",
          times: 1,
        },
      ],
    },
    partial: true,
    resume: cluster(),
  });
});
