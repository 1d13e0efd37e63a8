// client.sbmServers against the simulator: order (one host per hosts entry) -> installed -> read
// -> listed by label -> relabelled -> reinstall, power, networks, PTR records -> released (DELETE)
// -> gone; and the SDK's error classes for the simulator's refusals.
import { describe, expect, it } from "vitest";
import type { SbmServer, SbmServerCreateBody } from "../../sdk/areas/sbm-servers";
import {
  ConflictError,
  NotFoundError,
  PreconditionFailedError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { SBM_ORDERED } from "../simulator/hosts-fixtures";
import {
  expectSelectorRefused,
  hostPowerSettled,
  hostReady,
  onlyHost,
  rejectionOf,
  type SdkBed,
  useSdkSimulator,
  waitGone,
  waitInstalled,
  waitSettled,
} from "./support";

function order(overrides: Partial<SbmServerCreateBody> = {}): SbmServerCreateBody {
  return {
    location_id: 1,
    sbm_flavor_model_id: 601,
    operating_system_id: 302,
    hosts: [{ hostname: "sbm1.example.com", labels: { env: "test", app: "api" } }],
    ...overrides,
  };
}

const ready = hostReady<SbmServer>();

async function orderOne(bed: SdkBed, overrides: Partial<SbmServerCreateBody> = {}) {
  return onlyHost(await bed.client.sbmServers.create(order(overrides)));
}

function installed(bed: SdkBed, id: string): Promise<SbmServer> {
  return waitInstalled(bed, () => bed.client.sbmServers.get(id));
}

describe("client.sbmServers on the simulator", () => {
  const bed = useSdkSimulator();

  it("orders one host per hosts entry, each installing to active/normal/powered_on", async () => {
    const created = await bed().client.sbmServers.create(
      order({
        hosts: [
          { hostname: "a.example.com", labels: { env: "test" } },
          { hostname: "b.example.com" },
        ],
      }),
    );
    expect(created.map((s) => s.title)).toEqual(["a.example.com", "b.example.com"]);
    for (const server of created) expect(server).toMatchObject(SBM_ORDERED);
    expect(created[1]?.labels).toEqual({});
    const { value, states } = await waitSettled(
      bed(),
      () => bed().client.sbmServers.get(created[0]?.id ?? ""),
      ready,
    );
    expect(states.at(0)).toBe("init/provisioning/unknown");
    expect(states.at(-1)).toBe("active/normal/powered_on");
    expect(value.configuration_details).toMatchObject({
      sbm_flavor_model_id: 601,
      operating_system_id: 302,
    });
    expect(value.public_ipv4_address).not.toBeNull();
  });

  it("lists by label selector and location; labels replace the whole set", async () => {
    const server = await orderOne(bed());
    const api = bed().client.sbmServers;
    const found = await api
      .list({ labelSelector: "app==api", locationId: 1 })
      .toArray({ limit: 50 });
    expect(found.map((s) => s.id)).toContain(server.id);
    expect((await api.list({ labelSelector: "app==api", locationId: 2 })).items).toEqual([]);

    expect((await api.update(server.id, { labels: { app: "web" } })).labels).toEqual({
      app: "web",
    });
    const afterUpdate = await api.list({ labelSelector: "env" }).toArray({ limit: 50 });
    expect(afterUpdate.map((s) => s.id)).not.toContain(server.id);
    expect((await api.update(server.id, { labels: {} })).labels).toEqual({});
  });

  it("reinstalls through installation back to normal, and refuses Windows", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.sbmServers;
    const windows = await rejectionOf(
      api.reinstall(id, { hostname: "sbm1.example.com", operating_system_id: 305 }),
      UnprocessableEntityError,
    );
    expect(windows.errors.operating_system_id).toMatch(/Windows/);

    const started = await api.reinstall(id, {
      hostname: "sbm2.example.com",
      operating_system_id: 303,
    });
    expect(started.operational_status).toBe("installation");
    // A second reinstall while the first runs is a conflict.
    const busy = await rejectionOf(
      api.reinstall(id, { hostname: "sbm2.example.com", operating_system_id: 303 }),
      ConflictError,
    );
    expect(busy.code).toBe("CONFLICT");
    const done = await installed(bed(), id);
    expect(done).toMatchObject({ title: "sbm2.example.com", operational_status: "normal" });
    expect(done.configuration_details?.operating_system_id).toBe(303);
  });

  it("switches power off, on and cycles it; refuses power before the host is ready", async () => {
    const fresh = await orderOne(bed());
    await rejectionOf(bed().client.sbmServers.powerOff(fresh.id), PreconditionFailedError);
    const { id } = await installed(bed(), fresh.id);
    const api = bed().client.sbmServers;
    const power = hostPowerSettled<SbmServer>();
    expect((await api.powerOff(id)).power_status).toBe("powering_off");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_off",
    );
    expect((await api.powerOn(id)).power_status).toBe("powering_on");
    await waitSettled(bed(), () => api.get(id), power);
    expect((await api.powerCycle(id)).power_status).toBe("power_cycling");
    expect((await waitSettled(bed(), () => api.get(id), power)).value.power_status).toBe(
      "powered_on",
    );
  });

  it("lists networks and keeps PTR records", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.sbmServers;
    const networks = await api.listNetworks(id, { interfaceType: "public" }).toArray({ limit: 10 });
    expect(networks).toHaveLength(1);
    expect(networks[0]).toMatchObject({ interface_type: "public", status: "active" });
    expect(await api.getNetwork(id, networks[0]?.id ?? "")).toEqual(networks[0]);
    const ptr = await api.createPtrRecord(id, {
      ip: "100.64.1.2",
      domain: "sbm.example.com",
      ttl: 300,
      priority: 10,
    });
    expect(ptr).toMatchObject({ ttl: 300, priority: 10, domain: "sbm.example.com" });
    expect((await api.listPtrRecords(id)).items.map((p) => p.id)).toEqual([ptr.id]);
    await api.deletePtrRecord(id, ptr.id);
    await rejectionOf(api.deletePtrRecord(id, ptr.id), NotFoundError);
  });

  it("releases with DELETE: the answer is the server, which is gone after the release", async () => {
    const { id } = await installed(bed(), (await orderOne(bed())).id);
    const api = bed().client.sbmServers;
    const releasing = await api.release(id);
    expect(releasing.id).toBe(id);
    expect(releasing.scheduled_release_at).not.toBeNull();
    await waitGone(bed(), () => api.get(id));
    await rejectionOf(api.get(id), NotFoundError);
    expect((await api.list().toArray({ limit: 100 })).map((s) => s.id)).not.toContain(id);
  });

  it("refuses an unknown flavor and a network id without a matching uplink, naming each field", async () => {
    const api = bed().client.sbmServers;
    const flavor = await rejectionOf(
      api.create(order({ sbm_flavor_model_id: 9999 })),
      UnprocessableEntityError,
    );
    expect(Object.keys(flavor.errors)).toEqual(["sbm_flavor_model_id"]);
    const uplink = await rejectionOf(
      api.create(
        order({
          sbm_flavor_model_id: 603,
          hosts: [
            { hostname: "ok.example.com" },
            { hostname: "pub.example.com", public_ipv4_network_id: "net-1" },
          ],
        }),
      ),
      UnprocessableEntityError,
    );
    expect(Object.keys(uplink.errors)).toEqual(["hosts.1.public_ipv4_network_id"]);
  });

  it("answers BadRequestError naming the parameter for a malformed label selector", async () => {
    await expectSelectorRefused(bed().client.sbmServers.list({ labelSelector: "env in (prod" }));
  });
});
