// The seed catalogue: locations and the order options per location, read-only through the API.
// Other areas and tests rely on these facts (keep them): location 1 AMS1 and 2 DFW1 offer both
// iPXE Boot features and L2 segments; 3 SIN1 offers neither. Internal "_" fields say where an
// option is available and which options belong together; the framework strips them from answers.
import type { WireRecord } from "../framework/contract";

/** Every catalogue list, as stored in the collection of the same name (keyed by id). */
export interface Catalogue {
  readonly locations: readonly WireRecord[];
  /** + `_location_ids`, `_ram_sizes` (GB), `_drive_model_ids`, `_uplink_model_ids`, `_operating_system_ids`. */
  readonly server_models: readonly WireRecord[];
  readonly drive_models: readonly WireRecord[];
  /** + `_location_ids`. */
  readonly operating_systems: readonly WireRecord[];
  /** + `_bandwidth_ids` on public uplinks. */
  readonly uplink_models: readonly WireRecord[];
  readonly bandwidth_options: readonly WireRecord[];
  /** + `_location_ids`. */
  readonly sbm_flavor_models: readonly WireRecord[];
}

export type CatalogueCollection = keyof Catalogue;

export const CATALOGUE_COLLECTIONS: readonly CatalogueCollection[] = [
  "locations",
  "server_models",
  "drive_models",
  "operating_systems",
  "uplink_models",
  "bandwidth_options",
  "sbm_flavor_models",
];

export const AMS1 = 1;
export const DFW1 = 2;
export const SIN1 = 3;

const IPXE = ["private_ipxe_boot", "public_ipxe_boot"];
const NETWORK_FEATURES = ["no_private_ip", "no_public_ip_address", "no_public_network"];
const HOST_FEATURES = ["host_rescue_mode", "oob_public_access"];
const PORT_FEATURES = ["disaggregated_public_ports", "disaggregated_private_ports"];

const locations: WireRecord[] = [
  {
    id: AMS1,
    name: "Amsterdam",
    status: "active",
    code: "AMS1",
    supported_features: [...IPXE, ...NETWORK_FEATURES, ...HOST_FEATURES, ...PORT_FEATURES],
    l2_segments_enabled: true,
    private_racks_enabled: true,
    load_balancers_enabled: true,
  },
  {
    id: DFW1,
    name: "Dallas",
    status: "active",
    code: "DFW1",
    supported_features: [...IPXE, ...NETWORK_FEATURES, ...HOST_FEATURES],
    l2_segments_enabled: true,
    private_racks_enabled: false,
    load_balancers_enabled: true,
  },
  {
    id: SIN1,
    name: "Singapore",
    status: "active",
    code: "SIN1",
    supported_features: ["no_public_network", ...HOST_FEATURES],
    l2_segments_enabled: false,
    private_racks_enabled: false,
    load_balancers_enabled: false,
  },
];

const drive_models: WireRecord[] = [
  {
    id: 201,
    name: "Intel D3-S4510 480GB",
    capacity: 480,
    interface: "SATA3",
    form_factor: "2.5",
    media_type: "SSD",
  },
  {
    id: 202,
    name: "Samsung PM883 960GB",
    capacity: 960,
    interface: "SATA3",
    form_factor: "2.5",
    media_type: "SSD",
  },
  {
    id: 203,
    name: "Samsung PM9A3 1.92TB",
    capacity: 1920,
    interface: "NVMe",
    form_factor: "2.5",
    media_type: "NVMe",
  },
  {
    id: 204,
    name: "Seagate Exos 7E8 4TB",
    capacity: 4000,
    interface: "SATA3",
    form_factor: "3.5",
    media_type: "HDD",
  },
  {
    id: 205,
    name: "Toshiba MG08 8TB",
    capacity: 8000,
    interface: "SAS",
    form_factor: "3.5",
    media_type: "HDD",
  },
];

function slots(count: number, iface: string, formFactor: string): WireRecord[] {
  return Array.from({ length: count }, (_, position) => ({
    position,
    interface: iface,
    form_factor: formFactor,
    // Empty slots: the order chooses what goes in them.
    drive_model_id: null,
    hot_swappable: true,
  }));
}

/** RAM sizes from the base to the maximum, doubling: the choices of `.../ram`. */
function ramSizes(base: number, max: number): number[] {
  const out: number[] = [];
  for (let size = base; size <= max; size *= 2) out.push(size);
  return out;
}

const LINUX = [301, 302, 303, 304];
const ALL_OS = [...LINUX, 305];
const SMALL_FORM = [201, 202, 203];
const LARGE_FORM = [204, 205];

const server_models: WireRecord[] = [
  {
    id: 101,
    name: "Dell R640",
    cpu_name: "Intel Xeon Silver 4214",
    cpu_count: 2,
    cpu_cores_count: 24,
    cpu_frequency: 2200,
    ram: 32,
    ram_type: "DDR4",
    max_ram: 768,
    has_raid_controller: true,
    raid_controller_name: "PERC H730P",
    drive_slots_count: 4,
    drive_slots: slots(4, "SATA3", "2.5"),
    _location_ids: [AMS1, DFW1, SIN1],
    _ram_sizes: ramSizes(32, 768),
    _drive_model_ids: SMALL_FORM,
    _uplink_model_ids: [401, 402, 403, 404],
    _operating_system_ids: ALL_OS,
  },
  {
    id: 102,
    name: "Dell R740xd",
    cpu_name: "Intel Xeon Gold 6230",
    cpu_count: 2,
    cpu_cores_count: 40,
    cpu_frequency: 2100,
    ram: 64,
    ram_type: "DDR4",
    max_ram: 1536,
    has_raid_controller: true,
    raid_controller_name: "PERC H740P",
    drive_slots_count: 12,
    drive_slots: slots(12, "SAS", "3.5"),
    _location_ids: [AMS1, DFW1],
    _ram_sizes: ramSizes(64, 1536),
    _drive_model_ids: [...LARGE_FORM, 202],
    _uplink_model_ids: [401, 402, 403, 404],
    _operating_system_ids: ALL_OS,
  },
  {
    id: 103,
    name: "HPE ProLiant DL360 Gen10",
    cpu_name: "Intel Xeon Gold 5218",
    cpu_count: 2,
    cpu_cores_count: 32,
    cpu_frequency: 2300,
    ram: 64,
    ram_type: "DDR4",
    max_ram: 1024,
    has_raid_controller: true,
    raid_controller_name: "HPE Smart Array P408i-a",
    drive_slots_count: 8,
    drive_slots: slots(8, "SAS", "2.5"),
    _location_ids: [AMS1, SIN1],
    _ram_sizes: ramSizes(64, 1024),
    _drive_model_ids: SMALL_FORM,
    _uplink_model_ids: [401, 403],
    _operating_system_ids: ALL_OS,
  },
  {
    id: 104,
    name: "Supermicro SYS-5019C-M",
    cpu_name: "Intel Xeon E-2288G",
    cpu_count: 1,
    cpu_cores_count: 8,
    cpu_frequency: 3700,
    ram: 16,
    ram_type: "DDR4",
    max_ram: 128,
    has_raid_controller: false,
    raid_controller_name: null,
    drive_slots_count: 2,
    drive_slots: slots(2, "SATA3", "3.5"),
    _location_ids: [AMS1, DFW1, SIN1],
    _ram_sizes: ramSizes(16, 128),
    _drive_model_ids: [...LARGE_FORM, 201],
    _uplink_model_ids: [401, 403],
    _operating_system_ids: LINUX,
  },
];

const operating_systems: WireRecord[] = [
  {
    id: 301,
    full_name: "Ubuntu 22.04-server x86_64",
    name: "Ubuntu",
    version: "22.04-server",
    arch: "x86_64",
    filesystems: ["ext4", "xfs", "swap"],
  },
  {
    id: 302,
    full_name: "Ubuntu 24.04-server x86_64",
    name: "Ubuntu",
    version: "24.04-server",
    arch: "x86_64",
    filesystems: ["ext4", "xfs", "swap"],
  },
  {
    id: 303,
    full_name: "Debian 12 x86_64",
    name: "Debian",
    version: "12",
    arch: "x86_64",
    filesystems: ["ext4", "xfs", "swap"],
  },
  {
    id: 304,
    full_name: "Rocky Linux 9 x86_64",
    name: "Rocky Linux",
    version: "9",
    arch: "x86_64",
    filesystems: ["xfs", "ext4", "swap"],
  },
  // Windows exists so that SBM can refuse it ("Windows systems are unavailable for SBM servers").
  {
    id: 305,
    full_name: "Windows Server 2022 Standard x86_64",
    name: "Windows Server",
    version: "2022 Standard",
    arch: "x86_64",
    filesystems: ["ntfs"],
  },
].map((os) => ({ ...os, _location_ids: [AMS1, DFW1, SIN1] }));

const uplink_models: WireRecord[] = [
  {
    id: 401,
    name: "Private 1 Gbps without redundancy",
    type: "private",
    speed: 1000,
    redundancy: false,
  },
  {
    id: 402,
    name: "Private 10 Gbps with redundancy",
    type: "private",
    speed: 10000,
    redundancy: true,
  },
  {
    id: 403,
    name: "Public 1 Gbps without redundancy",
    type: "public",
    speed: 1000,
    redundancy: false,
    _bandwidth_ids: [501, 502, 503],
  },
  {
    id: 404,
    name: "Public 10 Gbps with redundancy",
    type: "public",
    speed: 10000,
    redundancy: true,
    _bandwidth_ids: [502, 504],
  },
];

const bandwidth_options: WireRecord[] = [
  { id: 501, name: "20 TB", type: "bytes", commit: 20_000_000_000_000 },
  { id: 502, name: "50 TB", type: "bytes", commit: 50_000_000_000_000 },
  { id: 503, name: "Unmetered 1 Gbps", type: "bandwidth", commit: null },
  { id: 504, name: "Unmetered 10 Gbps", type: "bandwidth", commit: null },
];

/** The hardware of the two one-uplink SBM flavors, which differ only in their uplinks. */
const XEON_E2236_HARDWARE = {
  cpu_name: "Intel Xeon E-2236",
  cpu_count: 1,
  cpu_cores_count: 6,
  cpu_frequency: "3.4",
  ram_size: 32,
  drives_configuration: "2 x 480 GB SSD",
} as const;

const sbm_flavor_models: WireRecord[] = [
  {
    id: 601,
    name: "SBM-01",
    cpu_name: "Intel Xeon E-2276G",
    cpu_count: 1,
    cpu_cores_count: 6,
    cpu_frequency: "3.8",
    ram_size: 32,
    drives_configuration: "2 x 480 GB SSD",
    public_uplink_model_id: 403,
    public_uplink_model_name: "Public 1 Gbps without redundancy",
    private_uplink_model_id: 401,
    private_uplink_model_name: "Private 1 Gbps without redundancy",
    bandwidth_id: 501,
    bandwidth_name: "20 TB",
    _location_ids: [AMS1, DFW1, SIN1],
  },
  {
    id: 602,
    name: "SBM-02",
    cpu_name: "AMD EPYC 7402P",
    cpu_count: 1,
    cpu_cores_count: 24,
    cpu_frequency: "2.8",
    ram_size: 128,
    drives_configuration: "2 x 1.92 TB NVMe",
    public_uplink_model_id: 404,
    public_uplink_model_name: "Public 10 Gbps with redundancy",
    private_uplink_model_id: 402,
    private_uplink_model_name: "Private 10 Gbps with redundancy",
    bandwidth_id: 502,
    bandwidth_name: "50 TB",
    _location_ids: [AMS1, DFW1],
  },
  {
    // No public uplink: a host with a public network id is refused.
    id: 603,
    name: "SBM-Private-01",
    ...XEON_E2236_HARDWARE,
    public_uplink_model_id: null,
    public_uplink_model_name: null,
    private_uplink_model_id: 401,
    private_uplink_model_name: "Private 1 Gbps without redundancy",
    bandwidth_id: null,
    bandwidth_name: null,
    _location_ids: [AMS1, SIN1],
  },
  {
    // No private uplink: a host with a private network id is refused.
    id: 604,
    name: "SBM-Public-01",
    ...XEON_E2236_HARDWARE,
    public_uplink_model_id: 403,
    public_uplink_model_name: "Public 1 Gbps without redundancy",
    private_uplink_model_id: null,
    private_uplink_model_name: null,
    bandwidth_id: 501,
    bandwidth_name: "20 TB",
    _location_ids: [AMS1, DFW1],
  },
];

export const defaultCatalogue: Catalogue = {
  locations,
  server_models,
  drive_models,
  operating_systems,
  uplink_models,
  bandwidth_options,
  sbm_flavor_models,
};

/** Entries merged into a catalogue by id: the same id replaces an entry, a new id is added. */
export type CatalogueOverrides = { readonly [K in CatalogueCollection]?: readonly WireRecord[] };

export function mergeCatalogue(base: Catalogue, overrides: CatalogueOverrides = {}): Catalogue {
  const merged = { ...base };
  for (const name of CATALOGUE_COLLECTIONS) {
    const extra = overrides[name];
    if (extra === undefined) continue;
    const byId = new Map(base[name].map((r) => [String(r.id), r]));
    for (const record of extra) byId.set(String(record.id), record);
    merged[name] = [...byId.values()];
  }
  return merged;
}

/** The account of a fresh simulator: the facts the RBS and payment checks read. */
export const defaultAccount = {
  payment_method: { type: "card", last4: "4242" },
  storage_quota_gb: 10240,
  rbs_cluster_free_gb: { [AMS1]: 8000, [DFW1]: 4000, [SIN1]: 500 },
} as const;
