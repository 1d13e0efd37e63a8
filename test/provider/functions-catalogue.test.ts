// Lookup functions over the order catalogue (locations and their order options, SBM flavors,
// cloud regions, RBS flavors) against the simulator's seed. Every function is called in its
// Promise form here; the Output form is the subject of functions-program.test.ts. Finding one
// thing by id and by name, the lists' requests and the failures all lookups share are tabled in
// functions-lookups.test.ts; what is left here is each area's own.
import { afterAll, describe, expect, it } from "vitest";
import {
  AmbiguousMatchError,
  getBandwidthOption,
  getBandwidthOptions,
  getCloudFlavor,
  getCloudImage,
  getCloudRegion,
  getCloudRegions,
  getDriveModel,
  getDriveModels,
  getLocation,
  getLocations,
  getOperatingSystem,
  getOperatingSystems,
  getRamOptions,
  getRbsFlavor,
  getRbsFlavors,
  getSbmFlavorModel,
  getSbmFlavorModels,
  getServerModel,
  getServerModels,
  getUplinkModel,
  getUplinkModels,
  LookupError,
  NoMatchError,
} from "../../provider/functions";
import { AMS1, SIN1 } from "../../simulator";
import { lookupBed } from "./functions-support";

const bed = lookupBed();
/** Every result seen, checked for the token at the end (failures are as they come). */
const texts: string[] = [];

afterAll(() => {
  expect(texts.length).toBeGreaterThan(20);
  for (const text of texts) expect(text).not.toContain(bed.sim.token);
});

/** The result, recorded for the secret check. */
async function ok<T>(promise: Promise<T>): Promise<T> {
  const result = await promise;
  texts.push(JSON.stringify(result));
  return result;
}

const { failure } = bed;

const R640 = 101;
const SUPERMICRO = 104;
const SBM_01 = 601;
const PUBLIC_1G = 403;

describe("locations", () => {
  it("lists every location with its iPXE Boot support", async () => {
    const { locations } = await ok(getLocations());
    expect(locations.map((l) => [l.code, l.ipxeBoot])).toEqual([
      ["AMS1", { private: true, public: true }],
      ["DFW1", { private: true, public: true }],
      ["SIN1", { private: false, public: false }],
    ]);
    expect(locations[0]).toMatchObject({
      id: AMS1,
      name: "Amsterdam",
      status: "active",
      l2SegmentsEnabled: true,
      privateRacksEnabled: true,
      loadBalancersEnabled: true,
    });
    expect(locations[0]?.supportedFeatures).toContain("host_rescue_mode");
  });

  it("narrows the list with a search pattern", async () => {
    const { locations } = await ok(getLocations({ searchPattern: "dal" }));
    expect(locations.map((l) => l.code)).toEqual(["DFW1"]);
  });

  it("names the close matches of an unknown code", async () => {
    const error = await failure(getLocation({ code: "ams9" }));
    expect(error).toBeInstanceOf(NoMatchError);
    expect(error.message).toBe('getLocation: no location matches "ams9"; close matches: AMS1');
    expect((error as NoMatchError).closeMatches).toEqual(["AMS1"]);
  });

  it("matches a code exactly, never as part of a name", async () => {
    const error = await failure(getLocation({ code: "AMS" }));
    expect(error.message).toContain('no location matches "AMS"; close matches: AMS1');
  });

  it("lists what exists when nothing is close", async () => {
    const error = await failure(getLocation({ name: "Frankfurt" }));
    expect(error.message).toBe(
      'getLocation: no location matches "Frankfurt"; available: Amsterdam, Dallas, Singapore',
    );
  });

  it("wants its keys of the right types", async () => {
    const wrong = await failure(getLocation({ id: "1" as unknown as number }));
    expect(wrong).toBeInstanceOf(LookupError);
    expect(wrong.message).toBe('getLocation: id must be a whole number, at least 1 (got "1")');
    expect((await failure(getLocation({ code: "  " }))).message).toBe(
      'getLocation: code must be a non-empty string (got "  ")',
    );
  });
});

describe("server models and RAM options", () => {
  it("lists the models of a location, with filters", async () => {
    const { serverModels } = await ok(getServerModels({ locationId: SIN1 }));
    expect(serverModels.map((m) => m.id)).toEqual([101, 103, 104]);
    const noRaid = await ok(getServerModels({ locationId: AMS1, hasRaidController: false }));
    expect(noRaid.serverModels.map((m) => m.name)).toEqual(["Supermicro SYS-5019C-M"]);
    const dell = await ok(getServerModels({ locationId: AMS1, searchPattern: "dell" }));
    expect(dell.serverModels.map((m) => m.id)).toEqual([101, 102]);
  });

  it("finds one by id or by words of its name, with its drive slots", async () => {
    const byId = await ok(getServerModel({ locationId: AMS1, id: R640 }));
    expect(byId).toMatchObject({
      id: R640,
      name: "Dell R640",
      cpuName: "Intel Xeon Silver 4214",
      cpuCoresCount: 24,
      ram: 32,
      maxRam: 768,
      hasRaidController: true,
      driveSlotsCount: 4,
    });
    expect(byId.driveSlots?.[0]).toEqual({
      position: 0,
      interface: "SATA3",
      formFactor: "2.5",
      driveModelId: null,
      hotSwappable: true,
    });
    const byName = await ok(getServerModel({ locationId: AMS1, name: "r740XD" }));
    expect(byName.id).toBe(102);
    expect(byName.driveSlots).toHaveLength(12);
  });

  it("refuses a name that fits several models, listing them", async () => {
    const error = await failure(getServerModel({ locationId: AMS1, name: "dell" }));
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect(error.message).toBe(
      'getServerModel: "dell" matches 2 server models in location AMS1: Dell R640 (id 101), ' +
        "Dell R740xd (id 102); give the id or the full name",
    );
  });

  it("does not find a model of another location", async () => {
    const error = await failure(getServerModel({ locationId: SIN1, name: "Dell R740xd" }));
    expect(error.message).toBe(
      'getServerModel: no server model matches "Dell R740xd" in location SIN1; ' +
        "close matches: Dell R640",
    );
  });

  it("lists the RAM sizes of a model", async () => {
    const { ramOptions } = await ok(getRamOptions({ locationId: AMS1, serverModelId: R640 }));
    expect(ramOptions.map((o) => o.ram)).toEqual([32, 64, 128, 256, 512]);
    expect(ramOptions[0]).toEqual({ ram: 32, type: "DDR4" });
  });
});

describe("operating systems", () => {
  const dedicated = { locationId: AMS1, serverModelId: R640 };
  const sbm = { locationId: AMS1, sbmFlavorModelId: SBM_01 };

  it("lists those of a server model and those of an SBM flavor (no Windows there)", async () => {
    const all = await ok(getOperatingSystems(dedicated));
    expect(all.operatingSystems.map((os) => os.id)).toEqual([301, 302, 303, 304, 305]);
    const linux = await ok(getOperatingSystems({ locationId: AMS1, serverModelId: SUPERMICRO }));
    expect(linux.operatingSystems.map((os) => os.id)).toEqual([301, 302, 303, 304]);
    const forSbm = await ok(getOperatingSystems(sbm));
    expect(forSbm.operatingSystems.map((os) => os.fullName)).not.toContain(
      "Windows Server 2022 Standard x86_64",
    );
    expect(forSbm.operatingSystems).toHaveLength(4);
  });

  it("finds one by id, for a server model and for an SBM flavor", async () => {
    expect(await ok(getOperatingSystem({ ...dedicated, id: 302 }))).toEqual({
      id: 302,
      fullName: "Ubuntu 24.04-server x86_64",
      name: "Ubuntu",
      version: "24.04-server",
      arch: "x86_64",
      filesystems: ["ext4", "xfs", "swap"],
    });
    expect((await ok(getOperatingSystem({ ...sbm, id: 303 }))).fullName).toBe("Debian 12 x86_64");
    const windows = await failure(getOperatingSystem({ ...sbm, id: 305 }));
    expect(windows).toBeInstanceOf(NoMatchError);
  });

  it("finds one by full name, by name and version, or by whole words, in any case", async () => {
    for (const name of [
      "ubuntu 24.04",
      "UBUNTU 24.04-SERVER X86_64",
      "Ubuntu 24.04-server",
      "ubuntu  24.04",
      "24.04",
    ]) {
      expect((await ok(getOperatingSystem({ ...dedicated, name }))).id).toBe(302);
    }
    expect((await ok(getOperatingSystem({ ...sbm, name: "rocky" }))).id).toBe(304);
  });

  it("names the close matches of a typo (what Terraform users rely on)", async () => {
    const error = await failure(getOperatingSystem({ ...dedicated, name: "ubunto 24.04" }));
    expect(error.message).toBe(
      'getOperatingSystem: no operating system matches "ubunto 24.04" in location AMS1; ' +
        "close matches: Ubuntu 24.04-server x86_64, Ubuntu 22.04-server x86_64",
    );
  });

  it("does not take part of a word for a match", async () => {
    const error = await failure(getOperatingSystem({ ...dedicated, name: "buntu 24.04" }));
    expect(error.message).toContain("close matches: Ubuntu 24.04-server x86_64");
  });

  it("refuses a name that fits several systems", async () => {
    const error = await failure(getOperatingSystem({ ...dedicated, name: "Ubuntu" }));
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect((error as AmbiguousMatchError).matches).toEqual([
      "Ubuntu 22.04-server x86_64 (id 301)",
      "Ubuntu 24.04-server x86_64 (id 302)",
    ]);
  });

  it("lists what an SBM flavor offers when nothing is close", async () => {
    const error = await failure(getOperatingSystem({ ...sbm, name: "Windows Server" }));
    expect(error.message).toBe(
      'getOperatingSystem: no operating system matches "Windows Server" in location AMS1; ' +
        "available: Ubuntu 22.04-server x86_64, Ubuntu 24.04-server x86_64, Debian 12 x86_64, " +
        "Rocky Linux 9 x86_64",
    );
  });

  it("wants exactly one of a server model and an SBM flavor", async () => {
    expect((await failure(getOperatingSystems({ locationId: AMS1 }))).message).toBe(
      "getOperatingSystems: give serverModelId (for a dedicated server) or sbmFlavorModelId " +
        "(for an SBM server)",
    );
    const both = await failure(
      getOperatingSystems({ locationId: AMS1, serverModelId: R640, sbmFlavorModelId: SBM_01 }),
    );
    expect(both.message).toBe(
      "getOperatingSystems: give only one of serverModelId, sbmFlavorModelId " +
        "(got serverModelId and sbmFlavorModelId)",
    );
  });
});

describe("drive models", () => {
  const model = { locationId: AMS1, serverModelId: R640 };

  it("lists those of a server model, with filters", async () => {
    const all = await ok(getDriveModels(model));
    expect(all.driveModels.map((d) => d.id)).toEqual([201, 202, 203]);
    const nvme = await ok(getDriveModels({ ...model, mediaType: "NVMe" }));
    expect(nvme.driveModels.map((d) => d.id)).toEqual([203]);
  });

  it("reads one through the spec's drive-model endpoint", async () => {
    expect(await ok(getDriveModel({ ...model, id: 202 }))).toEqual({
      id: 202,
      name: "Samsung PM883 960GB",
      capacity: 960,
      interface: "SATA3",
      formFactor: "2.5",
      mediaType: "SSD",
    });
  });

  it("reports the API's NOT_FOUND for a model the server model cannot hold", async () => {
    const error = await failure(getDriveModel({ ...model, id: 205 }));
    expect(error).toBeInstanceOf(NoMatchError);
    expect(error.message).toMatch(
      /^getDriveModel: no drive model has id 205 \(GET \/v1\/locations\/1\/order_options\/server_models\/101\/drive_models\/205 -> 404 NOT_FOUND/,
    );
  });

  it("refuses a name several models fit", async () => {
    const error = await failure(getDriveModel({ ...model, name: "samsung" }));
    expect(error.message).toContain(
      '"samsung" matches 2 drive models for server model 101 in location AMS1',
    );
  });
});

describe("uplink models and bandwidth options", () => {
  const model = { locationId: AMS1, serverModelId: R640 };

  it("lists uplinks, by type", async () => {
    const all = await ok(getUplinkModels(model));
    expect(all.uplinkModels.map((u) => u.id)).toEqual([401, 402, 403, 404]);
    const publics = await ok(getUplinkModels({ ...model, type: "public" }));
    expect(publics.uplinkModels.map((u) => u.id)).toEqual([403, 404]);
    const wrong = await failure(getUplinkModels({ ...model, type: "fast" as "public" }));
    expect(wrong.message).toBe('getUplinkModels: type must be one of public, private (got "fast")');
  });

  it("finds an uplink by id, with every field", async () => {
    expect(await ok(getUplinkModel({ ...model, id: 402 }))).toEqual({
      id: 402,
      name: "Private 10 Gbps with redundancy",
      type: "private",
      speed: 10000,
      redundancy: true,
    });
  });

  it("lists the bandwidth options of a public uplink; a miss names the close ones", async () => {
    const uplink = { ...model, uplinkModelId: PUBLIC_1G };
    const all = await ok(getBandwidthOptions(uplink));
    expect(all.bandwidthOptions.map((b) => [b.name, b.commit])).toEqual([
      ["20 TB", 20_000_000_000_000],
      ["50 TB", 50_000_000_000_000],
      ["Unmetered 1 Gbps", null],
    ]);
    const error = await failure(getBandwidthOption({ ...uplink, name: "30 TB" }));
    expect(error.message).toBe(
      'getBandwidthOption: no bandwidth option matches "30 TB" for uplink model 403 in ' +
        "location AMS1; close matches: 20 TB, 50 TB",
    );
  });
});

describe("SBM flavor models", () => {
  it("lists the flavors of a location", async () => {
    const { sbmFlavorModels } = await ok(getSbmFlavorModels({ locationId: SIN1 }));
    expect(sbmFlavorModels.map((f) => f.name)).toEqual(["SBM-01", "SBM-Private-01"]);
    expect(sbmFlavorModels[1]).toMatchObject({
      publicUplinkModelId: null,
      privateUplinkModelId: 401,
      bandwidthName: null,
      cpuFrequency: "3.4",
    });
  });

  it("finds one by words of its name; several fitting is an error", async () => {
    expect((await ok(getSbmFlavorModel({ locationId: AMS1, name: "private" }))).id).toBe(603);
    const error = await failure(getSbmFlavorModel({ locationId: AMS1, name: "SBM" }));
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect(error.message).toContain("matches 4 SBM flavor models in location AMS1");
  });
});

describe("cloud regions", () => {
  it("lists the regions with their flavors and images", async () => {
    const { cloudRegions } = await ok(getCloudRegions());
    expect(cloudRegions.map((r) => r.code)).toEqual(["AMS1", "DFW1"]);
    expect(cloudRegions[0]?.flavors.map((f) => f.id)).toEqual([
      "SSD.30",
      "SSD.50",
      "SSD.80",
      "SSD.120",
    ]);
    expect(cloudRegions[1]?.images).toHaveLength(3);
  });

  it("finds a region with its images", async () => {
    const ams = await ok(getCloudRegion({ code: "ams1" }));
    expect(ams).toMatchObject({ id: 1, name: "Amsterdam" });
    expect(ams.images[0]).toEqual({
      id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      name: "Ubuntu 24.04-server (64 bit)",
    });
  });

  it("finds a flavor and an image of a region by id or name", async () => {
    expect(await ok(getCloudFlavor({ regionId: 2, id: "SSD.80" }))).toEqual({
      id: "SSD.80",
      name: "SSD.80",
    });
    const foreign = await failure(
      getCloudImage({ regionId: 2, id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01" }),
    );
    expect(foreign.message).toMatch(
      /^getCloudImage: no cloud image has id 6f1c3b4e-\S+ in cloud region DFW1; available: /,
    );
    const typo = await failure(getCloudImage({ regionId: 1, name: "debain 12" }));
    expect(typo.message).toBe(
      'getCloudImage: no cloud image matches "debain 12" in cloud region AMS1; ' +
        "close matches: Debian 12 (64 bit)",
    );
  });
});

describe("RBS flavors", () => {
  it("lists the flavors of a location; a miss names those there are", async () => {
    const { rbsFlavors } = await ok(getRbsFlavors({ locationId: AMS1 }));
    expect(rbsFlavors).toEqual([
      { id: 1, name: "Standard", iopsPerGb: 10, bandwidthPerGb: 1, minSizeGb: 10 },
      { id: 2, name: "Ultra", iopsPerGb: 50, bandwidthPerGb: 2, minSizeGb: 50 },
    ]);
    const error = await failure(getRbsFlavor({ locationId: SIN1, name: "ultra" }));
    expect(error.message).toBe(
      'getRbsFlavor: no RBS flavor matches "ultra" in location SIN1; available: Standard',
    );
  });
});
