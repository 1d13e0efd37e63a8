// SbmServer's provider implementation against the simulator, on virtual time.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { UpdateRefused } from "../../provider/framework/kind-provider";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { failsOnEach } from "./check-cases";
import { passesWithConsent, refusedWithoutConsent, updateTriggerAlone } from "./reinstall-support";
import { createdBy, engineInputs, kindSuite, recordCount, requests as requestsOf } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(sbmServerKind, {
  atLeast: 10,
});

const SERVERS = "sbm_servers";
const ORDER = "POST /v1/hosts/sbm_servers";
const PUT = "PUT /v1/hosts/sbm_servers/:id";
const REINSTALL = "POST /v1/hosts/sbm_servers/:id/reinstall";
const DELETE = "DELETE /v1/hosts/sbm_servers/:id";
const MINUTE = 60_000;
/** Consent to a reinstall (reinstall-trigger.ts): a new value in the update that needs one. */
const CONSENT = { reinstallTrigger: "2026-11-24" };
/** Location 1 (AMS1), flavor SBM-01 (both uplinks), Ubuntu 22.04. */
const AMS1 = { locationId: 1, sbmFlavorModelId: 601, operatingSystemId: 301 };
const WINDOWS = 305;
// A key made with ssh-keygen, and what `ssh-keygen -l -E md5` prints for it.
const SSH_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0 test@example";
const SSH_FINGERPRINT = "06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb";

/** Inputs as the engine sends them for an SbmServer named `name` in project/stack p/s. */
function serverInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("SbmServer", name, {
    ...AMS1,
    hostname: `${name}.example.com`,
    ...fields,
  });
}

async function serverCount(): Promise<number> {
  return recordCount(bed, SERVERS);
}

const requests = (route: string) => requestsOf(bed, route);

/** Created with a reinstallTrigger recorded: one the state never recorded confirms nothing. */
async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, serverInputs(name, { reinstallTrigger: "recorded", ...fields }));
}

// The lifecycle every kind shares (the order with every field, read, labels in place with one PUT,
// label removal, replacements, the release line, drift, deletion outside Pulumi, a partial create,
// a lost create answer) is test/conformance's SbmServer row; here, what is the SBM server's own.
describe("release: at the end of the billing hour", () => {
  it("releases at the end of the billing hour: the delete ends once it is scheduled, saying when", async () => {
    const { id, outs } = await created("web");
    const ordered = Date.parse(String(outs.createdAt));
    bed.lines.length = 0;
    const before = await bed.sim.control.now();
    await provider.delete(id, outs);
    // No wait for the hour to pass: the delete ends as soon as the release is scheduled.
    expect(await bed.sim.control.now()).toBe(before);
    const at = new Date(ordered + 60 * MINUTE).toISOString();
    expect(bed.lines).toEqual([
      `serverscom:SbmServer web.example.com (${id}): release scheduled for ${at} (the end of ` +
        "its billing hour): it is billed until then and removed by the service, with its " +
        "networks and PTR records; nothing more to wait for",
    ]);
    expect((await bed.sim.control.peek(SERVERS, id))?.scheduled_release_at).toBe(at);
    // Gone for Pulumi from now on: read drops it, another delete ends the same way.
    expect(await provider.read(id, outs)).toEqual({});
    await provider.delete(id, outs);
    expect(await requests(DELETE)).toBe(2);
    // The service removes it at the end of the hour; a delete then finds the 404: done.
    await bed.sim.control.advance(60 * MINUTE);
    expect(await bed.sim.control.peek(SERVERS, id)).toBeUndefined();
    await provider.delete(id, outs);
  });

  it("a later create neither adopts nor reports a server whose release is scheduled", async () => {
    const { inputs, id, outs } = await created("web");
    await provider.delete(id, outs);
    bed.lines.length = 0;
    const again = await provider.create(inputs);
    expect(again.id).not.toBe(id);
    expect(await requests(ORDER)).toBe(2);
    expect(bed.lines.join("\n")).not.toContain(id);
  });
});

describe("reinstall: a new operating system, host name, keys or user data", () => {
  it("reinstalls in place for a new operating system and waits for normal again", async () => {
    const { inputs, id, outs } = await created("web");
    const news = { ...inputs, operatingSystemId: 303, ...CONSENT };
    expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
    expect(await provider.diff(id, outs, news)).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["operatingSystemId", "reinstallTrigger"],
    });
    bed.lines.length = 0;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      operatingSystemId: 303,
      operatingSystemFullName: "Debian 12 x86_64",
      operationalStatus: "normal",
      publicIpv4Address: outs.publicIpv4Address,
      reinstallTrigger: "2026-11-24",
    });
    expect(await requests(REINSTALL)).toBe(1);
    expect(await serverCount()).toBe(1);
    expect(bed.lines).toEqual([
      `serverscom:SbmServer web.example.com (${id}): reinstalling (operatingSystemId changed): the drives are erased`,
      `serverscom:SbmServer web.example.com (${id}): active/installation/powered_on`,
      expect.stringMatching(
        /: active\/installation\/powered_on -> active\/normal\/powered_on after/,
      ),
    ]);
    expect(await provider.diff(id, updated as PropertyBag, news)).toMatchObject({
      changes: false,
    });
  });

  it("reinstalls for a new host name, which becomes the title", async () => {
    const { inputs, id, outs } = await created("web");
    const news = { ...inputs, hostname: "api.example.com", labels: { env: "prod" }, ...CONSENT };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      updates: ["hostname", "labels", "reinstallTrigger"],
    });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ title: "api.example.com", labels: { env: "prod" } });
    const stored = await bed.sim.control.peek(SERVERS, id);
    expect(stored?.configuration_details).toMatchObject({ operating_system_id: 301 });
    expect(await requests(REINSTALL)).toBe(1);
  });

  it("reinstalls with the new SSH keys, which the outputs keep (the API does not return them)", async () => {
    await bed.client.sshKeys.create({ name: "deploy", public_key: SSH_KEY });
    const { inputs, id, outs } = await created("web", { userData: "#cloud-config\n" });
    expect(outs.userData).toBe("#cloud-config\n");
    expect(outs).not.toHaveProperty("sshKeyFingerprints");
    const news = { ...inputs, sshKeyFingerprints: [SSH_FINGERPRINT], ...CONSENT };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      updates: ["sshKeyFingerprints", "reinstallTrigger"],
    });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ sshKeyFingerprints: [SSH_FINGERPRINT] });
    const stored = await bed.sim.control.peek(SERVERS, id);
    expect(stored?._ssh_key_fingerprints).toEqual([SSH_FINGERPRINT]);
    expect(stored?._user_data).toBe("#cloud-config\n");
    // Read keeps the values last applied; removing the input changes nothing.
    const read = await provider.read(id, updated as PropertyBag);
    expect(read.props).toMatchObject({ sshKeyFingerprints: [SSH_FINGERPRINT] });
    const { sshKeyFingerprints: _dropped, ...without } = news;
    expect(await provider.diff(id, read.props as PropertyBag, without)).toMatchObject({
      changes: false,
    });
  });
});

describe("reinstallTrigger: a reinstall erases the drives, so it needs the program's consent", () => {
  const failures = (olds: PropertyBag, news: PropertyBag) => checkFailures(provider, news, olds);
  const consent = { failures, olds: serverInputs("web", { reinstallTrigger: "a" }) };
  /** A new system, host name and SSH keys: each one reinstalls. */
  const reinstall = {
    operatingSystemId: 303,
    hostname: "api.example.com",
    sshKeyFingerprints: [SSH_FINGERPRINT],
  };

  it("check refuses each change that reinstalls, naming it, what is erased and how to confirm", async () => {
    const olds = serverInputs("web", {
      userData: "#!/bin/sh\necho old-secret",
      reinstallTrigger: "a",
    });
    const news = {
      ...olds,
      operatingSystemId: 303,
      hostname: "api.example.com",
      sshKeyFingerprints: [SSH_FINGERPRINT],
      userData: "#!/bin/sh\necho new-secret",
    };
    const found = await failures(olds, news);
    expect(found.map((f) => f.property)).toEqual([
      "operatingSystemId",
      "hostname",
      "sshKeyFingerprints",
      "userData",
    ]);
    expect(found[0]?.reason).toBe(
      "changing operatingSystemId from 301 to 303 reinstalls the SBM server, which erases its " +
        "drives: the operating system and every file on them (the id and addresses stay). To " +
        "confirm, change reinstallTrigger to a new value in the same update (any text, e.g. " +
        "today's date); to keep the data, restore operatingSystemId to 301.",
    );
    // The API renames an SBM server only by reinstalling it: the message says why.
    expect(found[1]?.reason).toContain(
      'changing hostname from "web.example.com" to "api.example.com" reinstalls the SBM server ' +
        "(the API renames an SBM server only by reinstalling it: its update takes labels only)",
    );
    // User data is secret: never repeated in a message.
    expect(found[3]?.reason).toMatch(/^changing userData reinstalls the SBM server \(/);
    expect(found.map((f) => f.reason).join("\n")).not.toContain("secret");
    // A trigger that stays, goes away or was never recorded is no consent either.
    await refusedWithoutConsent({ ...consent, reinstall });
  });

  it("check passes with consent, on create, for a replacement, and for values unknown in preview", async () => {
    await passesWithConsent({ ...consent, reinstall });
    // A new flavor orders a new server: the preview shows the replacement, no data is kept.
    const { olds } = consent;
    expect(await failures(olds, { ...olds, ...reinstall, sbmFlavorModelId: 602 })).toEqual([]);
  });

  it("the trigger alone reinstalls nothing: the update records it", async () => {
    const updated = await updateTriggerAlone(
      provider,
      await created("web", { reinstallTrigger: "a" }),
    );
    expect(updated.operatingSystemId).toBe(301);
    expect(await requests(REINSTALL)).toBe(0);
    expect(await requests(PUT)).toBe(0);
  });

  it("update refuses, before any request, a reinstall the trigger did not confirm", async () => {
    // Reinstalled outside Pulumi: the inputs did not change (check passes), the live server
    // differs from them, and converging would reinstall it back.
    const { inputs, id, outs } = await created("web");
    await bed.client.sbmServers.reinstall(id, {
      hostname: "web.example.com",
      operating_system_id: 303,
    });
    await bed.sim.control.advance(10 * MINUTE);
    await bed.sim.control.clearRequestCounts();
    const news = { ...inputs, labels: { a: "b" } };
    expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
    const error = await failure(provider.update(id, outs, news));
    expect(error).toBeInstanceOf(UpdateRefused);
    expect(error.message).toBe(
      `serverscom:SbmServer web.example.com (${id}): operatingSystemId differ from what the ` +
        "server was installed with, which needs a reinstall of the SBM server and erases its " +
        "drives: the operating system and every file on them (the id and addresses stay); " +
        "reinstallTrigger did not change in this update. To confirm, change reinstallTrigger " +
        "to a new value (a trigger the state had not recorded yet confirms nothing: the update " +
        "that first carries it records it); to keep the server as it is, run `pulumi refresh` " +
        "and declare its current values.",
    );
    expect(await requests(REINSTALL)).toBe(0);
    expect(await requests(PUT)).toBe(0);
  });
});

describe("Windows: unavailable for SBM servers", () => {
  it("refuses a Windows system before anything is ordered, naming operatingSystemId", async () => {
    const error = await failure(
      provider.create(serverInputs("win", { operatingSystemId: WINDOWS })),
    );
    expect(error.message).toBe(
      "operatingSystemId 305 is not offered for SBM flavor 601 in location 1 (Windows systems " +
        "are unavailable for SBM servers). Offered: 301 (Ubuntu 22.04-server x86_64), " +
        "302 (Ubuntu 24.04-server x86_64), 303 (Debian 12 x86_64), 304 (Rocky Linux 9 x86_64)",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await requests(ORDER)).toBe(0);
    expect(await serverCount()).toBe(0);
  });

  it("refuses to reinstall with Windows, leaving the server and the state as they were", async () => {
    const { inputs, id, outs } = await created("web");
    const error = await failure(
      provider.update(id, outs, {
        ...inputs,
        operatingSystemId: WINDOWS,
        labels: { a: "b" },
        ...CONSENT,
      }),
    );
    expect(error).toBeInstanceOf(UpdateRefused);
    expect(error.message).toMatch(
      new RegExp(
        `^serverscom:SbmServer web.example.com \\(${id}\\): operatingSystemId 305 is not offered`,
      ),
    );
    expect(await requests(REINSTALL)).toBe(0);
    expect(await requests(PUT)).toBe(0);
    const stored = await bed.sim.control.peek(SERVERS, id);
    expect(stored?.configuration_details).toMatchObject({ operating_system_id: 301 });
  });

  it("leaves an unknown flavor to the API, whose 422 names the field", async () => {
    const error = await failure(provider.create(serverInputs("odd", { sbmFlavorModelId: 699 })));
    expect(error.message).toMatch(
      /^POST \/v1\/hosts\/sbm_servers -> 422 UNPROCESSABLE_ENTITY: Validation failed \[sbm_flavor_model_id: SBM flavor model 699 does not exist in AMS1/,
    );
    expect(await serverCount()).toBe(0);
  });

  it("passes the API's refusal of a network the flavor has no uplink for", async () => {
    const error = await failure(
      provider.create(serverInputs("nopub", { sbmFlavorModelId: 603, publicIpv4NetworkId: "n1" })),
    );
    expect(error.message).toContain(
      "hosts.0.public_ipv4_network_id: the order has no public uplink",
    );
    expect(await serverCount()).toBe(0);
  });
});

describe("drift: read reports the live values and diff then shows the change", () => {
  it("sees a server reinstalled with another system outside Pulumi", async () => {
    const { inputs, id, outs } = await created("web");
    await bed.client.sbmServers.reinstall(id, {
      hostname: "web.example.com",
      operating_system_id: 304,
    });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ operatingSystemId: 304, operationalStatus: "installation" });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      updates: ["operatingSystemId"],
    });
  });
});

describe("idempotent create: the ownership label", () => {
  it("a later create never adopts the server an earlier one made: it names it", async () => {
    // An earlier `pulumi up` ordered the server with this resource's ownership label, and lost
    // the answer: the engine recorded nothing, so it calls create again.
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const inputs = serverInputs("web");
    const lost = await failure(
      bed.client.sbmServers.create({
        ...{ location_id: 1, sbm_flavor_model_id: 601, operating_system_id: 301 },
        hosts: [
          {
            hostname: "web.example.com",
            labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
          },
        ],
      }),
    );
    expect(lost.name).toBe("ConnectionError");
    expect(await serverCount()).toBe(1);

    const result = await provider.create(inputs);
    // Issue 12, item 1: it may be the generation a replacement deletes next (docs/architecture.md).
    const all = await bed.sim.control.records(SERVERS);
    expect(all).toHaveLength(2);
    const earlier = all.find((record) => record.id !== result.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${earlier?.id}`);
  });

  it("does not adopt the server of a resource with another name", async () => {
    await created("one");
    await created("two");
    expect(await serverCount()).toBe(2);
  });
});

describe("adoption by adoptId", () => {
  async function existing(
    fields: { operating_system_id?: number; sbm_flavor_model_id?: number } = {},
  ) {
    const [server] = await bed.client.sbmServers.create({
      location_id: 1,
      sbm_flavor_model_id: fields.sbm_flavor_model_id ?? 601,
      operating_system_id: fields.operating_system_id ?? 301,
      hosts: [{ hostname: "legacy.example.com", labels: { keep: "no" } }],
    });
    if (server === undefined) throw new Error("the order answered no server");
    return server;
  }

  it("takes over an existing server and brings its labels to the declared ones", async () => {
    const server = await existing();
    const inputs = serverInputs("legacy", { adoptId: server.id, labels: { env: "prod" } });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(server.id);
    expect(outs).toMatchObject({
      title: "legacy.example.com",
      status: "active",
      labels: { env: "prod" },
      adoptId: server.id,
    });
    expect(await serverCount()).toBe(1);
    expect(await requests(REINSTALL)).toBe(0);
    const stored = await bed.sim.control.peek(SERVERS, id);
    expect(stored?.labels).toEqual({ env: "prod", [OWNER_LABEL_KEY]: inputs.__ownerLabel });
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({
      changes: false,
    });
  });

  it("refuses a server of another flavor", async () => {
    const server = await existing({ sbm_flavor_model_id: 602 });
    const error = await failure(provider.create(serverInputs("legacy", { adoptId: server.id })));
    expect(error.message).toBe(
      `adoptId: the SBM server "${server.id}" cannot be adopted as declared: sbmFlavorModelId is ` +
        "602 there but 601 in the program. These properties cannot be changed in place: make the " +
        "program match the object.",
    );
  });

  it("refuses a server whose system or host name differs instead of reinstalling it unannounced", async () => {
    const server = await existing({ operating_system_id: 302 });
    const error = await failure(provider.create(serverInputs("other", { adoptId: server.id })));
    expect(error.message).toBe(
      `adoptId: the SBM server "${server.id}" cannot be adopted as declared: operatingSystemId ` +
        'is 302 there but 301 in the program; hostname is "legacy.example.com" there but ' +
        '"other.example.com" in the program, and changing them reinstalls the server, erasing ' +
        "its drives. Declare the server's current values to adopt it, then change them in an " +
        "update the preview shows.",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await requests(REINSTALL)).toBe(0);
  });

  it("refuses an id that does not exist", async () => {
    const error = await failure(provider.create(serverInputs("x", { adoptId: "nope1234" })));
    expect(error.message).toBe('adoptId: there is no SBM server with id "nope1234" to adopt');
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = serverInputs("web", { labels: { env: "prod" } });

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(
      await reasons({
        ...valid,
        sshKeyFingerprints: [SSH_FINGERPRINT],
        userData: "#!/bin/sh",
        publicIpv4NetworkId: "n1",
        privateIpv4NetworkId: "n2",
      }),
    ).toEqual([]);
  });

  failsOnEach(reasons, valid, [
    [{ locationId: undefined }, "locationId", "locationId is required"],
    [
      { sbmFlavorModelId: "601" },
      "sbmFlavorModelId",
      'sbmFlavorModelId must be a whole number (got "601")',
    ],
    [{ operatingSystemId: 0 }, "operatingSystemId", "operatingSystemId must be at least 1 (got 0)"],
    [{ hostname: undefined }, "hostname", "hostname is required"],
    [{ hostname: "" }, "hostname", 'hostname must be a non-empty string (got "")'],
    [
      { hostname: "web_1.example.com" },
      "hostname",
      "hostname must be a host name: dot-separated labels of letters, digits and dashes, each " +
        'starting and ending with a letter or digit and at most 63 characters (got "web_1.example.com")',
    ],
    [
      { hostname: `${"a".repeat(250)}.com` },
      "hostname",
      "hostname must be at most 253 characters (got 254)",
    ],
    [
      { publicIpv4NetworkId: 7 },
      "publicIpv4NetworkId",
      "publicIpv4NetworkId must be a non-empty string (got 7)",
    ],
    [
      { privateIpv4NetworkId: " " },
      "privateIpv4NetworkId",
      'privateIpv4NetworkId must be a non-empty string (got " ")',
    ],
    [
      { sshKeyFingerprints: SSH_FINGERPRINT },
      "sshKeyFingerprints",
      "sshKeyFingerprints must be a list of SSH key fingerprints",
    ],
    [
      { sshKeyFingerprints: [SSH_FINGERPRINT, "SHA256:abc"] },
      "sshKeyFingerprints",
      'sshKeyFingerprints[1] must be an SSH key fingerprint such as "aa:bb:cc:..." ' +
        '(colon-separated hexadecimal pairs; got "SHA256:abc")',
    ],
    [
      { userData: 42 },
      "userData",
      "userData must be a non-empty string (got a number; a secret, not shown)",
    ],
    [
      { labels: { "servers.com/x": "1" } },
      "labels",
      'labels["servers.com/x"]: the prefix servers.com and its subdomains are reserved for the service',
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("cannot know that an id is Windows: that waits for the catalogue at create", async () => {
    expect(await reasons({ ...valid, operatingSystemId: WINDOWS })).toEqual([]);
  });

  it("tolerates values unknown during preview", async () => {
    expect(
      await reasons({
        ...valid,
        hostname: UNKNOWN,
        operatingSystemId: UNKNOWN,
        sshKeyFingerprints: [UNKNOWN],
        labels: UNKNOWN,
      }),
    ).toEqual([]);
    expect(await reasons({ ...valid, sshKeyFingerprints: UNKNOWN })).toEqual([]);
  });
});
