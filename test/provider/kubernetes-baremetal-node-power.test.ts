// KubernetesBaremetalNodePower's provider implementation against the simulator, on virtual time:
// what its conformance row (test/conformance/kinds/kubernetes-baremetal-node-power.ts: BmNode02
// powered on, read, replaced for another node, let go of, powered off outside Pulumi and on
// again, deleted outside Pulumi, partial create, lost power-on answer) does not assert: the
// requests, a node on already, a power operation under way, 409 and 412 answers, check. The
// seed's bare metal node hosts: BmNode01 on, BmNode02 off, BmNode03 not ready (pending).
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import { failsOnEach } from "./check-cases";
import { HOSTS, POWER_ON, prefix } from "./kubernetes-baremetal-node-power-support";
import { engineInputs, kindSuite } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(kubernetesBaremetalNodePowerKind);

/** Inputs as the engine sends them for a resource named `name` in project/stack p/s. */
function powerInputs(nodeId: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("KubernetesBaremetalNodePower", `power-${nodeId}`, {
    nodeId,
    poweredOn: true,
    ...fields,
  });
}

async function powerStatus(nodeId: string): Promise<unknown> {
  return (await bed.sim.control.peek(HOSTS, nodeId))?.power_status;
}

async function powerOnCount(): Promise<number | undefined> {
  return (await bed.sim.control.requestCounts())[POWER_ON];
}

describe("the lifecycle", () => {
  // The row powers BmNode02 on and asserts its outputs, progress lines and untouched labels.
  it("powers on a node that is off with one request", async () => {
    await provider.create(powerInputs("BmNode02"));
    expect(await powerOnCount()).toBe(1);
  });

  it("sends nothing for a node that is on already; a repeated create is the same", async () => {
    const first = await provider.create(powerInputs("BmNode01"));
    const again = await provider.create(powerInputs("BmNode01"));
    expect(again).toEqual(first);
    expect(first.outs).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
    expect(await powerOnCount()).toBeUndefined();
    expect(bed.lines).toEqual([]);
  });

  it("poweredOn omitted means true: no change", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    const { poweredOn: _omitted, ...implicit } = inputs;
    expect(await provider.diff(id, outs, implicit)).toMatchObject({ changes: false });
  });

  it("delete leaves the node as it is, on, without a request", async () => {
    const { id, outs } = await provider.create(powerInputs("BmNode02"));
    await bed.sim.control.clearRequestCounts();
    bed.lines.length = 0;
    await provider.delete(id, outs);
    expect(await powerStatus("BmNode02")).toBe("powered_on");
    expect(await bed.sim.control.requestCounts()).toEqual({});
  });
});

describe("drift: a node powered off behind Pulumi's back", () => {
  // The row asserts the drift's read, diff and fixed outputs.
  it("reads as powered_off, and the update says it powers the node on again", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    await bed.sim.control.patch(HOSTS, id, { power_status: "powered_off" });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ poweredOn: false, powerStatus: "powered_off" });
    bed.lines.length = 0;
    await provider.update(id, read.props as PropertyBag, inputs);
    expect(bed.lines).toEqual([
      `${prefix(id)}: powering_on`,
      expect.stringMatching(/: powering_on -> powered_on after/),
    ]);
  });

  it("update first lets a power operation under way finish, then powers on", async () => {
    const inputs = powerInputs("BmNode01");
    const { id, outs } = await provider.create(inputs);
    await bed.client.kubernetesBaremetalNodes.powerOff(id);
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ poweredOn: false, powerStatus: "powering_off" });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
    expect(bed.lines[0]).toBe(`${prefix(id)}: powering_off`);
    expect(bed.lines).toContainEqual(expect.stringMatching(/powering_off -> powered_off after/));
    expect(bed.lines).toContainEqual(expect.stringMatching(/powering_on -> powered_on after/));
  });
});

describe("another power operation in progress (409 CONFLICT)", () => {
  it("repeats the power-on with backoff until the API accepts it", async () => {
    await bed.client.kubernetesBaremetalNodes.powerOff("BmNode01");
    const { outs } = await provider.create(powerInputs("BmNode01"));
    expect(outs).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
    const busy = "busy (another power operation is in progress: 409 CONFLICT)";
    expect(bed.lines).toEqual([
      `serverscom:KubernetesBaremetalNodePower BmNode01: ${busy}`,
      expect.stringMatching(/: busy \(.*\) -> accepted after \d+s$/),
      `${prefix("BmNode01")}: powering_on`,
      expect.stringMatching(/: powering_on -> powered_on after \d+s$/),
    ]);
    // Only the accepted power-on changed anything; the refused ones were answered 409.
    expect(await powerOnCount()).toBeGreaterThan(1);
  });

  it("gives up at the timeout, naming the refusal, with nothing recorded", async () => {
    await bed.client.kubernetesBaremetalNodes.powerOff("BmNode01");
    const error = await failure(
      provider.create(powerInputs("BmNode01", { [TIMEOUTS_INPUT]: { create: 10_000 } })),
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toMatch(/^timed out after 10s \(timeout 10s\)/);
    expect(error.message).toContain(
      'the last state seen was "busy (another power operation is in progress: 409 CONFLICT)"',
    );
  });
});

describe("a node that cannot be powered on", () => {
  it("fails clearly when the host is not ready (412), changing nothing", async () => {
    const error = await failure(provider.create(powerInputs("BmNode03")));
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toMatch(
      /^the Kubernetes bare metal node BmNode03 is not ready to be powered on \(status pending, operational status provisioning\)\. Run `pulumi up` again once it is active and its operational status is normal\. The API answered: .*412 PRECONDITION_FAILED/,
    );
    expect(await powerStatus("BmNode03")).toBe("powered_off");
  });

  it("refuses an update the same way, keeping the old state (not a partial error)", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    await bed.sim.control.patch(HOSTS, id, {
      status: "pending",
      operational_status: "installation",
      power_status: "powered_off",
    });
    const error = await failure(provider.update(id, outs, inputs));
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toMatch(
      /^the Kubernetes bare metal node BmNode02 is not ready to be powered on \(status pending, operational status installation\)/,
    );
  });

  it("fails clearly when there is no such node", async () => {
    const error = await failure(provider.create(powerInputs("Nope0001")));
    expect(error.message).toBe(
      'nodeId: there is no Kubernetes bare metal node with id "Nope0001" ' +
        "(GET /hosts/kubernetes_baremetal_nodes lists them)",
    );
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = powerInputs("BmNode02");

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs, poweredOn omitted included", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    const { poweredOn: _omitted, ...implicit } = valid;
    expect(await reasons(implicit)).toEqual([]);
  });

  const offReason =
    "the resource keeps the node powered on. To stop doing so, delete the resource (the node stays as it is)";
  failsOnEach(reasons, valid, [
    [{ nodeId: undefined }, "nodeId", "nodeId is required"],
    [{ nodeId: "" }, "nodeId", 'nodeId must be a non-empty string (got "")'],
    [{ poweredOn: false }, "poweredOn", `poweredOn must be true (got false): ${offReason}`],
    [{ poweredOn: "yes" }, "poweredOn", `poweredOn must be true (got "yes"): ${offReason}`],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("tolerates values unknown during preview; an unknown node may be another one", async () => {
    expect(await reasons({ ...valid, nodeId: UNKNOWN, poweredOn: UNKNOWN })).toEqual([]);
    const outs = { nodeId: "BmNode02", poweredOn: true };
    expect(await provider.diff("BmNode02", outs, { ...valid, nodeId: UNKNOWN })).toMatchObject({
      replaces: ["nodeId"],
    });
  });
});
