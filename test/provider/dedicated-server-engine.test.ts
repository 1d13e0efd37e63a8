// DedicatedServer through the real provider host (test/engine's harness), driven like `pulumi up`,
// `refresh` and `destroy`: the order-based iPXE Boot flow with operatingSystemId null crossing the
// gRPC boundary, a standalone script change, and the release on destroy.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DedicatedServerArgs } from "../../provider/index";
import { type Simulator, startSimulator } from "../../simulator";
import { type EngineHarness, type Program, requireDist, simulatorHarness } from "../engine/harness";
import { ORDER, OTHER_SCRIPT, SCRIPT } from "./dedicated-server-support";

const TYPE = "pulumi-nodejs:dynamic/serverscom:DedicatedServer";

let sim: Simulator;
let harness: EngineHarness;

beforeAll(async () => {
  requireDist();
  // A 20-minute install takes 400 ms of real time.
  sim = await startSimulator({ speed: 3000 });
  harness = simulatorHarness(sim);
});

afterAll(async () => {
  await sim.close();
});

const server =
  (args: Record<string, unknown>): Program =>
  (serverscom) => {
    new serverscom.DedicatedServer("pxe-1", {
      ...ORDER,
      ...args,
    } as unknown as DedicatedServerArgs);
  };

const ipxe = { operatingSystemId: null, features: ["private_ipxe_boot"], ipxeConfig: SCRIPT };

function stored() {
  const resource = harness.resource(TYPE, "pxe-1");
  if (resource === undefined) throw new Error("no DedicatedServer pxe-1 in the state");
  return resource;
}

describe("a DedicatedServer through the engine's steps", () => {
  it("up orders an iPXE Boot server: null reaches the provider as no operating system", async () => {
    const steps = await harness.up(server(ipxe));
    expect(steps.map((s) => s.op)).toEqual(["create"]);
    expect(stored().inputs.operatingSystemId).toBeNull();
    expect(stored().outputs).toMatchObject({
      status: "active",
      operatingSystemId: null,
      ipxeBootFeature: "private_ipxe_boot",
      ipxeConfig: SCRIPT,
      hostname: "pxe-1",
    });
    const [record] = await sim.control.records("dedicated_servers");
    expect(record?.configuration_details).toMatchObject({ operating_system_id: null });
    expect(harness.stderr).toContainEqual(
      expect.stringMatching(
        /^serverscom:DedicatedServer pxe-1 \(\w+\): .* -> active\/normal\/powered_on after/,
      ),
    );
  });

  it("a second up and a refresh find nothing to do", async () => {
    expect((await harness.up(server(ipxe))).map((s) => s.op)).toEqual(["same"]);
    expect((await harness.refresh()).map((s) => s.op)).toEqual(["same"]);
  });

  it("a new script is an in-place update that says a reboot is needed", async () => {
    const id = stored().id;
    const steps = await harness.up(server({ ...ipxe, ipxeConfig: OTHER_SCRIPT }));
    expect(steps.map((s) => s.op)).toEqual(["update"]);
    expect(stored()).toMatchObject({ id, outputs: { ipxeConfig: OTHER_SCRIPT } });
    expect(harness.stderr).toContainEqual(
      `serverscom:DedicatedServer pxe-1 (${id}): the new iPXE Boot script applies at the next ` +
        "boot: reboot the server for it to take effect (or set rebootOnIpxeChange: true to let " +
        "Pulumi reboot it)",
    );
  });

  it("destroy schedules the release and empties the state", async () => {
    const id = stored().id;
    expect((await harness.destroy()).map((s) => s.op)).toEqual(["delete"]);
    expect(harness.state.size).toBe(0);
    const record = await sim.control.peek("dedicated_servers", id);
    expect(typeof record?.scheduled_release_at).toBe("string");
  });

  it("no token in the state or the provider's output", () => {
    for (const text of [harness.stateText(), ...harness.stderr]) {
      expect(text).not.toContain(sim.token);
    }
  });
});
