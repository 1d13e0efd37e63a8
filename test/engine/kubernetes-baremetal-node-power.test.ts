// KubernetesBaremetalNodePower through the real provider host, driven like `pulumi up` /
// `refresh` / `destroy`: it keeps a seeded bare metal node host powered on. Needs a current
// dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import { Checker } from "../../provider/framework/check";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

/** The simulator's seed (simulator/seed/kubernetes.ts): a host that is off, one that is on. */
const POWERED_OFF = "BmNode02";
const POWERED_ON = "BmNode01";
const HOSTS = "kubernetes_baremetal_nodes";

const power =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.KubernetesBaremetalNodePower("bm", { nodeId: POWERED_OFF, ...args }, opts);
  };

const s = engineScenario({
  kind: "KubernetesBaremetalNodePower",
  name: "bm",
  // Powering on takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { k8s_node_power: 600_000 } },
});

const other = power({ nodeId: POWERED_ON });

describe("a KubernetesBaremetalNodePower through the engine's steps", () => {
  s.up(power(), async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ nodeId: POWERED_OFF, powerStatus: "powered_on" });
    expect((await sim.control.peek(HOSTS, POWERED_OFF))?.power_status).toBe("powered_on");
  });
  s.noChange(power());
  s.replacements({
    program: (opts) => power({}, opts),
    newObject: false,
  });
  s.noChangeAfterRebuild(power());
  s.notApplicable(
    "an in-place change",
    "poweredOn accepts only true; the in-place update is the drift scenario's, switching on again",
    () => {
      const inPlace = Object.entries(kubernetesBaremetalNodePowerKind.properties)
        .filter(([, property]) => property.rule === "update")
        .map(([name]) => name);
      expect(inPlace).toEqual(["poweredOn"]);
      const checker = new Checker({ nodeId: POWERED_ON, poweredOn: false }, {});
      kubernetesBaremetalNodePowerKind.check(checker);
      expect(checker.failures.map((failure) => failure.property)).toEqual(["poweredOn"]);
    },
  );
  s.replace(other, (resource) => {
    expect(resource.outputs).toMatchObject({ nodeId: POWERED_ON, powerStatus: "powered_on" });
  });
  // Switched off behind Pulumi's back: refresh shows it, the next up switches it on again.
  s.drift(
    other,
    async (resource, sim) => {
      await sim.control.patch(HOSTS, String(resource.outputs.nodeId), {
        power_status: "powered_off",
      });
    },
    (resource) => {
      expect(resource.outputs.powerStatus).toBe("powered_off");
    },
  );
  // A node host cannot be created through the API: the seed stands in for its return.
  s.deletedOutside(
    other,
    async (resource, sim) => {
      await sim.control.remove(HOSTS, String(resource.outputs.nodeId));
    },
    (sim) => sim.control.reset(),
  );
  // Destroy sends nothing: the node stays on.
  s.destroy(async (sim, last) => {
    expect((await sim.control.peek(HOSTS, String(last.outputs.nodeId)))?.power_status).toBe(
      "powered_on",
    );
  });
  s.failedCreate({
    failing: power({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: power(),
  });
});
