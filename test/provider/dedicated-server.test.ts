// DedicatedServer's provider implementation against the simulator, on virtual time: reinstalls,
// drift that needs consent, ambiguous creates, adoption, rebootTrigger.
import { describe, expect, it } from "vitest";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { createBody, inputsOf } from "../../provider/dedicated-server/inputs";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { UpdateRefused } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  addSshKey,
  DEBIAN_12,
  ORDER,
  requests,
  serverCount,
  serverInputs,
  UBUNTU_22,
  WINDOWS_2022,
} from "./dedicated-server-support";
import { createdBy, kindSuite, onceOnPost } from "./support";

// No progress line and no error message holds the API token or the user data.
const { bed, provider, failure } = kindSuite(dedicatedServerKind, {
  atLeast: 5,
  secrets: ["runcmd"],
});
const USER_DATA = "#cloud-config\nruncmd: [echo hello]\n";

/** Created with a reinstallTrigger recorded: one the state never recorded confirms nothing. */
async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, serverInputs(name, { reinstallTrigger: "recorded", ...fields }));
}

// The lifecycle every kind shares (the order with every field, read, title, labels and keys in
// place, label removal, replacements, release, drift, deletion outside Pulumi, a partial create, a
// lost create answer) is test/conformance's DedicatedServer row; here, what is the server's own.
describe("reads, reinstalls, equal meanings, releases", () => {
  // The drive slots as an output: test/conformance's DedicatedServer row.
  it("reads the drive slots with the features and keys: one request more per read", async () => {
    const { id, outs } = await created("web-drives");
    const before = {
      record: await requests(bed, "GET /v1/hosts/dedicated_servers/:id"),
      slots: await requests(bed, "GET /v1/hosts/dedicated_servers/:id/drive_slots"),
    };
    const read = await provider.read(id, outs);
    expect(read.props).toEqual(outs);
    // A refresh of an active server: the record, then its features, keys and drive slots at once.
    expect(await requests(bed, "GET /v1/hosts/dedicated_servers/:id")).toBe(before.record + 1);
    expect(await requests(bed, "GET /v1/hosts/dedicated_servers/:id/drive_slots")).toBe(
      before.slots + 1,
    );
  });

  it("removes every label and every key when the properties go away", async () => {
    const alice = await addSshKey(bed, "alice");
    const { inputs, id, outs } = await created("web-1", {
      labels: { env: "prod" },
      sshKeyFingerprints: [alice],
    });
    const { labels: _labels, sshKeyFingerprints: _keys, ...news } = inputs;
    expect(await provider.diff(id, outs, news)).toMatchObject({
      updates: ["sshKeyFingerprints", "labels"],
    });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: {}, sshKeyFingerprints: [] });
    const stored = await bed.sim.control.peek("dedicated_servers", id);
    expect(stored?.labels).toEqual({ [OWNER_LABEL_KEY]: inputs.__ownerLabel });
    expect(stored?._ssh_key_fingerprints).toEqual([]);
  });

  it("reinstalls with another operating system in place (Windows is fine), with the keys and user data", async () => {
    const alice = await addSshKey(bed, "alice");
    const { inputs, id, outs } = await created("web-1", { userData: USER_DATA });
    const news = {
      ...inputs,
      operatingSystemId: WINDOWS_2022,
      sshKeyFingerprints: [alice],
      userData: "#cloud-config\n",
      reinstallTrigger: "2026-11-24",
    };
    expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
    expect(await provider.diff(id, outs, news)).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["operatingSystemId", "sshKeyFingerprints", "userData", "reinstallTrigger"],
    });
    bed.lines.length = 0;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      operatingSystemId: WINDOWS_2022,
      operatingSystemFullName: "Windows Server 2022 Standard x86_64",
      operationalStatus: "normal",
      sshKeyFingerprints: [alice],
      userData: "#cloud-config\n",
    });
    const stored = await bed.sim.control.peek("dedicated_servers", id);
    expect(stored?._user_data).toBe("#cloud-config\n");
    expect(stored?._drives).toMatchObject({ layout: [{ slot_positions: [0, 1], ignore: false }] });
    const prefix = `serverscom:DedicatedServer web-1 (${id})`;
    expect(bed.lines).toEqual([
      `${prefix}: reinstalling with operating system ${WINDOWS_2022}`,
      `${prefix}: active/installation/powered_on`,
      expect.stringMatching(
        /: active\/installation\/powered_on -> active\/normal\/powered_on after 1\dm \d+s$/,
      ),
    ]);
  });

  it("records a user data change without touching the server (it is used by the next reinstall)", async () => {
    const { inputs, id, outs } = await created("web-1", { userData: USER_DATA });
    const news = { ...inputs, userData: "#cloud-config\n" };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["userData"] });
    await bed.sim.control.clearRequestCounts();
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ userData: "#cloud-config\n" });
    const counts = await bed.sim.control.requestCounts();
    expect(Object.keys(counts).filter((route) => !route.startsWith("GET"))).toEqual([]);
    expect((await bed.sim.control.peek("dedicated_servers", id))?._user_data).toBe(USER_DATA);
  });

  it("hardware, uplinks and drives equal in meaning, written differently, are no change", async () => {
    const { inputs, id, outs } = await created("web-1");
    const drives = ORDER.drives as { slots: unknown[]; layout: unknown[] };
    const news = {
      ...inputs,
      ipv6: false,
      drives: { slots: [...drives.slots].reverse(), layout: [{ slotPositions: [0, 1] }] },
      uplinkModels: { ...(ORDER.uplinkModels as object) },
    };
    expect((await provider.diff(id, outs, news)).replaces).toEqual([]);
  });

  it("a release already scheduled and a 404 both count as done", async () => {
    const { id, outs } = await created("web-1");
    await provider.delete(id, outs);
    // Released already (HOST_RELEASE_ALREADY_SCHEDULED) and 404 both count as done.
    await provider.delete(id, outs);
    await bed.sim.control.remove("dedicated_servers", id);
    await provider.delete(id, outs);
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers/:id/schedule_release")).toBe(3);
  });
});

describe("drift: read reports the live values and diff then shows the change", () => {
  it("sees a title, labels and operating system changed outside Pulumi, and puts them back", async () => {
    const { inputs, id, outs } = await created("web-1", { labels: { env: "prod" } });
    const stored = await bed.sim.control.peek("dedicated_servers", id);
    await bed.sim.control.patch("dedicated_servers", id, {
      title: "renamed",
      labels: { env: "dev", [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
      configuration_details: {
        ...(stored?.configuration_details as object),
        operating_system_id: DEBIAN_12,
        operating_system_full_name: "Debian 12 x86_64",
      },
    });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({
      hostname: "renamed",
      labels: { env: "dev" },
      operatingSystemId: DEBIAN_12,
    });
    expect(read.inputs).toMatchObject({
      hostname: "renamed",
      labels: { env: "dev" },
      operatingSystemId: DEBIAN_12,
    });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["operatingSystemId", "hostname", "labels"],
    });
    // Putting the system back reinstalls the server: refused, before any request, without the
    // program's consent (check saw no change of inputs: the server changed, not the program).
    await bed.sim.control.clearRequestCounts();
    const refused = await failure(provider.update(id, read.props as PropertyBag, inputs));
    expect(refused).toBeInstanceOf(UpdateRefused);
    expect(refused.message).toMatch(
      new RegExp(
        `^operatingSystemId: the server runs ${DEBIAN_12}, the program declares ${UBUNTU_22}, ` +
          "which needs a reinstall of the dedicated server and erases its drives",
      ),
    );
    expect(await requests(bed, "PUT /v1/hosts/dedicated_servers/:id")).toBe(0);
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers/:id/reinstall")).toBe(0);
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, {
      ...inputs,
      reinstallTrigger: "2026-11-24",
    });
    expect(fixed).toMatchObject({
      hostname: "web-1",
      labels: { env: "prod" },
      operatingSystemId: UBUNTU_22,
    });
  });

  it("sees features and keys changed outside Pulumi", async () => {
    const alice = await addSshKey(bed, "alice");
    const { inputs, id, outs } = await created("web-1");
    await bed.client.dedicatedServers.attachSshKeys(id, [alice]);
    await bed.client.dedicatedServers.activateFeature(id, "oob_public_access");
    await bed.sim.control.advance(60_000);
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({
      features: ["oob_public_access"],
      sshKeyFingerprints: [alice],
    });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      updates: ["features", "sshKeyFingerprints"],
    });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ features: [], sshKeyFingerprints: [] });
  });
});

describe("idempotent create: the ownership label", () => {
  it("a later create never adopts the server an earlier one made: it names it", async () => {
    // An earlier `pulumi up` ordered the server (with this resource's ownership label) and was
    // interrupted before it saw the answer: the response is lost after the API applied it.
    await bed.sim.control.setFaults({
      rules: [onceOnPost("dropResponseAfterApply", "/v1/hosts/dedicated_servers")],
    });
    const inputs = serverInputs("web-1");
    // The provider's own order body, sent straight through the API.
    const lost = await failure(
      bed.client.dedicatedServers.create(
        createBody(inputsOf(inputs), { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) }),
      ),
    );
    expect(lost.name).toBe("ConnectionError");
    expect(await serverCount(bed)).toBe(1);
    await bed.sim.control.clearRequestCounts();

    // The engine recorded nothing; the next `up` calls create again.
    bed.lines.length = 0;
    const result = await provider.create(inputs);
    // Issue 12, item 1: it may be the generation a replacement deletes next (docs/architecture.md).
    const all = await bed.sim.control.records("dedicated_servers");
    expect(all).toHaveLength(2);
    const earlier = all.find((record) => record.id !== result.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${earlier?.id}`);
  });

  it("does not adopt a server whose release is scheduled, nor one of another resource", async () => {
    const { id } = await created("web-1");
    await created("web-2");
    await bed.client.dedicatedServers.scheduleRelease(id);
    await created("web-1");
    expect(await serverCount(bed)).toBe(3);
  });
});

describe("adoption by adoptId", () => {
  it("takes over an existing server and brings it to the declared name, labels and keys, never reinstalling it", async () => {
    const alice = await addSshKey(bed, "alice");
    // The same hardware, ordered outside Pulumi with another system, name and labels.
    const legacy = serverInputs("legacy", { operatingSystemId: DEBIAN_12 });
    const [existing] = await bed.client.dedicatedServers.create(
      createBody(inputsOf(legacy), { keep: "no" }),
    );
    if (existing === undefined) throw new Error("no server ordered");
    await bed.sim.control.advance(30 * 60_000);
    // A different operating system would reinstall it unannounced: refused, nothing changed.
    const reinstalling = serverInputs("web-1", { adoptId: existing.id });
    const refused = await failure(provider.create(reinstalling));
    expect(refused.message).toBe(
      `adoptId: the dedicated server "${existing.id}" cannot be adopted as declared: ` +
        `operatingSystemId is ${DEBIAN_12} there but ${UBUNTU_22} in the program, and changing ` +
        "it reinstalls the server, erasing its drives. Declare the server's current operating " +
        "system to adopt it, then change it in an update with reinstallTrigger.",
    );
    expect((await bed.sim.control.peek("dedicated_servers", existing.id))?.title).toBe("legacy");
    const inputs = serverInputs("web-1", {
      adoptId: existing.id,
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod" },
      sshKeyFingerprints: [alice],
    });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(existing.id);
    expect(outs).toMatchObject({
      hostname: "web-1",
      labels: { env: "prod" },
      operatingSystemId: DEBIAN_12,
      sshKeyFingerprints: [alice],
      adoptId: existing.id,
      status: "active",
      // Taken on trust: the API cannot show them.
      drives: ORDER.drives,
    });
    expect(await serverCount(bed)).toBe(1);
    const stored = await bed.sim.control.peek("dedicated_servers", id);
    expect(stored?.labels).toEqual({ env: "prod", [OWNER_LABEL_KEY]: inputs.__ownerLabel });
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({ changes: false });
    expect(
      await provider.diff(id, outs as PropertyBag, { ...inputs, adoptId: "other" }),
    ).toMatchObject({ replaces: ["adoptId"] });
  });

  it("refuses an id that does not exist", async () => {
    const error = await failure(provider.create(serverInputs("web-1", { adoptId: "nope1234" })));
    expect(error.message).toBe('adoptId: there is no dedicated server with id "nope1234" to adopt');
  });

  it("refuses a server whose hardware differs", async () => {
    const { id } = await created("other");
    const error = await failure(
      provider.create(serverInputs("web-1", { adoptId: id, ramSize: 128 })),
    );
    expect(error.message).toBe(
      `adoptId: the dedicated server "${id}" cannot be adopted as declared: ramSize is 64 there ` +
        "but 128 in the program. These properties cannot be changed in place: make the program match the object.",
    );
  });
});

describe("rebootTrigger: a change reboots the server and waits until it is back", () => {
  it("reboots on a new value, not on the same one, not on create, not on removal", async () => {
    await bed.sim.control.clearRequestCounts();
    const { inputs, id, outs } = await created("web-1", { rebootTrigger: "v1" });
    expect(outs.rebootTrigger).toBe("v1");
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers/:id/reboot")).toBe(0);

    const news = { ...inputs, rebootTrigger: "v2" };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      changes: true,
      updates: ["rebootTrigger"],
    });
    bed.lines.length = 0;
    const { outs: rebooted } = await provider.update(id, outs, news);
    expect(rebooted).toMatchObject({ rebootTrigger: "v2", powerStatus: "powered_on" });
    expect(await requests(bed, "POST /v1/hosts/dedicated_servers/:id/reboot")).toBe(1);
    const prefix = `serverscom:DedicatedServer web-1 (${id})`;
    expect(bed.lines).toEqual([
      `${prefix}: rebooting (rebootTrigger changed)`,
      `${prefix}: active/normal/power_cycling`,
      expect.stringMatching(
        /: active\/normal\/power_cycling -> active\/normal\/powered_on after \d+s$/,
      ),
    ]);

    expect(await provider.diff(id, rebooted as PropertyBag, news)).toMatchObject({
      changes: false,
    });
    const { rebootTrigger: _removed, ...without } = news;
    expect(await provider.diff(id, rebooted as PropertyBag, without)).toMatchObject({
      changes: false,
    });
  });

  it("a refused reboot is a plain error: the state keeps the old trigger, so the next up retries", async () => {
    const { inputs, id, outs } = await created("web-1", { rebootTrigger: "v1" });
    // Someone else power-cycles the server between the provider's read and its reboot request.
    const api = bed.client.dedicatedServers;
    const original = api.reboot;
    const reboot: typeof original = (...args) => original.apply(api, args);
    api.reboot = async (serverId, options) => {
      await api.powerCycle(serverId);
      return reboot(serverId, options);
    };
    try {
      const error = await failure(provider.update(id, outs, { ...inputs, rebootTrigger: "v2" }));
      expect(error).not.toBeInstanceOf(PartialResourceError);
      expect(error.message).toMatch(
        /^the service refused the reboot: POST \/v1\/hosts\/dedicated_servers\/\w+\/reboot -> 409 CONFLICT: A power management operation is already in process/,
      );
    } finally {
      api.reboot = original;
    }
  });
});

describe("a fresh order whose record has no configuration_details (issue 12, item 7)", () => {
  it("is still found after a late commit: ownership never depends on optional fields", async () => {
    // The official clients document fresh orders without configuration_details: the look-up
    // sees records of that shape, and only the labels decide.
    const bare = createKindProvider(
      {
        ...dedicatedServerKind,
        findByLabels: async (client, selector) =>
          (await dedicatedServerKind.findByLabels(client, selector)).map((live) => {
            const { configuration_details: _details, ...server } = live.server;
            return { ...live, server: server as typeof live.server };
          }),
      },
      bed.context,
    );
    await bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", "/v1/hosts/dedicated_servers", { delayMs: 60_000 })],
    });
    const result = await bare.create(serverInputs("web-1"));
    const servers = await bed.sim.control.records("dedicated_servers");
    expect(servers.map((server) => server.id)).toEqual([result.id]);
    expect(bed.lines.join("\n")).toContain("but the API had applied it");
  });
});
