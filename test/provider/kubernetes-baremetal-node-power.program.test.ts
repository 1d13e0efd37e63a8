// What a program declaring a KubernetesBaremetalNodePower registers with the engine
// (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { KubernetesBaremetalNodePower } from "../../provider/index";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, resolved } from "./mocks";

const registered = registrationsOfEachTest({ state: inputsAnd({ powerStatus: "powered_on" }) });

describe("a program declaring a KubernetesBaremetalNodePower", () => {
  it("registers the type token, the node id, poweredOn defaulted to true and the hidden inputs", async () => {
    const power = new KubernetesBaremetalNodePower(
      "bm-4",
      { nodeId: "BmNode02" },
      { customTimeouts: { create: "20m" } },
    );
    expect(await resolved(power.powerStatus)).toBe("powered_on");
    const entry = onlyRegistration(registered, "KubernetesBaremetalNodePower");
    expect(entry.additionalSecretOutputs).toEqual([]);
    expect(entry.inputs).toMatchObject({
      nodeId: "BmNode02",
      poweredOn: true,
      __ownerLabel: owner("KubernetesBaremetalNodePower", "bm-4"),
      __timeouts: { create: 20 * 60_000 },
    });
    expect(await resolved(power.poweredOn)).toBe(true);
  });

  it("takes the node id from another resource's output", async () => {
    const power = new KubernetesBaremetalNodePower("bm-4", {
      nodeId: pulumi.output({ refId: "BmNode02" }).apply((node) => node.refId),
    });
    expect(await resolved(power.nodeId)).toBe("BmNode02");
  });
});
