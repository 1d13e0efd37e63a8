// CloudInstance's provider implementation against the simulator, on virtual time.
import { describe, expect, it } from "vitest";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import { type KindProvider, UpdateRefused } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import type { Clock } from "../../sdk/wait";
import { failsOnEach } from "./check-cases";
import { passesWithConsent, refusedWithoutConsent, updateTriggerAlone } from "./reinstall-support";
import { createdBy, engineInputs, kindSuite, recordCount, requests as requestsOf } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(cloudInstanceKind, {
  atLeast: 10,
  secrets: ["hunter2"],
});
const USER_DATA = "#cloud-config\npassword: hunter2-secret\n";

const INSTANCES = "cloud_instances";
const INSTANCE = "/v1/cloud_computing/instances/:id";
const PUT = `PUT ${INSTANCE}`;
const UPGRADE = `POST ${INSTANCE}/upgrade`;
const APPROVE = `POST ${INSTANCE}/approve_upgrade`;
const REINSTALL = `POST ${INSTANCE}/reinstall`;
const REBOOT = `POST ${INSTANCE}/reboot`;
/** Region 1 (AMS1) images: Ubuntu 24.04, Ubuntu 22.04, Debian 12. */
const UBUNTU_24 = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
const DEBIAN_12 = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03";
const DALLAS_UBUNTU_24 = "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
const AMS1 = { regionId: 1, flavorId: "SSD.50", imageId: UBUNTU_24 };
// What `ssh-keygen -l -E md5` prints for a key made with ssh-keygen.
const SSH_FINGERPRINT = "06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb";
/** Consent to a reinstall (reinstall-trigger.ts): a new value in the update that needs one. */
const CONSENT = { reinstallTrigger: "2026-11-24" };

/** Inputs as the engine sends them for a CloudInstance named `name` in project/stack p/s. */
function instanceInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("CloudInstance", name, {
    ...AMS1,
    name,
    upgradeConfirmation: "approve",
    ...fields,
  });
}

/**
 * A provider whose waits run `onSleep` after each simulated sleep: the test acts "while the
 * provider waits" (unlocks an instance, fails it) at a chosen simulated time.
 */
function providerWithSleepHook(onSleep: (elapsedMs: number) => Promise<void>): KindProvider {
  let now = 0;
  const clock: Clock = {
    now: () => now,
    async sleep(ms) {
      now += ms;
      await bed.sim.control.advance(ms);
      await onSleep(now);
    },
  };
  return createKindProvider(cloudInstanceKind, {
    ...bed.context,
    waitTuning: () => ({ clock, random: () => 0.5 }),
  });
}

async function instanceCount(): Promise<number> {
  return recordCount(bed, INSTANCES);
}

const requests = (route: string) => requestsOf(bed, route);

/** Created with a reinstallTrigger recorded: one the state never recorded confirms nothing. */
async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, instanceInputs(name, { reinstallTrigger: "recorded", ...fields }));
}

// The lifecycle every kind shares (create with every field, read, one PUT for an in-place change,
// label removal, replacement, delete, drift, deletion outside Pulumi, a partial create, a lost
// create answer) is test/conformance's CloudInstance row; here, what is the instance's own.
describe("changes in place", () => {
  it("sends a name-only change (the Terraform provider drops it)", async () => {
    const { inputs, id, outs } = await created("web");
    const news = { ...inputs, name: "web-2" };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["name"] });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ name: "web-2", status: "ACTIVE" });
    expect((await bed.sim.control.peek(INSTANCES, id))?.name).toBe("web-2");
    expect(await requests(PUT)).toBe(1);
  });

  it("removing backup copies, GPN, IPv6 and labels restores the defaults", async () => {
    const { inputs, id, outs } = await created("web", {
      backupCopies: 3,
      gpnEnabled: true,
      ipv6Enabled: true,
      labels: { env: "dev" },
    });
    const { backupCopies: _b, gpnEnabled: _g, ipv6Enabled: _i, labels: _l, ...bare } = inputs;
    expect(await provider.diff(id, outs, bare)).toMatchObject({
      updates: ["gpnEnabled", "ipv6Enabled", "backupCopies", "labels"],
    });
    const { outs: reset } = await provider.update(id, outs, bare);
    expect(reset).toMatchObject({
      backupCopies: 0,
      gpnEnabled: false,
      ipv6Enabled: false,
      labels: {},
      publicIpv6Address: null,
    });
    expect(await requests(PUT)).toBe(1);
  });

  it("sends ipv4Enabled on create only: false gives no public IPv4, a change replaces", async () => {
    const { inputs, id, outs } = await created("private-only", { ipv4Enabled: false });
    expect(outs).toMatchObject({ ipv4Enabled: false, publicIpv4Address: null, status: "ACTIVE" });
    expect(await provider.diff(id, outs, { ...inputs, ipv4Enabled: true })).toMatchObject({
      replaces: ["ipv4Enabled"],
    });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    const refused = await provider.check({}, { ...inputs, ipv4Enabled: "yes" });
    expect(refused.failures?.map((f) => f.property)).toEqual(["ipv4Enabled"]);
  });
});

describe("a new flavor: upgrade, then approve unless told to leave it", () => {
  it("upgrades, waits for AWAITING_UPGRADE_CONFIRM, approves and waits for ACTIVE", async () => {
    const { inputs, id, outs } = await created("web");
    const news = { ...inputs, flavorId: "SSD.80" };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      replaces: [],
      updates: ["flavorId"],
    });
    bed.lines.length = 0;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      flavorId: "SSD.80",
      flavorName: "SSD.80",
      status: "ACTIVE",
      awaitingUpgradeConfirmation: false,
      publicIpv4Address: outs.publicIpv4Address,
    });
    expect(await requests(UPGRADE)).toBe(1);
    expect(await requests(APPROVE)).toBe(1);
    const subject = `serverscom:CloudInstance web (${id})`;
    expect(bed.lines).toEqual([
      `${subject}: upgrading from flavor SSD.50 to SSD.80: the instance is shut down for up to 10 minutes`,
      `${subject}: UPGRADING`,
      expect.stringMatching(/: UPGRADING -> AWAITING_UPGRADE_CONFIRM after 5m \d+s$/),
      `${subject}: approving the upgrade (upgradeConfirmation is "approve")`,
      `${subject}: ACTIVE`,
    ]);
    expect(await provider.diff(id, updated as PropertyBag, news)).toMatchObject({
      changes: false,
    });
  });

  it('leaves the upgrade awaiting confirmation with "leave", then approves it once told to', async () => {
    const { inputs, id, outs } = await created("web", { upgradeConfirmation: "leave" });
    const news = { ...inputs, flavorId: "SSD.80" };
    const { outs: upgraded } = await provider.update(id, outs, news);
    expect(upgraded).toMatchObject({
      flavorId: "SSD.80",
      status: "AWAITING_UPGRADE_CONFIRM",
      awaitingUpgradeConfirmation: true,
    });
    expect(await requests(APPROVE)).toBe(0);
    // Awaiting confirmation is what "leave" asked for: no diff.
    expect(await provider.diff(id, upgraded as PropertyBag, news)).toMatchObject({
      changes: false,
    });
    // Another upgrade cannot start while this one awaits confirmation.
    const blocked = await failure(
      provider.update(id, upgraded as PropertyBag, { ...news, flavorId: "SSD.120" }),
    );
    expect(blocked).toBeInstanceOf(UpdateRefused);
    expect(blocked.message).toBe(
      `serverscom:CloudInstance web (${id}): flavorId: the instance still awaits confirmation of ` +
        "its upgrade to SSD.80, so it cannot be upgraded to SSD.120. Confirm or revert that " +
        'upgrade first (or set upgradeConfirmation to "approve"); the API confirms it by itself ' +
        "72 hours after the upgrade",
    );
    // Switching to "approve" (or removing the input) approves the pending upgrade.
    const approving = { ...news, upgradeConfirmation: "approve" };
    expect(await provider.diff(id, upgraded as PropertyBag, approving)).toMatchObject({
      updates: ["upgradeConfirmation"],
    });
    const { outs: approved } = await provider.update(id, upgraded as PropertyBag, approving);
    expect(approved).toMatchObject({ status: "ACTIVE", awaitingUpgradeConfirmation: false });
    expect(await requests(APPROVE)).toBe(1);
  });

  it("is confirmed by the API itself 72 hours after the upgrade", async () => {
    const { inputs, id, outs } = await created("web", { upgradeConfirmation: "leave" });
    await provider.update(id, outs, { ...inputs, flavorId: "SSD.80" });
    await bed.sim.control.advance(72 * 3_600_000);
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ status: "ACTIVE", flavorId: "SSD.80" });
  });

  it("refuses a smaller flavor with a clear error, changing nothing", async () => {
    const { inputs, id, outs } = await created("web");
    const error = await failure(provider.update(id, outs, { ...inputs, flavorId: "SSD.30" }));
    expect(error).toBeInstanceOf(UpdateRefused);
    expect(error.message).toBe(
      `serverscom:CloudInstance web (${id}): flavorId: the API refuses to upgrade the instance ` +
        "from SSD.50 to SSD.30: must be a higher configuration than SSD.50. An instance can only " +
        "be upgraded in place, to a larger flavor of its region. For a smaller flavor, keep " +
        "SSD.50 or replace the instance (`pulumi up --replace <urn>`: a new instance, with a new " +
        "disk and new addresses)",
    );
    const stored = await bed.sim.control.peek(INSTANCES, id);
    expect(stored).toMatchObject({ flavor_id: "SSD.50", status: "ACTIVE" });
  });
});

describe("a new image: reinstall in place", () => {
  it("reinstalls from the new image, keeping the id and the addresses", async () => {
    const { inputs, id, outs } = await created("web");
    const news = { ...inputs, imageId: DEBIAN_12, ...CONSENT };
    expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
    expect(await provider.diff(id, outs, news)).toMatchObject({
      replaces: [],
      updates: ["imageId", "reinstallTrigger"],
    });
    bed.lines.length = 0;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      imageId: DEBIAN_12,
      imageName: "Debian 12 (64 bit)",
      status: "ACTIVE",
      platformUuid: outs.platformUuid,
      publicIpv4Address: outs.publicIpv4Address,
      privateIpv4Address: outs.privateIpv4Address,
      reinstallTrigger: "2026-11-24",
    });
    expect(await requests(REINSTALL)).toBe(1);
    expect(await instanceCount()).toBe(1);
    expect(bed.lines).toEqual([
      `serverscom:CloudInstance web (${id}): reinstalling from image ${DEBIAN_12}: the disk is erased, the addresses stay`,
      `serverscom:CloudInstance web (${id}): REBUILDING`,
      expect.stringMatching(/: REBUILDING -> ACTIVE after 2m \d+s$/),
    ]);
  });

  it("refuses to adopt an instance of another image instead of reinstalling it unannounced", async () => {
    const existing = await bed.client.cloudInstances.create({
      name: "legacy",
      region_id: 1,
      flavor_id: "SSD.50",
      image_id: DEBIAN_12,
    });
    const error = await failure(provider.create(instanceInputs("web", { adoptId: existing.id })));
    expect(error.message).toBe(
      `adoptId: the cloud instance "${existing.id}" cannot be adopted as declared: imageId is ` +
        `"${DEBIAN_12}" there but "${UBUNTU_24}" in the program, and changing it reinstalls the ` +
        "instance, erasing its disk. Declare the instance's current image to adopt it, then " +
        "change it in an update the preview shows.",
    );
    expect(await requests(REINSTALL)).toBe(0);
  });
});

describe("reinstallTrigger: a reinstall erases the disk, so it needs the program's consent", () => {
  const failures = (olds: PropertyBag, news: PropertyBag) => checkFailures(provider, news, olds);
  const consent = { failures, olds: instanceInputs("web", { reinstallTrigger: "a" }) };

  it("check refuses a new image, naming imageId, what is erased and how to confirm", async () => {
    const olds = instanceInputs("web", { reinstallTrigger: "a" });
    expect(await failures(olds, { ...olds, imageId: DEBIAN_12, name: "web-2" })).toEqual([
      {
        property: "imageId",
        reason:
          `changing imageId from "${UBUNTU_24}" to "${DEBIAN_12}" reinstalls the cloud ` +
          "instance, which erases its disk: the operating system and every file on it (the id " +
          "and addresses stay). To confirm, change reinstallTrigger to a new value in the same " +
          `update (any text, e.g. today's date); to keep the data, restore imageId to "${UBUNTU_24}".`,
      },
    ]);
    // A trigger that stays, goes away or was never recorded is no consent either.
    await refusedWithoutConsent({ ...consent, reinstall: { imageId: DEBIAN_12 } });
    // The other in-place changes need no consent.
    expect(await failures(olds, { ...olds, flavorId: "SSD.80", name: "web-2" })).toEqual([]);
  });

  it("check passes with consent, on create, for a replacement, and for values unknown in preview", async () => {
    await passesWithConsent({ ...consent, reinstall: { imageId: DEBIAN_12 } });
    const { olds } = consent;
    const changed = { ...olds, imageId: DEBIAN_12 };
    // A new region, SSH key or user data makes a new instance: the preview shows the
    // replacement, no disk is kept.
    expect(await failures(olds, { ...changed, regionId: 2, imageId: DALLAS_UBUNTU_24 })).toEqual(
      [],
    );
    const withData = { ...olds, userData: USER_DATA };
    const newData = { ...withData, imageId: DEBIAN_12, userData: `${USER_DATA}# v2\n` };
    expect(await failures(withData, newData)).toEqual([]);
  });

  it("the trigger alone reinstalls nothing: the update records it", async () => {
    const updated = await updateTriggerAlone(
      provider,
      await created("web", { reinstallTrigger: "a" }),
    );
    expect(updated.imageId).toBe(UBUNTU_24);
    expect(await requests(REINSTALL)).toBe(0);
    expect(await requests(REBOOT)).toBe(0);
    expect(await requests(PUT)).toBe(0);
  });

  it("update refuses, before any request, a reinstall the trigger did not confirm", async () => {
    // Reinstalled outside Pulumi: the inputs did not change (check passes), the live instance
    // differs from them, and converging would reinstall it back.
    const { inputs, id, outs } = await created("web");
    await bed.client.cloudInstances.reinstall(id, { image_id: DEBIAN_12 });
    await bed.sim.control.advance(10 * 60_000);
    await bed.sim.control.clearRequestCounts();
    const news = { ...inputs, name: "web-2", flavorId: "SSD.80" };
    expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
    const error = await failure(provider.update(id, outs, news));
    expect(error).toBeInstanceOf(UpdateRefused);
    expect(error.message).toBe(
      `serverscom:CloudInstance web-2 (${id}): imageId: the instance runs image "${DEBIAN_12}", ` +
        `the program declares "${UBUNTU_24}", which needs a reinstall of the cloud instance and ` +
        "erases its disk: the operating system and every file on it (the id and addresses " +
        "stay); reinstallTrigger did not change in this update. To confirm, change " +
        "reinstallTrigger to a new value (a trigger the state had not recorded yet confirms " +
        "nothing: the update that first carries it records it); to keep the server as it is, " +
        "run `pulumi refresh` " +
        "and declare its current values.",
    );
    for (const route of [REINSTALL, UPGRADE, APPROVE, PUT]) expect(await requests(route)).toBe(0);
    expect(await bed.sim.control.peek(INSTANCES, id)).toMatchObject({
      image_id: DEBIAN_12,
      flavor_id: "SSD.50",
      name: "web",
    });
  });
});

describe("rebootTrigger", () => {
  it("does nothing on create, reboots when it changes, and nothing when removed", async () => {
    const { inputs, id, outs } = await created("web", { rebootTrigger: "1" });
    expect(outs.rebootTrigger).toBe("1");
    expect(await requests(REBOOT)).toBe(0);
    const news = { ...inputs, rebootTrigger: "2" };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["rebootTrigger"] });
    bed.lines.length = 0;
    const { outs: rebooted } = await provider.update(id, outs, news);
    expect(rebooted).toMatchObject({ rebootTrigger: "2", status: "ACTIVE" });
    expect(await requests(REBOOT)).toBe(1);
    expect(bed.lines).toEqual([
      `serverscom:CloudInstance web (${id}): rebooting (rebootTrigger changed)`,
      `serverscom:CloudInstance web (${id}): REBOOTING`,
      expect.stringMatching(/: REBOOTING -> ACTIVE after \d+s$/),
    ]);
    const { rebootTrigger: _removed, ...without } = news;
    expect(await provider.diff(id, rebooted as PropertyBag, without)).toMatchObject({
      changes: false,
    });
  });

  it("needs no separate reboot when the same update reinstalls the instance", async () => {
    const { inputs, id, outs } = await created("web", { rebootTrigger: "1" });
    await provider.update(id, outs, {
      ...inputs,
      rebootTrigger: "2",
      imageId: DEBIAN_12,
      ...CONSENT,
    });
    expect(await requests(REINSTALL)).toBe(1);
    expect(await requests(REBOOT)).toBe(0);
    expect(bed.lines).toContain(
      `serverscom:CloudInstance web (${id}): rebootTrigger changed: no separate reboot, the instance has just restarted`,
    );
  });
});

describe("a locked instance and a region in maintenance", () => {
  it("retries a refused reboot with backoff and succeeds once the instance is unlocked", async () => {
    const { inputs, id, outs } = await created("web", { rebootTrigger: "1" });
    await bed.sim.control.patch(INSTANCES, id, { _locked: true });
    // The lock is lifted after about two simulated minutes of retrying.
    const hooked = providerWithSleepHook(async (elapsed) => {
      if (elapsed >= 120_000) await bed.sim.control.patch(INSTANCES, id, { _locked: false });
    });
    bed.lines.length = 0;
    const { outs: rebooted } = await hooked.update(id, outs, { ...inputs, rebootTrigger: "2" });
    expect(rebooted).toMatchObject({ status: "ACTIVE", rebootTrigger: "2" });
    const attempts = await requests(REBOOT);
    expect(attempts).toBeGreaterThan(2);
    expect(attempts).toBeLessThan(12);
    const subject = `serverscom:CloudInstance web (${id})`;
    // One line when the refusals start and one when they end: none per attempt.
    expect(bed.lines).toEqual([
      `${subject}: busy (the instance is locked (409 CONFLICT: Cloud instance ${id} is locked: cannot reboot))`,
      `${subject}: rebooting (rebootTrigger changed)`,
      `${subject}: REBOOTING`,
      expect.stringMatching(/: REBOOTING -> ACTIVE after \d+s$/),
      expect.stringMatching(/: busy \(the instance is locked .*\) -> accepted after \dm \d+s$/),
    ]);
  });

  it("gives up at the update's timeout with an error naming the maintenance", async () => {
    const { inputs, id, outs } = await created("web");
    await bed.sim.control.patch("cloud_regions", "1", { _maintenance: true });
    const news = { ...inputs, flavorId: "SSD.80", [TIMEOUTS_INPUT]: { update: 300_000 } };
    const error = await failure(provider.update(id, outs, news));
    // The framework records what the instance is now; the next `pulumi up` tries again.
    expect(error).toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain(`serverscom:CloudInstance web (${id})`);
    expect(error.message).toContain("timed out after 5m 0s");
    expect(error.message).toContain(
      "the region is in maintenance mode (CLOUD_REGION_MAINTENANCE: Cloud region AMS1 is in maintenance mode)",
    );
    expect(await requests(UPGRADE)).toBeGreaterThan(2);
    const stored = await bed.sim.control.peek(INSTANCES, id);
    expect(stored).toMatchObject({ flavor_id: "SSD.50", status: "ACTIVE" });

    // Once the maintenance is over, the next `pulumi up` upgrades.
    await bed.sim.control.patch("cloud_regions", "1", { _maintenance: false });
    const { outs: upgraded } = await provider.update(id, outs, news);
    expect(upgraded).toMatchObject({ flavorId: "SSD.80", status: "ACTIVE" });
  });

  it("does not repeat the steps an earlier attempt already made", async () => {
    const { inputs, id, outs } = await created("web", { rebootTrigger: "1" });
    await bed.sim.control.patch(INSTANCES, id, { _locked: true });
    const hooked = providerWithSleepHook(async (elapsed) => {
      if (elapsed >= 60_000) await bed.sim.control.patch(INSTANCES, id, { _locked: false });
    });
    // The name goes out with the first attempt; the locked reboot is retried on its own.
    await hooked.update(id, outs, { ...inputs, name: "web-2", rebootTrigger: "2" });
    expect(await requests(PUT)).toBe(1);
    expect((await bed.sim.control.peek(INSTANCES, id))?.name).toBe("web-2");
  });
});

describe("failed states end the wait at once", () => {
  it("records the id when the instance turns ERROR while being created", async () => {
    const hooked = providerWithSleepHook(async () => {
      for (const record of await bed.sim.control.records(INSTANCES)) {
        await bed.sim.control.patch(INSTANCES, String(record.id), { status: "ERROR" });
      }
    });
    const error = await failure(hooked.create(instanceInputs("web")));
    expect(error).toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain('it reached the failed state "ERROR": status ERROR');
  });
});

describe("drift: read reports the live values and diff then shows the change", () => {
  it("sees an upgrade left awaiting confirmation outside Pulumi, and approves it", async () => {
    const { inputs, id, outs } = await created("web");
    await bed.client.cloudInstances.upgrade(id, { flavor_id: "SSD.80" });
    await bed.sim.control.advance(10 * 60_000);
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ flavorId: "SSD.80", awaitingUpgradeConfirmation: true });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      updates: ["flavorId", "upgradeConfirmation"],
    });
    // The program still says SSD.50: approving is all update can do; SSD.50 is then smaller.
    const error = await failure(provider.update(id, read.props as PropertyBag, inputs));
    expect(error.message).toContain(
      "the API refuses to upgrade the instance from SSD.80 to SSD.50",
    );
    expect(await requests(APPROVE)).toBe(1);
    const { outs: accepted } = await provider.update(id, read.props as PropertyBag, {
      ...inputs,
      flavorId: "SSD.80",
    });
    expect(accepted).toMatchObject({ status: "ACTIVE", flavorId: "SSD.80" });
  });
});

describe("idempotent create: the ownership label", () => {
  it("a later create never adopts the instance an earlier one made: it names it", async () => {
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const inputs = instanceInputs("web");
    const lost = await failure(
      bed.client.cloudInstances.create({
        name: "web",
        region_id: 1,
        flavor_id: "SSD.50",
        image_id: UBUNTU_24,
        labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
      }),
    );
    expect(lost.name).toBe("ConnectionError");
    expect(await instanceCount()).toBe(1);

    const result = await provider.create(inputs);
    // Issue 12, item 1: it may be the generation a replacement deletes next (docs/architecture.md).
    const all = await bed.sim.control.records(INSTANCES);
    expect(all).toHaveLength(2);
    const earlier = all.find((record) => record.id !== result.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${earlier?.id}`);
  });

  it("does not adopt an instance that is being replaced (another region)", async () => {
    const { inputs } = await created("web");
    await provider.create({ ...inputs, regionId: 2, imageId: DALLAS_UBUNTU_24 });
    expect(await instanceCount()).toBe(2);
  });
});

describe("adoption by adoptId", () => {
  it("takes over an existing instance and brings it to the declared values", async () => {
    const existing = await bed.client.cloudInstances.create({
      name: "legacy",
      region_id: 1,
      flavor_id: "SSD.30",
      image_id: UBUNTU_24,
      backup_copies: 1,
      labels: { keep: "no" },
    });
    await bed.sim.control.advance(2 * 60_000);
    const inputs = instanceInputs("web", { adoptId: existing.id, labels: { env: "prod" } });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(existing.id);
    expect(outs).toMatchObject({
      name: "web",
      flavorId: "SSD.50",
      backupCopies: 0,
      labels: { env: "prod" },
      adoptId: existing.id,
      status: "ACTIVE",
    });
    expect(await instanceCount()).toBe(1);
    expect(await requests(UPGRADE)).toBe(1);
    expect(await requests(APPROVE)).toBe(1);
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({
      changes: false,
    });
  });

  it("refuses an instance in another region", async () => {
    const existing = await bed.client.cloudInstances.create({
      name: "x",
      region_id: 2,
      flavor_id: "SSD.50",
      image_id: DALLAS_UBUNTU_24,
    });
    const error = await failure(
      provider.create(instanceInputs("web", { adoptId: existing.id, imageId: DALLAS_UBUNTU_24 })),
    );
    expect(error.message).toBe(
      `adoptId: the cloud instance "${existing.id}" cannot be adopted as declared: regionId is 2 ` +
        "there but 1 in the program. These properties cannot be changed in place: make the " +
        "program match the object.",
    );
  });

  it("refuses an id that does not exist", async () => {
    const error = await failure(provider.create(instanceInputs("web", { adoptId: "nope1234" })));
    expect(error.message).toBe('adoptId: there is no cloud instance with id "nope1234" to adopt');
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = instanceInputs("web", {
    labels: { env: "prod" },
    gpnEnabled: true,
    ipv6Enabled: false,
    backupCopies: 1,
    sshKeyFingerprint: SSH_FINGERPRINT,
    userData: USER_DATA,
    rebootTrigger: "1",
  });

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await reasons({ ...valid, upgradeConfirmation: "leave" })).toEqual([]);
    const { upgradeConfirmation: _u, ...defaulted } = valid;
    expect(await reasons(defaulted)).toEqual([]);
  });

  failsOnEach(reasons, valid, [
    [{ regionId: undefined }, "regionId", "regionId is required"],
    [{ regionId: "1" }, "regionId", 'regionId must be a whole number (got "1")'],
    [{ flavorId: undefined }, "flavorId", "flavorId is required"],
    [{ imageId: "" }, "imageId", 'imageId must be a non-empty string (got "")'],
    [{ name: undefined }, "name", "name is required"],
    [{ gpnEnabled: "yes" }, "gpnEnabled", 'gpnEnabled must be true or false (got "yes")'],
    [{ ipv6Enabled: 1 }, "ipv6Enabled", "ipv6Enabled must be true or false (got 1)"],
    [{ backupCopies: -1 }, "backupCopies", "backupCopies must be at least 0 (got -1)"],
    [{ backupCopies: 1.5 }, "backupCopies", "backupCopies must be a whole number (got 1.5)"],
    [
      { sshKeyFingerprint: "deploy" },
      "sshKeyFingerprint",
      'sshKeyFingerprint must be an SSH key fingerprint such as "aa:bb:cc:..." ' +
        '(colon-separated hexadecimal pairs; got "deploy")',
    ],
    [{ userData: "" }, "userData", "userData must be a non-empty string (got an empty string)"],
    [{ labels: "env=prod" }, "labels", "labels must be an object of string keys to string values"],
    [
      { upgradeConfirmation: "none" },
      "upgradeConfirmation",
      'upgradeConfirmation must be "approve" (confirm an upgrade at once) or "leave" (leave it ' +
        'awaiting confirmation; the API confirms it after 72 hours) (got "none")',
    ],
    [
      { rebootTrigger: 2 },
      "rebootTrigger",
      "rebootTrigger must be a string (got 2): any text; changing it reboots the server",
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("tolerates values unknown during preview", async () => {
    expect(
      await reasons({
        ...valid,
        flavorId: UNKNOWN,
        imageId: UNKNOWN,
        gpnEnabled: UNKNOWN,
        upgradeConfirmation: UNKNOWN,
        rebootTrigger: UNKNOWN,
        labels: { env: UNKNOWN },
      }),
    ).toEqual([]);
  });
});

describe("diff: unknowns may change, hidden inputs never do", () => {
  it("treats an unknown flavor as a possible upgrade and an unknown region as a replacement", async () => {
    const { inputs, id, outs } = await created("web");
    expect(await provider.diff(id, outs, { ...inputs, flavorId: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["flavorId"],
    });
    expect(await provider.diff(id, outs, { ...inputs, regionId: UNKNOWN })).toMatchObject({
      replaces: ["regionId"],
    });
    expect(
      await provider.diff(id, outs, { ...inputs, upgradeConfirmation: UNKNOWN }),
    ).toMatchObject({ changes: false });
  });
});
