// client.dedicatedServers against the simulator: order -> installed -> read -> listed by label ->
// relabelled -> power, features (iPXE Boot), reinstall, SSH keys, networks, PTR records ->
// released; and the SDK's error classes for the simulator's refusals.
import { describe, expect, it } from "vitest";
import {
  type DedicatedServer,
  type DedicatedServerCreateBody,
  dedicatedServerFeatureStates,
} from "../../sdk/areas/dedicated-servers";
import {
  ConflictError,
  NotFoundError,
  PreconditionFailedError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { dedicatedConfiguration, IPXE_SCRIPT, SSH_KEY } from "../simulator/hosts-fixtures";
import { dedicatedServerOrder } from "./dedicated-order";
import {
  HOUR,
  hostPowerSettled,
  hostReady,
  MINUTE,
  onlyHost,
  rejectionOf,
  type SdkBed,
  useSdkSimulator,
  waitInstalled,
  waitSettled,
} from "./support";

/** The suite's order: the simulator suite's dedicated server (hosts-fixtures.ts), labelled. */
function order(overrides: Partial<DedicatedServerCreateBody> = {}): DedicatedServerCreateBody {
  return dedicatedServerOrder("web1.example.com", {
    ...dedicatedConfiguration(),
    labels: { env: "test", tier: "web" },
    ...overrides,
  });
}

const ready = hostReady<DedicatedServer>();

async function orderOne(bed: SdkBed, overrides: Partial<DedicatedServerCreateBody> = {}) {
  return onlyHost(await bed.client.dedicatedServers.create(order(overrides)));
}

function installed(bed: SdkBed, id: string): Promise<DedicatedServer> {
  return waitInstalled(bed, () => bed.client.dedicatedServers.get(id));
}

async function featureStatus(bed: SdkBed, id: string, name: string): Promise<string | undefined> {
  for await (const feature of bed.client.dedicatedServers.listFeatures(id)) {
    if (feature.name === name) return feature.status;
  }
  return undefined;
}

async function waitFeature(bed: SdkBed, id: string, name: string): Promise<string> {
  const { value } = await waitSettled(
    bed,
    async () => ({ status: await featureStatus(bed, id, name) }),
    [[dedicatedServerFeatureStates, (f) => f.status]],
  );
  return value.status ?? "";
}

describe("client.dedicatedServers on the simulator", () => {
  const bed = useSdkSimulator({ seed: { records: { ssh_keys: [SSH_KEY] } } });

  it("orders a server, which installs through init/provisioning/unknown to active/normal/powered_on", async () => {
    const created = await orderOne(bed(), { ssh_key_fingerprints: [SSH_KEY.fingerprint] });
    expect(created).toMatchObject({
      type: "dedicated_server",
      title: "web1.example.com",
      status: "init",
      operational_status: "provisioning",
      power_status: "unknown",
      labels: { env: "test", tier: "web" },
      scheduled_release_at: null,
    });
    const { value, states } = await waitSettled(
      bed(),
      () => bed().client.dedicatedServers.get(created.id),
      ready,
    );
    expect(states[0]).toBe("init/provisioning/unknown");
    expect(states.at(-1)).toBe("active/normal/powered_on");
    expect(states).toContain("pending/installation/powered_on");
    expect(value.private_ipv4_address).toMatch(/^10\./);
    expect(value.configuration_details?.operating_system_id).toBe(301);
    expect(value.ipxe_config).toBeNull();
  });

  it("lists with a label selector, and labels replace the whole set on update", async () => {
    const server = await installed(bed(), (await orderOne(bed())).id);
    const selected = await bed()
      .client.dedicatedServers.list({ labelSelector: "tier==web,env in (test)" })
      .toArray({ limit: 100 });
    expect(selected.map((s) => s.id)).toContain(server.id);

    const relabelled = await bed().client.dedicatedServers.update(server.id, {
      labels: { tier: "db" },
    });
    expect(relabelled.labels).toEqual({ tier: "db" });
    const byOldLabel = await bed()
      .client.dedicatedServers.list({ labelSelector: "env==test" })
      .toArray({ limit: 100 });
    expect(byOldLabel.map((s) => s.id)).not.toContain(server.id);

    const renamed = await bed().client.dedicatedServers.update(server.id, {
      title: "db1.example.com",
      labels: {},
    });
    expect(renamed).toMatchObject({ title: "db1.example.com", labels: {} });
    expect((await bed().client.dedicatedServers.get(server.id)).labels).toEqual({});
  });

  it("reboots and switches power, each through its transitional state", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    const power = hostPowerSettled<DedicatedServer>();

    await api.reboot(id);
    expect((await api.get(id)).power_status).toBe("power_cycling");
    // Another power operation is refused while one is in process.
    const busy = await rejectionOf(api.powerOff(id), ConflictError);
    expect(busy.code).toBe("CONFLICT");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_on",
    );

    expect((await api.powerOff(id)).power_status).toBe("powering_off");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_off",
    );
    expect((await api.powerOn(id)).power_status).toBe("powering_on");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_on",
    );
    expect((await api.powerCycle(id)).power_status).toBe("power_cycling");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_on",
    );
  });

  it("refuses power operations before the server is ready with PreconditionFailedError", async () => {
    const server = await orderOne(bed());
    const error = await rejectionOf(
      bed().client.dedicatedServers.powerOn(server.id),
      PreconditionFailedError,
    );
    expect(error.code).toBe("PRECONDITION_FAILED");
    expect(error.status).toBe(412);
  });

  it("reinstalls through installation back to normal", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    const started = await api.reinstall(id, {
      hostname: "web9.example.com",
      operating_system_id: 303,
    });
    expect(started).toMatchObject({
      title: "web9.example.com",
      operational_status: "installation",
    });
    const { value, states } = await waitSettled(bed(), () => api.get(id), ready);
    expect(states).toEqual(["active/installation/powered_on", "active/normal/powered_on"]);
    expect(value.configuration_details).toMatchObject({
      operating_system_id: 303,
      operating_system_full_name: "Debian 12 x86_64",
    });
  });

  it("activates iPXE Boot, reinstalls from a script, and deactivates it again", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    const features = await api.listFeatures(id).toArray({ limit: 50 });
    expect(features).toContainEqual({ name: "private_ipxe_boot", status: "deactivated" });

    expect(await api.activateFeature(id, "private_ipxe_boot")).toEqual({
      name: "private_ipxe_boot",
      status: "activation",
    });
    expect(await waitFeature(bed(), id, "private_ipxe_boot")).toBe("activated");
    // Restriction 1: only one iPXE Boot feature at a time.
    const second = await rejectionOf(api.activateFeature(id, "public_ipxe_boot"), ConflictError);
    expect(second.code).toBe("INCOMPATIBLE_FEATURE_STATE");

    await api.reinstall(id, {
      hostname: "pxe1.example.com",
      operating_system_id: null,
      ipxe_config: IPXE_SCRIPT,
    });
    const reinstalled = await installed(bed(), id);
    expect(reinstalled.ipxe_config).toBe(IPXE_SCRIPT);
    expect(reinstalled.configuration_details?.operating_system_id).toBeNull();

    expect((await api.deactivateFeature(id, "private_ipxe_boot")).status).toBe("deactivation");
    expect(await waitFeature(bed(), id, "private_ipxe_boot")).toBe("deactivated");
  });

  it("refuses a reinstall with an operating system while iPXE Boot is active (409)", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    await api.activateFeature(id, "public_ipxe_boot", { ipxe_config: IPXE_SCRIPT });
    await waitFeature(bed(), id, "public_ipxe_boot");
    const error = await rejectionOf(
      api.reinstall(id, { hostname: "web1.example.com", operating_system_id: 301 }),
      ConflictError,
    );
    expect(error.code).toBe("INCOMPATIBLE_FEATURE_STATE");
  });

  it("attaches, lists and detaches SSH keys", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    const attached = await api.attachSshKeys(id, [SSH_KEY.fingerprint]);
    expect(attached.map((k) => k.fingerprint)).toEqual([SSH_KEY.fingerprint]);
    expect((await api.listSshKeys(id)).items.map((k) => k.name)).toEqual(["deploy"]);
    expect(await api.getSshKey(id, SSH_KEY.fingerprint)).toMatchObject({ name: "deploy" });
    await api.detachSshKey(id, SSH_KEY.fingerprint);
    expect((await api.listSshKeys(id)).items).toEqual([]);
    await rejectionOf(api.detachSshKey(id, SSH_KEY.fingerprint), NotFoundError);
    await rejectionOf(api.getSshKey(id, SSH_KEY.fingerprint), NotFoundError);
  });

  it("lists and reads networks, and creates, lists and deletes PTR records", async () => {
    const server = await orderOne(bed(), { ipv6: true });
    const api = bed().client.dedicatedServers;
    const pending = await api.listNetworks(server.id).toArray({ limit: 20 });
    expect(pending.every((n) => n.status === "new")).toBe(true);
    await installed(bed(), server.id);
    const networks = await api.listNetworks(server.id, { family: "ipv4" }).toArray({ limit: 20 });
    expect(networks.map((n) => n.interface_type).sort()).toEqual(["oob", "private", "public"]);
    expect(networks.every((n) => n.status === "active")).toBe(true);
    const ipv6 = await api.listNetworks(server.id, { family: "ipv6" });
    expect(ipv6.items).toHaveLength(1);
    const first = networks[0];
    if (first === undefined) throw new Error("the server has networks");
    expect(await api.getNetwork(server.id, first.id)).toEqual(first);

    const ptr = await api.createPtrRecord(server.id, {
      ip: "100.64.0.9",
      domain: "mx.example.com",
    });
    expect(ptr).toMatchObject({ ip: "100.64.0.9", domain: "mx.example.com", ttl: 60, priority: 0 });
    expect((await api.listPtrRecords(server.id)).items).toEqual([ptr]);
    await api.deletePtrRecord(server.id, ptr.id);
    expect((await api.listPtrRecords(server.id)).items).toEqual([]);
  });

  it("answers an order's every bad field at once as UnprocessableEntityError.errors", async () => {
    const error = await rejectionOf(
      bed().client.dedicatedServers.create(
        order({ server_model_id: 999, hosts: [{ hostname: "ok.example.com" }, { hostname: "" }] }),
      ),
      UnprocessableEntityError,
    );
    expect(error.code).toBe("UNPROCESSABLE_ENTITY");
    expect(error.errors).toHaveProperty("server_model_id");
    expect(error.errors).toHaveProperty(["hosts.1.hostname"]);
  });

  it("schedules a release, aborts it, and once released the server answers with scheduled_release_at", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.dedicatedServers;
    const notScheduled = await rejectionOf(api.abortRelease(id), ConflictError);
    expect(notScheduled.code).toBe("HOST_RELEASE_NOT_SCHEDULED");

    const scheduled = await api.scheduleRelease(id);
    expect(scheduled.scheduled_release_at).not.toBeNull();
    const twice = await rejectionOf(api.scheduleRelease(id), ConflictError);
    expect(twice.code).toBe("HOST_RELEASE_ALREADY_SCHEDULED");
    expect((await api.abortRelease(id)).scheduled_release_at).toBeNull();

    const now = Date.parse(await bed().sim.control.now());
    const releaseAt = new Date(now + HOUR).toISOString();
    await api.scheduleRelease(id, { release_after: releaseAt });
    await bed().sim.control.advance(HOUR + MINUTE);
    // "A released server keeps answering GET with scheduled_release_at set: treat that as gone."
    const released = await api.get(id);
    expect(released.scheduled_release_at).toBe(releaseAt);
    const late = await rejectionOf(api.abortRelease(id), ConflictError);
    expect(late.code).toBe("CONFLICT");
  });

  it("answers NotFoundError for a server that does not exist", async () => {
    const error = await rejectionOf(bed().client.dedicatedServers.get("nOsUcH01"), NotFoundError);
    expect(error.code).toBe("NOT_FOUND");
    expect(error.correlationId).toMatch(/\S/);
  });
});
