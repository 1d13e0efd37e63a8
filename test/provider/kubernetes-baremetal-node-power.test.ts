// KubernetesBaremetalNodePower's provider implementation against the simulator, on virtual time.
// The seed's bare metal node hosts: BmNode01 on, BmNode02 off, BmNode03 not ready (pending).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import {
  closeTestBed,
  engineInputs,
  failureOf,
  PROVIDER_TEXT,
  resetTestBed,
  startTestBed,
  type TestBed,
} from "./support";

const HOSTS = "kubernetes_baremetal_nodes";
const POWER_ON = "POST /v1/hosts/kubernetes_baremetal_nodes/:id/power_on";

let bed: TestBed;
let provider: KindProvider;
const messages: string[] = [];

beforeAll(async () => {
  bed = await startTestBed();
  provider = createKindProvider(kubernetesBaremetalNodePowerKind, bed.context);
});

afterAll(() => closeTestBed(bed, messages));

beforeEach(() => resetTestBed(bed));

/** Inputs as the engine sends them for a resource named `name` in project/stack p/s. */
function powerInputs(nodeId: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("KubernetesBaremetalNodePower", `power-${nodeId}`, {
    nodeId,
    poweredOn: true,
    ...fields,
  });
}

const failure = (promise: Promise<unknown>) => failureOf(promise, messages);

async function powerStatus(nodeId: string): Promise<unknown> {
  return (await bed.sim.control.peek(HOSTS, nodeId))?.power_status;
}

async function powerOnCount(): Promise<number | undefined> {
  return (await bed.sim.control.requestCounts())[POWER_ON];
}

const prefix = (nodeId: string) => `serverscom:KubernetesBaremetalNodePower ${nodeId} (${nodeId})`;

describe("the lifecycle", () => {
  it("powers on a node that is off and waits for powered_on", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe("BmNode02");
    expect(outs).toEqual({
      nodeId: "BmNode02",
      poweredOn: true,
      powerStatus: "powered_on",
      title: "k8s-prod-bm-4",
      status: "active",
      operationalStatus: "normal",
      clusterId: "K8sProd1",
      clusterNodeId: "KnProd04",
      clusterNodeNumber: 4,
      locationId: 1,
      locationCode: "AMS1",
      __ownerLabel: inputs.__ownerLabel,
    });
    expect(await powerStatus("BmNode02")).toBe("powered_on");
    expect(await powerOnCount()).toBe(1);
    expect(bed.lines).toEqual([
      `${prefix("BmNode02")}: powering_on`,
      expect.stringMatching(/: powering_on -> powered_on after \d+s$/),
    ]);
    // Nothing is stamped on the node.
    expect((await bed.sim.control.peek(HOSTS, "BmNode02"))?.labels).toEqual({});
  });

  it("sends nothing for a node that is on already; a repeated create is the same", async () => {
    const first = await provider.create(powerInputs("BmNode01"));
    const again = await provider.create(powerInputs("BmNode01"));
    expect(again).toEqual(first);
    expect(first.outs).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
    expect(await powerOnCount()).toBeUndefined();
    expect(bed.lines).toEqual([]);
  });

  it("reads the live power status and input values, and diffs without changes", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    const read = await provider.read(id, outs);
    expect(read).toEqual({
      id,
      props: outs,
      inputs: { nodeId: "BmNode02", poweredOn: true, __ownerLabel: inputs.__ownerLabel },
    });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    // poweredOn omitted means true.
    const { poweredOn: _omitted, ...implicit } = inputs;
    expect(await provider.diff(id, outs, implicit)).toMatchObject({ changes: false });
  });

  it("replaces the resource for another node", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    expect(await provider.diff(id, outs, { ...inputs, nodeId: "BmNode01" })).toMatchObject({
      changes: true,
      replaces: ["nodeId"],
    });
  });

  it("delete leaves the node as it is, on, without a request", async () => {
    const { id, outs } = await provider.create(powerInputs("BmNode02"));
    await bed.sim.control.clearRequestCounts();
    bed.lines.length = 0;
    await provider.delete(id, outs);
    expect(await powerStatus("BmNode02")).toBe("powered_on");
    expect(await bed.sim.control.requestCounts()).toEqual({});
    expect(bed.lines).toEqual([]);
  });
});

describe("drift: a node powered off behind Pulumi's back", () => {
  it("shows as a change of poweredOn, and the next update powers it on again", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    await bed.sim.control.patch(HOSTS, id, { power_status: "powered_off" });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ poweredOn: false, powerStatus: "powered_off" });
    expect(read.inputs).toMatchObject({ poweredOn: false });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["poweredOn"],
    });
    bed.lines.length = 0;
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
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

describe("partial creation: the power-on was sent but the wait fails", () => {
  it("records the node with a partial error, and the next update resumes the wait", async () => {
    const error = await failure(
      provider.create(powerInputs("BmNode02", { [TIMEOUTS_INPUT]: { create: 5_000 } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(partial.id).toBe("BmNode02");
    expect(partial.properties).toMatchObject({
      __provider: PROVIDER_TEXT,
      poweredOn: false,
      powerStatus: "powering_on",
    });
    const { outs } = await provider.update(partial.id, partial.properties, powerInputs("BmNode02"));
    expect(outs).toMatchObject({ poweredOn: true, powerStatus: "powered_on" });
    expect(await powerOnCount()).toBe(1);
  });
});

describe("the node deleted outside Pulumi", () => {
  it("read answers {} and update says to refresh", async () => {
    const inputs = powerInputs("BmNode02");
    const { id, outs } = await provider.create(inputs);
    await bed.sim.control.remove(HOSTS, id);
    expect(await provider.read(id, outs)).toEqual({});
    const error = await failure(provider.update(id, outs, inputs));
    expect(error.message).toContain("no longer exists");
    expect(error.message).toContain("pulumi refresh");
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = powerInputs("BmNode02");

  async function reasons(news: PropertyBag) {
    const result = await provider.check({}, news);
    for (const failure of result.failures ?? []) messages.push(failure.reason);
    return result.failures ?? [];
  }

  it("accepts valid inputs, poweredOn omitted included", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    const { poweredOn: _omitted, ...implicit } = valid;
    expect(await reasons(implicit)).toEqual([]);
  });

  const offReason =
    "the resource keeps the node powered on. To stop doing so, delete the resource (the node stays as it is)";
  it.each([
    [{ nodeId: undefined }, "nodeId", "nodeId is required"],
    [{ nodeId: "" }, "nodeId", 'nodeId must be a non-empty string (got "")'],
    [{ poweredOn: false }, "poweredOn", `poweredOn must be true (got false): ${offReason}`],
    [{ poweredOn: "yes" }, "poweredOn", `poweredOn must be true (got "yes"): ${offReason}`],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ])("%o fails on %s: %s", async (change, property, reason) => {
    expect(await reasons({ ...valid, ...change })).toEqual([{ property, reason }]);
  });

  it("tolerates values unknown during preview; an unknown node may be another one", async () => {
    expect(await reasons({ ...valid, nodeId: UNKNOWN, poweredOn: UNKNOWN })).toEqual([]);
    const outs = { nodeId: "BmNode02", poweredOn: true };
    expect(await provider.diff("BmNode02", outs, { ...valid, nodeId: UNKNOWN })).toMatchObject({
      replaces: ["nodeId"],
    });
  });
});
