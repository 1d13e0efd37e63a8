// iPXE Boot through the DedicatedServer resource (api-spec.md, "iPXE Boot"): the three activation
// flows end to end against the simulator, and the restrictions only the service can see.
import { describe, expect, it } from "vitest";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import type { DedicatedServersApi } from "../../sdk/areas/dedicated-servers";
import {
  addSshKey,
  ipxeFields,
  OTHER_SCRIPT,
  requests,
  SCRIPT,
  SIN1,
  serverCount,
  serverInputs,
  storedFeatures,
  UBUNTU_22,
} from "./dedicated-server-support";
import { createdBy, kindSuite } from "./support";

const { bed, provider, failure } = kindSuite(dedicatedServerKind);

/** Created with a reinstallTrigger recorded: one the state never recorded confirms nothing. */
async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, serverInputs(name, { reinstallTrigger: "recorded", ...fields }));
}

/** Updates with the new fields, after checking that diff asks for an in-place update. */
/** Consent to a reinstall (reinstall-trigger.ts): the reinstall-based flow is one. */
const CONSENT = { reinstallTrigger: "2026-11-24" };

async function updated(
  server: { inputs: Record<string, unknown>; id: string; outs: Record<string, unknown> },
  fields: PropertyBag,
) {
  const news = { ...server.inputs, ...fields };
  expect(await provider.check(server.inputs, news)).toMatchObject({ failures: [] });
  expect(await provider.diff(server.id, server.outs, news)).toMatchObject({
    changes: true,
    replaces: [],
  });
  bed.lines.length = 0;
  const { outs } = await provider.update(server.id, server.outs, news);
  // Afterwards the live server matches the program.
  expect(await provider.diff(server.id, outs as PropertyBag, news)).toMatchObject({
    changes: false,
  });
  return { inputs: news, id: server.id, outs: outs as Record<string, unknown> };
}

/** The progress lines without the subject. */
function said(): string[] {
  return bed.lines.map((line) => line.replace(/^serverscom:DedicatedServer \S+ \(\w+\): /, ""));
}

const reboots = () => requests(bed, "POST /v1/hosts/dedicated_servers/:id/reboot");

describe("order-based flow: ordered without an operating system, with the feature and the script", () => {
  it.each(["private_ipxe_boot", "public_ipxe_boot"])(
    "orders with %s and waits until the feature is activated",
    async (feature) => {
      const key = await addSshKey(bed, "alice");
      const { id, outs } = await created("pxe-1", {
        ...ipxeFields(feature),
        sshKeyFingerprints: [key],
        userData: "#cloud-config\n",
      });
      expect(outs).toMatchObject({
        status: "active",
        operationalStatus: "normal",
        operatingSystemId: null,
        operatingSystemFullName: null,
        features: [feature],
        ipxeBootFeature: feature,
        ipxeConfig: SCRIPT,
        sshKeyFingerprints: [key],
      });
      expect((outs.featureStatuses as Record<string, string>)[feature]).toBe("activated");
      const stored = await bed.sim.control.peek("dedicated_servers", id);
      expect(stored?._ipxe_config).toBe(SCRIPT);
      expect(await requests(bed, "POST /v1/hosts/dedicated_servers")).toBe(1);
      // The order activates the feature itself: no separate activation.
      expect(
        await requests(bed, "POST /v1/hosts/dedicated_servers/:id/features/:name/activate"),
      ).toBe(0);
    },
  );

  it("refuses, before ordering, iPXE Boot in a location that does not offer it", async () => {
    const error = await failure(
      provider.create(serverInputs("pxe-1", { locationId: SIN1, ...ipxeFields() })),
    );
    expect(error.message).toBe(
      "features: private_ipxe_boot is not available in location SIN1 (id 3; it offers: " +
        "no_public_network, host_rescue_mode, oob_public_access)",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await serverCount(bed)).toBe(0);
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers")).toBe(0);
  });
});

describe("reinstall-based flow: a server with an operating system switches to iPXE Boot", () => {
  it("activates the feature, then reinstalls without an operating system with the script", async () => {
    const server = await created("pxe-1");
    const after = await updated(server, { ...ipxeFields("public_ipxe_boot"), ...CONSENT });
    expect(after.outs).toMatchObject({
      operatingSystemId: null,
      features: ["public_ipxe_boot"],
      ipxeBootFeature: "public_ipxe_boot",
      ipxeConfig: SCRIPT,
      operationalStatus: "normal",
    });
    expect(said()).toEqual([
      "public_ipxe_boot activation",
      expect.stringMatching(
        /^public_ipxe_boot activation -> public_ipxe_boot activated after 1m \d+s$/,
      ),
      "reinstalling with no operating system: iPXE Boot",
      "active/installation/powered_on",
      expect.stringMatching(
        /^active\/installation\/powered_on -> active\/normal\/powered_on after/,
      ),
    ]);
    const stored = await bed.sim.control.peek("dedicated_servers", server.id);
    expect(stored?._ipxe_config).toBe(SCRIPT);
    expect(await requests(bed, "PUT /v1/hosts/dedicated_servers/:id")).toBe(0);
    // The reinstall boots the script: no reboot asked for.
    expect(await reboots()).toBe(0);
  });

  it("goes back to an operating system: deactivates iPXE Boot first, then reinstalls", async () => {
    const server = await created("pxe-1", ipxeFields());
    const after = await updated(server, {
      operatingSystemId: UBUNTU_22,
      features: [],
      ipxeConfig: undefined,
      ...CONSENT,
    });
    expect(after.outs).toMatchObject({
      operatingSystemId: UBUNTU_22,
      features: [],
      ipxeBootFeature: null,
    });
    expect(said()).toEqual([
      "private_ipxe_boot deactivation",
      expect.stringMatching(
        /^private_ipxe_boot deactivation -> private_ipxe_boot deactivated after/,
      ),
      `reinstalling with operating system ${UBUNTU_22}`,
      "active/installation/powered_on",
      expect.stringMatching(/-> active\/normal\/powered_on after/),
    ]);
  });

  it("refuses, before changing anything, a location that does not offer iPXE Boot", async () => {
    const server = await created("pxe-1", { locationId: SIN1 });
    await bed.sim.control.clearRequestCounts();
    const error = await failure(
      provider.update(server.id, server.outs, { ...server.inputs, ...ipxeFields(), ...CONSENT }),
    );
    expect(error.message).toBe(
      "features: private_ipxe_boot is not available in location SIN1 (id 3; it offers: " +
        "no_public_network, host_rescue_mode, oob_public_access)",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    const counts = await bed.sim.control.requestCounts();
    expect(Object.keys(counts).filter((route) => !route.startsWith("GET"))).toEqual([]);
  });
});

describe("standalone flow: a server in iPXE Boot mode changes its script or feature", () => {
  it("deactivates the feature, PUTs the script, activates it, and says a reboot is needed", async () => {
    const server = await created("pxe-1", ipxeFields());
    const after = await updated(server, { ipxeConfig: OTHER_SCRIPT });
    expect(after.outs).toMatchObject({
      ipxeConfig: OTHER_SCRIPT,
      ipxeBootFeature: "private_ipxe_boot",
      operatingSystemId: null,
    });
    expect(said()).toEqual([
      "private_ipxe_boot deactivation",
      expect.stringMatching(/^private_ipxe_boot deactivation -> private_ipxe_boot deactivated/),
      "private_ipxe_boot activation",
      expect.stringMatching(/^private_ipxe_boot activation -> private_ipxe_boot activated/),
      "the new iPXE Boot script applies at the next boot: reboot the server for it to take " +
        "effect (or set rebootOnIpxeChange: true to let Pulumi reboot it)",
    ]);
    expect(await requests(bed, "PUT /v1/hosts/dedicated_servers/:id")).toBe(1);
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers/:id/reinstall")).toBe(0);
    expect(await reboots()).toBe(0);
    expect((await bed.sim.control.peek("dedicated_servers", server.id))?._ipxe_config).toBe(
      OTHER_SCRIPT,
    );
  });

  it("reboots the server itself with rebootOnIpxeChange, once even when rebootTrigger changes too", async () => {
    const server = await created("pxe-1", { ...ipxeFields(), rebootOnIpxeChange: true });
    const after = await updated(server, { ipxeConfig: OTHER_SCRIPT, rebootTrigger: "now" });
    expect(after.outs).toMatchObject({ ipxeConfig: OTHER_SCRIPT, powerStatus: "powered_on" });
    expect(await reboots()).toBe(1);
    expect(said().slice(-3)).toEqual([
      "rebooting (rebootTrigger changed)",
      "active/normal/power_cycling",
      expect.stringMatching(/^active\/normal\/power_cycling -> active\/normal\/powered_on after/),
    ]);
    // rebootOnIpxeChange is an instruction, never a difference by itself.
    expect(
      await provider.diff(server.id, after.outs, { ...after.inputs, rebootOnIpxeChange: false }),
    ).toMatchObject({ changes: false });
    // Alone, it reboots for the script.
    const again = await updated(after, { ipxeConfig: SCRIPT });
    expect(again.outs.ipxeConfig).toBe(SCRIPT);
    expect(said()).toContain("rebooting (rebootOnIpxeChange: the new iPXE script applies at boot)");
    expect(await reboots()).toBe(2);
  });

  it("switches private to public iPXE Boot: the active one leaves before the other comes", async () => {
    const server = await created("pxe-1", ipxeFields("private_ipxe_boot"));
    const after = await updated(server, { features: ["public_ipxe_boot"] });
    expect(after.outs).toMatchObject({
      features: ["public_ipxe_boot"],
      ipxeBootFeature: "public_ipxe_boot",
      ipxeConfig: SCRIPT,
    });
    expect(said()).toEqual([
      "private_ipxe_boot deactivation",
      expect.stringMatching(/-> private_ipxe_boot deactivated after/),
      "public_ipxe_boot activation",
      expect.stringMatching(/-> public_ipxe_boot activated after/),
      expect.stringMatching(/^the new iPXE Boot script applies at the next boot/),
    ]);
    // The script did not change: no PUT.
    expect(await requests(bed, "PUT /v1/hosts/dedicated_servers/:id")).toBe(0);
    expect(await storedFeatures(bed, server.id)).toMatchObject({
      private_ipxe_boot: "deactivated",
      public_ipxe_boot: "activated",
    });
  });

  it("turns iPXE Boot on for a server ordered without an operating system", async () => {
    const server = await created("bare-1", { operatingSystemId: null });
    expect(server.outs).toMatchObject({ operatingSystemId: null, ipxeConfig: null, features: [] });
    const after = await updated(server, { ...ipxeFields("public_ipxe_boot"), ...CONSENT });
    expect(after.outs).toMatchObject({ ipxeBootFeature: "public_ipxe_boot", ipxeConfig: SCRIPT });
    // Nothing was active: no deactivation, the script first, then the feature.
    expect(said()[0]).toBe("public_ipxe_boot activation");
    expect(await requests(bed, "PUT /v1/hosts/dedicated_servers/:id")).toBe(1);
    expect(
      await requests(bed, "POST /v1/hosts/dedicated_servers/:id/features/:name/deactivate"),
    ).toBe(0);
  });
});

describe("restrictions the service reports (the server's state)", () => {
  /** Runs `before` with the server id right before the provider's activation request. */
  /**
   * Someone else acts on the server between the provider's read and its activation request:
   * `before` runs (with the real activation at hand) right before that request.
   */
  async function raceActivation(
    before: (id: string, activate: DedicatedServersApi["activateFeature"]) => Promise<unknown>,
    run: () => Promise<unknown>,
  ) {
    const api = bed.client.dedicatedServers;
    const original = api.activateFeature;
    const activate: DedicatedServersApi["activateFeature"] = (...args) => original.apply(api, args);
    api.activateFeature = async (id, name, body, options) => {
      api.activateFeature = original;
      await before(id, activate);
      return activate(id, name, body, options);
    };
    try {
      return await failure(run());
    } finally {
      api.activateFeature = original;
    }
  }

  it("3: unavailable while a reinstall is in progress (started by someone else meanwhile)", async () => {
    const server = await created("pxe-1");
    const error = await raceActivation(
      (id) =>
        bed.client.dedicatedServers.reinstall(id, {
          hostname: "pxe-1",
          operating_system_id: UBUNTU_22,
        }),
      () =>
        provider.update(server.id, server.outs, {
          ...server.inputs,
          ...ipxeFields(),
          ...CONSENT,
        }),
    );
    expect(error.message).toMatch(
      /^features: the service refused to activate private_ipxe_boot \(iPXE Boot is unavailable while a creation or reinstall is in progress, and incompatible with L2 segments, the firewall and rescue mode: restrictions 3 and 5\): POST \/v1\/hosts\/dedicated_servers\/\w+\/features\/private_ipxe_boot\/activate -> 409 INCOMPATIBLE_FEATURE_STATE: private_ipxe_boot is unavailable while a creation or reinstall is in progress/,
    );
    // A refusal: the state keeps the old outputs, and nothing was recorded as done.
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });

  it.each([
    ["an L2 segment", { _l2_segment_ids: ["seg1"] }, "incompatible with L2 segments"],
    ["the firewall", { _firewall: true }, "incompatible with the firewall"],
  ])("5: incompatible with %s", async (_what, patch, reason) => {
    const server = await created("pxe-1", { operatingSystemId: null });
    await bed.sim.control.patch("dedicated_servers", server.id, patch);
    const error = await failure(
      provider.update(server.id, server.outs, { ...server.inputs, ...ipxeFields() }),
    );
    expect(error.message).toContain("features: the service refused to activate private_ipxe_boot");
    expect(error.message).toContain(
      `409 INCOMPATIBLE_FEATURE_STATE: private_ipxe_boot is ${reason}`,
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });

  it.each([
    ["private_ipxe_boot", "no_private_ip", "6"],
    ["public_ipxe_boot", "no_public_network", "7"],
    ["public_ipxe_boot", "no_public_ip_address", "7"],
  ])("%s with %s turned on meanwhile (restriction %s)", async (feature, other) => {
    const server = await created("pxe-1", { operatingSystemId: null });
    const error = await raceActivation(
      async (id, activate) => {
        if (other !== undefined) await activate(id, other);
      },
      () => provider.update(server.id, server.outs, { ...server.inputs, ...ipxeFields(feature) }),
    );
    expect(error.message).toContain(
      `409 INCOMPATIBLE_FEATURE_STATE: ${feature} is incompatible with the ${other} feature`,
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });

  it("a failed step resumes from the live server on the next up", async () => {
    const server = await created("pxe-1", { operatingSystemId: null });
    await bed.sim.control.patch("dedicated_servers", server.id, { _firewall: true });
    const news = { ...server.inputs, ...ipxeFields() };
    await failure(provider.update(server.id, server.outs, news));
    // The script went in before the refused activation; the firewall goes away.
    await bed.sim.control.patch("dedicated_servers", server.id, { _firewall: false });
    bed.lines.length = 0;
    const { outs } = await provider.update(server.id, server.outs, news);
    expect(outs).toMatchObject({ ipxeBootFeature: "private_ipxe_boot", ipxeConfig: SCRIPT });
    expect(said()[0]).toBe("private_ipxe_boot activation");
  });
});
