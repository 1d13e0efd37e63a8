// What a program declaring a DedicatedServer registers with the engine (pulumi.runtime.setMocks).
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { DedicatedServer } from "../../provider/index";
import { resourceKinds } from "../../provider/registry";
import { ORDER } from "./dedicated-server-support";
import { captureRegistrations, type Registered, resolved } from "./mocks";

let registered: Registered[];

beforeEach(async () => {
  registered = await captureRegistrations({ state: (inputs) => ({ ...inputs, status: "active" }) });
});

// The hardware of the suites' order, without its operating system (each test declares one).
const { operatingSystemId: _os, ...hardware } = ORDER;

describe("a program declaring a DedicatedServer", () => {
  it("registers the dynamic type token, the inputs and the hidden inputs", async () => {
    const server = new DedicatedServer(
      "pxe-1",
      {
        ...hardware,
        operatingSystemId: null,
        features: ["private_ipxe_boot"],
        ipxeConfig: "#!ipxe\ndhcp\n",
        labels: { env: "prod" },
        rebootTrigger: "2026-01",
      },
      { customTimeouts: { create: "8h" } },
    );
    await resolved(server.id);
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:DedicatedServer");
    expect(entry?.inputs).toMatchObject({
      ...hardware,
      // null survives registration: it means "no operating system" (iPXE Boot).
      operatingSystemId: null,
      features: ["private_ipxe_boot"],
      ipxeConfig: "#!ipxe\ndhcp\n",
      hostname: "pxe-1",
      labels: { env: "prod" },
      rebootTrigger: "2026-01",
      __ownerLabel: ownerLabelValue({
        project: "proj",
        stack: "dev",
        type: "pulumi-nodejs:dynamic/serverscom:DedicatedServer",
        name: "pxe-1",
        parent: "",
      }),
      __timeouts: { create: 8 * 3_600_000 },
    });
    expect(String(entry?.inputs.__provider)).toContain('kind: "DedicatedServer"');
    expect(await resolved(server.status)).toBe("active");
    expect(resourceKinds).toContain("DedicatedServer");
  });

  it("keeps a declared host name", async () => {
    const server = new DedicatedServer("web", {
      ...hardware,
      operatingSystemId: 301,
      hostname: "web-1.example.com",
    });
    await resolved(server.id);
    expect(registered[0]?.inputs.hostname).toBe("web-1.example.com");
    expect(registered[0]?.inputs).not.toHaveProperty("__timeouts");
  });
});
