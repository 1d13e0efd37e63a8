// client.locations against the simulator: locations and every order option, read and paged
// through the SDK; the lifecycle is an order built only from what the SDK found there, which
// installs, and an SBM order on the options an SBM flavor offers.
import { describe, expect, it } from "vitest";
import { hostStatusStates, ipxeBootModes, supportsIpxeBoot } from "../../sdk";
import { NotFoundError } from "../../sdk/core/errors";
import { iterated, rejectionOf, useSdkSimulator, waitSettled } from "./support";

describe("client.locations on the simulator", () => {
  const bed = useSdkSimulator();

  it("lists locations over several pages, searches them and reads one", async () => {
    const api = bed().client.locations;
    const codes = await iterated(api.list({ perPage: 2 }), (location) => location.code);
    expect(codes).toEqual(["AMS1", "DFW1", "SIN1"]);
    expect((await api.list({ searchPattern: "dall" })).items.map((l) => l.code)).toEqual(["DFW1"]);
    const sin = await api.get(3);
    expect(supportsIpxeBoot(sin)).toBe(false);
    expect(ipxeBootModes(await api.get(1))).toEqual(["private_ipxe_boot", "public_ipxe_boot"]);
    await rejectionOf(api.get(99), NotFoundError);
  });

  it("reads every kind of order option of a server model", async () => {
    const api = bed().client.locations;
    const models = await api
      .listServerModels(1, { perPage: 1 })
      .toArray({ limit: 10, concurrency: 2 });
    expect(models.map((m) => m.id)).toEqual([101, 102, 103, 104]);
    const withoutRaid = await api.listServerModels(1, { hasRaidController: false });
    expect(withoutRaid.items.map((m) => m.id)).toEqual([104]);
    expect((await api.getServerModel(1, 101)).drive_slots).toHaveLength(4);
    expect((await api.listRamOptions(1, 101)).items[0]).toEqual({ ram: 32, type: "DDR4" });

    const systems = await api
      .listOperatingSystems(1, 101, { sorting: "name" })
      .toArray({ limit: 20 });
    expect(systems.map((o) => o.name)).toEqual([...systems.map((o) => o.name)].sort());
    expect(await api.getOperatingSystem(1, 101, 303)).toMatchObject({
      full_name: "Debian 12 x86_64",
    });

    const ssd = await api.listDriveModels(1, 102, { mediaType: "SSD" });
    expect(ssd.items.map((d) => d.id)).toEqual([202]);
    expect(await api.getDriveModel(1, 101, 201)).toMatchObject({
      capacity: 480,
      media_type: "SSD",
    });
    const missing = await rejectionOf(api.getDriveModel(1, 101, 205), NotFoundError);
    expect(missing.code).toBe("NOT_FOUND");

    const publicUplinks = await api.listUplinkModels(1, 101, { type: "public" });
    expect(publicUplinks.items.map((u) => u.id)).toEqual([403, 404]);
    expect(await api.getUplinkModel(1, 101, 402)).toMatchObject({ redundancy: true });
    const bandwidth = await api.listBandwidthOptions(1, 101, 403, { type: "bandwidth" });
    expect(bandwidth.items.map((b) => b.name)).toEqual(["Unmetered 1 Gbps"]);
    expect(await api.getBandwidthOption(1, 101, 403, 501)).toMatchObject({ name: "20 TB" });
  });

  it("reads SBM flavors and their operating systems, Windows left out", async () => {
    const api = bed().client.locations;
    const flavors = await api.listSbmFlavorModels(2).toArray({ limit: 10 });
    expect(flavors.map((f) => f.name)).toEqual(["SBM-01", "SBM-02", "SBM-Public-01"]);
    expect(await api.getSbmFlavorModel(2, 602)).toMatchObject({ ram_size: 128 });
    const systems = await api
      .listSbmOperatingSystems(2, 601, { perPage: 2 })
      .toArray({ limit: 10 });
    expect(systems.map((o) => o.id)).toEqual([301, 302, 303, 304]);
    await rejectionOf(api.getSbmOperatingSystem(2, 601, 305), NotFoundError);
    expect(await api.getSbmOperatingSystem(2, 601, 302)).toMatchObject({ version: "24.04-server" });
  });

  it("orders a dedicated server from options found through the SDK alone", async () => {
    const client = bed().client;
    const api = client.locations;
    const location = (await api.list()).items.find((l) => l.code === "DFW1");
    if (location === undefined) throw new Error("DFW1 is seeded");
    const [model] = (await api.listServerModels(location.id, { hasRaidController: true })).items;
    if (model === undefined) throw new Error("DFW1 has a model with RAID");
    const [ram] = (await api.listRamOptions(location.id, model.id)).items;
    const [drive] = (await api.listDriveModels(location.id, model.id)).items;
    const [privateUplink] = (await api.listUplinkModels(location.id, model.id, { type: "private" }))
      .items;
    const os = (await api.listOperatingSystems(location.id, model.id)).items.find(
      (o) => o.name === "Debian",
    );
    if (
      ram === undefined ||
      drive === undefined ||
      privateUplink === undefined ||
      os === undefined
    ) {
      throw new Error("the catalogue offers every option");
    }
    const [server] = await client.dedicatedServers.create({
      location_id: location.id,
      server_model_id: model.id,
      uplink_models: { private: { id: privateUplink.id } },
      ram_size: ram.ram,
      drives: { slots: [{ position: 0, drive_model_id: drive.id }] },
      operating_system_id: os.id,
      hosts: [{ hostname: "catalogue.example.com" }],
    });
    if (server === undefined) throw new Error("one server ordered");
    const { value } = await waitSettled(bed(), () => client.dedicatedServers.get(server.id), [
      [hostStatusStates, (s) => s.status],
    ]);
    expect(value).toMatchObject({ status: "active", location_code: "DFW1" });
    expect(value.configuration_details).toMatchObject({
      server_model_id: model.id,
      operating_system_full_name: os.full_name,
      public_uplink_id: null,
    });
  });
});
