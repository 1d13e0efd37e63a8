// DedicatedServer's check (every rule, each failure naming the property and the rule, the iPXE
// Boot restrictions the declaration shows) and diff (unknowns, write-only values). Local: no API.
import { describe, expect, it } from "vitest";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { planBoot } from "../../provider/dedicated-server/plan";
import type { PropertyBag } from "../../provider/framework/check";
import type { ProviderContext } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { failsOnEach } from "./check-cases";
import { ipxeFields, ORDER, SCRIPT, serverInputs, UBUNTU_22 } from "./dedicated-server-support";

// check and diff never reach the API: a context without a client proves it.
const context: ProviderContext = {
  client: () => {
    throw new Error("check and diff must not call the API");
  },
  progress: () => {},
  waitTuning: () => ({}),
};
const provider = createKindProvider(dedicatedServerKind, context);
const valid = serverInputs("web-1");

async function reasons(news: PropertyBag, olds: PropertyBag = {}) {
  return (await provider.check(olds, news)).failures ?? [];
}

describe("check: every rule is a failure naming the property", () => {
  it("accepts valid inputs (an OS order, an iPXE order, a bare server) and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await reasons(serverInputs("pxe-1", ipxeFields("public_ipxe_boot")))).toEqual([]);
    expect(await reasons(serverInputs("bare-1", { operatingSystemId: null }))).toEqual([]);
    expect(
      await reasons(
        serverInputs("web-1", {
          uplinkModels: { private: { id: 401 } },
          drives: { slots: [{ position: 0, driveModelId: 201 }] },
          features: ["no_public_network"],
          ipv6: true,
          sshKeyFingerprints: ["aa:bb"],
          userData: "#cloud-config\n",
          labels: { env: "prod" },
          rebootOnIpxeChange: true,
          rebootTrigger: "",
        }),
      ),
    ).toEqual([]);
  });

  failsOnEach(reasons, valid, [
    [{ locationId: undefined }, "locationId", "locationId is required"],
    [{ serverModelId: "101" }, "serverModelId", 'serverModelId must be a whole number (got "101")'],
    [{ ramSize: 0 }, "ramSize", "ramSize must be at least 1 GB (got 0 GB)"],
    [
      { uplinkModels: undefined },
      "uplinkModels",
      "uplinkModels is required: { private: { id }, public?: { id, bandwidthModelId } }",
    ],
    [
      { uplinkModels: { public: { id: 403, bandwidthModelId: 501 } } },
      "uplinkModels",
      "uplinkModels.private is required: { id }",
    ],
    [
      { uplinkModels: { private: { id: 1.5 } } },
      "uplinkModels",
      "uplinkModels.private.id must be a whole number, at least 1 (got 1.5)",
    ],
    [
      { uplinkModels: { private: { id: 401 }, public: { id: 403 } } },
      "uplinkModels",
      "uplinkModels.public.bandwidthModelId must be a whole number, at least 1 (got undefined)",
    ],
    [
      { drives: undefined },
      "drives",
      "drives is required: { slots: [{ position, driveModelId }], layout?: [{ slotPositions, ignore? }] }",
    ],
    [
      { drives: { slots: [] } },
      "drives",
      "drives.slots must list at least one { position, driveModelId }",
    ],
    [
      { drives: { slots: [{ position: -1, driveModelId: 201 }] } },
      "drives",
      "drives.slots[0].position must be a whole number, at least 0 (got -1)",
    ],
    [
      {
        drives: {
          slots: [
            { position: 0, driveModelId: 201 },
            { position: 0, driveModelId: 201 },
          ],
        },
      },
      "drives",
      "drives.slots[1].position: slot 0 is listed twice",
    ],
    [
      {
        drives: {
          slots: [{ position: 0, driveModelId: 201 }],
          layout: [{ slotPositions: [0, 1] }],
        },
      },
      "drives",
      "drives.layout[0].slotPositions: 1 is not the position of a slot in drives.slots",
    ],
    [
      {
        drives: {
          slots: [{ position: 0, driveModelId: 201 }],
          layout: [{ slotPositions: [0] }, { slotPositions: [0] }],
        },
      },
      "drives",
      "drives.layout[1].slotPositions: slot 0 is already in another layout",
    ],
    [
      {
        drives: {
          slots: [{ position: 0, driveModelId: 201 }],
          layout: [{ slotPositions: [0], ignore: "no" }],
        },
      },
      "drives",
      'drives.layout[0].ignore must be a boolean (got "no")',
    ],
    [
      { operatingSystemId: undefined },
      "operatingSystemId",
      "operatingSystemId is required: the id of an operating system offered for the server model " +
        "in the location, or null for no operating system (iPXE Boot)",
    ],
    [
      { operatingSystemId: "ubuntu" },
      "operatingSystemId",
      'operatingSystemId must be a whole number or null (got "ubuntu")',
    ],
    [
      { features: "private_ipxe_boot" },
      "features",
      'features must be an array of feature names (got "private_ipxe_boot")',
    ],
    [
      { features: ["Private iPXE"] },
      "features",
      'features: "Private iPXE" is not a feature name such as private_ipxe_boot',
    ],
    [
      { features: ["oob_public_access", "oob_public_access"] },
      "features",
      "features: oob_public_access is listed twice",
    ],
    [{ ipv6: "yes" }, "ipv6", 'ipv6 must be a boolean (got "yes")'],
    [{ hostname: "" }, "hostname", 'hostname must be a non-empty string (got "")'],
    [
      { hostname: "web_1" },
      "hostname",
      "hostname must be a valid host name: letters, digits and inner dashes, dot-separated parts of " +
        'at most 63 characters, 253 in all (got "web_1"). It defaults to the resource name: set ' +
        "hostname when the name is not one",
    ],
    [
      { sshKeyFingerprints: "aa:bb" },
      "sshKeyFingerprints",
      'sshKeyFingerprints must be an array of strings (got "aa:bb")',
    ],
    [
      { sshKeyFingerprints: ["aa:bb", "aa:bb"] },
      "sshKeyFingerprints",
      "sshKeyFingerprints: aa:bb is listed twice",
    ],
    [
      { sshKeyFingerprints: [""] },
      "sshKeyFingerprints",
      'sshKeyFingerprints: "" is not a non-empty string',
    ],
    [{ userData: 42 }, "userData", "userData must be a string (got a number; a secret, not shown)"],
    [
      { labels: { "servers.com/x": "1" } },
      "labels",
      'labels["servers.com/x"]: the prefix servers.com and its subdomains are reserved for the service',
    ],
    [
      { rebootOnIpxeChange: "true" },
      "rebootOnIpxeChange",
      'rebootOnIpxeChange must be a boolean (got "true")',
    ],
    [
      { rebootTrigger: 3 },
      "rebootTrigger",
      "rebootTrigger must be a string (got 3): any text; changing it reboots the server",
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("tolerates values unknown during preview, at any depth", async () => {
    expect(
      await reasons({
        ...valid,
        locationId: UNKNOWN,
        uplinkModels: { private: { id: UNKNOWN } },
        drives: {
          slots: [{ position: 0, driveModelId: UNKNOWN }],
          layout: [{ slotPositions: [UNKNOWN] }],
        },
        operatingSystemId: UNKNOWN,
        features: UNKNOWN,
        ipxeConfig: UNKNOWN,
        sshKeyFingerprints: [UNKNOWN],
        labels: { env: UNKNOWN },
        rebootTrigger: UNKNOWN,
      }),
    ).toEqual([]);
    // An unknown script with a known iPXE feature is fine; the rules that can be judged are.
    expect(await reasons(serverInputs("pxe-1", { ...ipxeFields(), ipxeConfig: UNKNOWN }))).toEqual(
      [],
    );
    expect(
      await reasons(
        serverInputs("pxe-1", { ...ipxeFields(), features: ["private_ipxe_boot", UNKNOWN] }),
      ),
    ).toEqual([]);
  });
});

describe("check: the iPXE Boot restrictions the declaration shows", () => {
  const pxe = (fields: PropertyBag) => serverInputs("pxe-1", { ...ipxeFields(), ...fields });

  it("1: only one of private and public iPXE Boot", async () => {
    expect(await reasons(pxe({ features: ["private_ipxe_boot", "public_ipxe_boot"] }))).toEqual([
      {
        property: "features",
        reason:
          "features: only one of private_ipxe_boot and public_ipxe_boot can be active at a time " +
          "(iPXE Boot restriction 1): keep one",
      },
    ]);
  });

  it("2: iPXE Boot only without an operating system, with a script, and a script only with it", async () => {
    expect(await reasons(pxe({ operatingSystemId: UBUNTU_22 }))).toEqual([
      {
        property: "operatingSystemId",
        reason:
          "operatingSystemId must be null with private_ipxe_boot: iPXE Boot is available only " +
          "when no operating system is selected (iPXE Boot restriction 2; got 301)",
      },
    ]);
    expect(await reasons(pxe({ ipxeConfig: undefined }))).toEqual([
      {
        property: "ipxeConfig",
        reason:
          "ipxeConfig is required with private_ipxe_boot: the iPXE script (first line #!ipxe) " +
          "the server boots from",
      },
    ]);
    expect(await reasons({ ...valid, ipxeConfig: SCRIPT })).toEqual([
      {
        property: "ipxeConfig",
        reason:
          "ipxeConfig is only used by iPXE Boot: add private_ipxe_boot or public_ipxe_boot to " +
          "features (with operatingSystemId null), or remove ipxeConfig",
      },
    ]);
  });

  it("2: dropping the operating system of an existing server needs iPXE Boot (a reinstall)", async () => {
    const consent = { reinstallTrigger: "2026-11-24" };
    // With a trigger recorded (one the state never recorded confirms nothing: issue 25).
    const recorded = { ...valid, reinstallTrigger: "2026-11-01" };
    expect(await reasons({ ...valid, operatingSystemId: null, ...consent }, recorded)).toEqual([
      {
        property: "operatingSystemId",
        reason:
          "operatingSystemId null reinstalls the server without an operating system (it has " +
          "301), which is only possible for iPXE Boot: add private_ipxe_boot or public_ipxe_boot " +
          "to features and set ipxeConfig",
      },
    ]);
    // A new order (replacement) may be a bare server.
    expect(await reasons({ ...valid, operatingSystemId: null, ramSize: 128 }, valid)).toEqual([]);
    expect(await reasons(pxe(consent), recorded)).toEqual([]);
    // The reinstall-based flow is a reinstall: it erases the drives, so it needs consent too.
    expect(await reasons(pxe({}), recorded)).toEqual([
      {
        property: "operatingSystemId",
        reason:
          "changing operatingSystemId from 301 to null reinstalls the dedicated server, which " +
          "erases its drives: the operating system and every file on them, laid out again as " +
          "`drives` declares (the id and addresses stay). To confirm, change reinstallTrigger to " +
          "a new value in the same update (any text, e.g. today's date); to keep the data, " +
          "restore operatingSystemId to 301.",
      },
    ]);
  });

  it("4: at most 64 KB (65,536 bytes of UTF-8), first line #!ipxe", async () => {
    const big = `#!ipxe\n${"€".repeat(21_843)}`;
    expect(Buffer.byteLength(big)).toBe(65_536);
    expect(await reasons(pxe({ ipxeConfig: big }))).toEqual([]);
    expect(await reasons(pxe({ ipxeConfig: `${big}x` }))).toEqual([
      {
        property: "ipxeConfig",
        reason: "ipxeConfig: must be at most 65536 bytes (64 KB) as UTF-8 (got 65537 bytes)",
      },
    ]);
    expect(await reasons(pxe({ ipxeConfig: "#!/bin/sh\necho\n" }))).toEqual([
      {
        property: "ipxeConfig",
        reason: 'ipxeConfig: the first line must be #!ipxe (got "#!/bin/sh")',
      },
    ]);
    expect(await reasons(pxe({ ipxeConfig: "#!ipxe\r\ndhcp\r\n" }))).toEqual([]);
  });

  it.each([
    ["private_ipxe_boot", "host_rescue_mode", 5],
    ["public_ipxe_boot", "host_rescue_mode", 5],
    ["private_ipxe_boot", "no_private_ip", 6],
    ["public_ipxe_boot", "no_public_network", 7],
    ["public_ipxe_boot", "no_public_ip_address", 7],
  ])("%s is incompatible with %s (restriction %d)", async (feature, other, rule) => {
    expect(await reasons(pxe({ features: [feature, other] }))).toEqual([
      {
        property: "features",
        reason: `features: ${feature} is incompatible with ${other} (iPXE Boot restriction ${rule}): remove one`,
      },
    ]);
  });

  it("private iPXE Boot goes with no_public_network, public with no_private_ip", async () => {
    expect(await reasons(pxe({ features: ["private_ipxe_boot", "no_public_network"] }))).toEqual(
      [],
    );
    expect(await reasons(pxe({ features: ["public_ipxe_boot", "no_private_ip"] }))).toEqual([]);
  });
});

describe("diff: unknowns may change, write-only values compare with the last applied", () => {
  const outs = {
    hostname: "web-1",
    locationId: 1,
    serverModelId: 101,
    uplinkModels: ORDER.uplinkModels,
    ramSize: 64,
    operatingSystemId: UBUNTU_22,
    features: [],
    ipxeConfig: null,
    sshKeyFingerprints: [],
    labels: {},
    drives: { ...(ORDER.drives as object) },
    ipv6: false,
    rebootOnIpxeChange: false,
    status: "active",
  };

  it("reports no change for equal values, whatever the hidden inputs and list orders", async () => {
    expect(await provider.diff("s1", outs, { ...valid, __timeouts: { create: 1 } })).toMatchObject({
      changes: false,
    });
    expect(
      await provider.diff(
        "s1",
        { ...outs, features: ["a_feature", "b_feature"] },
        { ...valid, features: ["b_feature", "a_feature"] },
      ),
    ).toMatchObject({ changes: false });
  });

  it("treats an unknown as a possible change, replacing for replace-only properties", async () => {
    expect(await provider.diff("s1", outs, { ...valid, ramSize: UNKNOWN })).toMatchObject({
      replaces: ["ramSize"],
    });
    expect(
      await provider.diff("s1", outs, {
        ...valid,
        drives: { slots: [{ position: 0, driveModelId: UNKNOWN }] },
      }),
    ).toMatchObject({ replaces: ["drives"] });
    expect(await provider.diff("s1", outs, { ...valid, features: [UNKNOWN] })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["features"],
    });
  });

  it("an absent ipv6 is false, an absent layout none: adding the default is no change", async () => {
    const { ipv6: _ipv6, ...withoutIpv6 } = valid;
    expect(await provider.diff("s1", outs, withoutIpv6)).toMatchObject({ changes: false });
    expect(await provider.diff("s1", outs, { ...valid, ipv6: false })).toMatchObject({
      changes: false,
    });
  });
});

describe("the plan of an in-place change (features, operating system, script)", () => {
  const inputs = (fields: PropertyBag) => ({ ...valid, ...fields }) as never;
  const live = (fields: Partial<Parameters<typeof planBoot>[0]>) => ({
    features: [],
    operatingSystemId: UBUNTU_22,
    ipxeConfig: null,
    ...fields,
  });

  it("never reinstalls when the record does not say which system is installed", () => {
    expect(planBoot(live({ operatingSystemId: undefined }), inputs({}))).toMatchObject({
      reinstall: false,
    });
  });

  it("removes features before adding others", () => {
    expect(
      planBoot(live({ features: ["no_private_ip"] }), inputs({ features: ["oob_public_access"] })),
    ).toEqual({
      deactivate: ["no_private_ip"],
      activate: ["oob_public_access"],
      reinstall: false,
      ipxeChanged: false,
    });
  });
});
