// The cloud area: regions and their catalogues, cloud instances with their state machine
// (api-spec.md "Cloud instances", wire-notes.md "Cloud"), and the instances' PTR records.
import { randomUUID } from "node:crypto";
import {
  accepted,
  type Body,
  conflict,
  type FieldErrors,
  integerProblem,
  isInteger,
  isNonEmptyString,
  ok,
  readBody,
  readLabels,
  stringProblem,
  validationFailed,
} from "../framework/body";
import { registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type ListSpec,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type SimResponse,
  type Step,
  type TransitionName,
  type WireRecord,
} from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { cloudFlavorRank, cloudFlavors, cloudImages, seedCloud } from "../seed/cloud";
import { type PtrStore, ptrRecordsOf, registerPtrRecordRoutes } from "./ptr-records";

const INSTANCES = "cloud_instances";
const REGIONS = "cloud_regions";
const PTR_RECORDS: PtrStore = { collection: "cloud_ptr_records", ownerField: "_instance_id" };
const BASE = "/v1/cloud_computing";

/** The spec leaves this status undocumented; 503 says "try again later", which maintenance is. */
const MAINTENANCE_STATUS = 503;
const MAX_BACKUP_COPIES = 10;

function text(record: WireRecord, field: string): string {
  const value = record[field];
  return typeof value === "string" ? value : "";
}

function regionIdOf(record: WireRecord): number {
  const value = record.region_id;
  return typeof value === "number" ? value : 0;
}

// Addresses come from ranges that are never routed (198.18.0.0/15, RFC 2544; 2001:db8::/32,
// RFC 3849), so nothing a user copies from the simulator can reach a real machine.
function publicIpv4(seq: number): string {
  return `198.${18 + ((seq >> 16) & 1)}.${(seq >> 8) & 255}.${seq & 255}`;
}

function publicIpv6(seq: number): string {
  return `2001:db8:${seq.toString(16)}::1`;
}

function addressesFor(seq: number, ipv4Enabled: boolean, ipv6Enabled: boolean): WireRecord {
  return {
    // ipv4_enabled false (the Go client's and Ansible's create field) leaves out the public IPv4.
    public_ipv4_address: ipv4Enabled ? publicIpv4(seq) : null,
    private_ipv4_address: `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`,
    local_ipv4_address: `172.16.${(seq >> 8) & 255}.${seq & 255}`,
    public_ipv6_address: ipv6Enabled ? publicIpv6(seq) : null,
  };
}

/** A simple power-style action: allowed states, the transitional status and where it settles. */
interface SimpleAction {
  readonly from: readonly string[];
  readonly via: string;
  readonly to: string;
  readonly duration: TransitionName;
  /** Conditions of api-spec.md's transition table: instance not locked, region not in maintenance. */
  readonly guarded: boolean;
}

// Paths: switch_on/switch_off as the Ansible collection (tested against the real API) and the 2020
// OpenAPI document name them, not the Go client's switch_power_on/off (docs/wire.md, Cloud
// instances); in-between statuses follow the Go client's fixtures. Power and rescue changes take
// about as long as a reboot.
const simpleActions: Readonly<Record<string, SimpleAction>> = {
  reboot: {
    from: ["ACTIVE", "SWITCHED_OFF"],
    via: "REBOOTING",
    to: "ACTIVE",
    duration: "cloud_reboot",
    guarded: true,
  },
  switch_on: {
    from: ["SWITCHED_OFF"],
    via: "SWITCHING_ON",
    to: "ACTIVE",
    duration: "cloud_reboot",
    guarded: false,
  },
  switch_off: {
    from: ["ACTIVE"],
    via: "SWITCHING_OFF",
    to: "SWITCHED_OFF",
    duration: "cloud_reboot",
    guarded: false,
  },
  rescue: {
    from: ["ACTIVE", "SWITCHED_OFF"],
    via: "RESCUING",
    to: "RESCUE",
    duration: "cloud_reboot",
    guarded: false,
  },
  unrescue: {
    from: ["RESCUE"],
    via: "BUSY",
    to: "ACTIVE",
    duration: "cloud_reboot",
    guarded: false,
  },
};

/** Locked instances and regions in maintenance refuse reboot and upgrade (api-spec.md Errors). */
function assertOperable(ctx: SimContext, record: WireRecord, action: string): void {
  if (record._locked === true) {
    throw new SimApiError(
      409,
      "CONFLICT",
      `Cloud instance ${text(record, "id")} is locked: cannot ${action}`,
    );
  }
  const region = ctx.store.get(REGIONS, String(regionIdOf(record)));
  if (region?._maintenance === true) {
    throw new SimApiError(
      MAINTENANCE_STATUS,
      "CLOUD_REGION_MAINTENANCE",
      `Cloud region ${text(record, "region_code")} is in maintenance mode`,
    );
  }
}

function assertState(record: WireRecord, allowed: readonly string[], action: string): void {
  if (!allowed.includes(text(record, "status"))) throw conflict("Cloud instance", record, action);
}

function validateCreate(ctx: SimContext, helpers: AreaHelpers, body: Body) {
  const errors: FieldErrors = {};
  const nameProblem = stringProblem(body.name);
  if (nameProblem !== undefined) errors.name = nameProblem;
  let regionId = 0;
  const regionProblem = integerProblem(body.region_id);
  if (regionProblem !== undefined || !isInteger(body.region_id)) {
    errors.region_id = regionProblem ?? "is required";
  } else if (ctx.store.get(REGIONS, String(body.region_id)) === undefined) {
    errors.region_id = `region ${body.region_id} does not exist`;
  } else regionId = body.region_id;
  const flavorProblem = stringProblem(body.flavor_id);
  if (flavorProblem !== undefined || !isNonEmptyString(body.flavor_id)) {
    errors.flavor_id = flavorProblem ?? "is required";
  } else if (regionId !== 0 && cloudFlavorRank(regionId, body.flavor_id) < 0) {
    errors.flavor_id = `flavor ${body.flavor_id} is not offered in this region`;
  }
  const imageProblem = stringProblem(body.image_id);
  if (imageProblem !== undefined || !isNonEmptyString(body.image_id)) {
    errors.image_id = imageProblem ?? "is required";
  } else if (regionId !== 0 && !cloudImages(regionId).some((image) => image.id === body.image_id)) {
    errors.image_id = `image ${body.image_id} is not offered in this region`;
  }
  for (const flag of ["gpn_enabled", "ipv4_enabled", "ipv6_enabled"] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== "boolean")
      errors[flag] = "must be a boolean";
  }
  if (body.ssh_key_fingerprint !== undefined) {
    if (typeof body.ssh_key_fingerprint !== "string")
      errors.ssh_key_fingerprint = "must be a string";
    else if (ctx.store.get("ssh_keys", body.ssh_key_fingerprint) === undefined) {
      errors.ssh_key_fingerprint = "no SSH key has this fingerprint";
    }
  }
  checkBackupCopies(body, errors);
  if (body.user_data !== undefined && typeof body.user_data !== "string") {
    errors.user_data = "must be a string";
  }
  const labels = readLabels(helpers, body, errors) ?? {};
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { regionId, labels };
}

function checkBackupCopies(body: Body, errors: FieldErrors): void {
  const copies = body.backup_copies;
  if (copies === undefined) return;
  if (!isInteger(copies) || copies < 0 || copies > MAX_BACKUP_COPIES) {
    errors.backup_copies = `must be a whole number from 0 to ${MAX_BACKUP_COPIES}`;
  }
}

const createInstance: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const { regionId, labels } = validateCreate(ctx, helpers, body);
  const region = helpers.getOr404(ctx, REGIONS, String(regionId));
  const flavorId = String(body.flavor_id);
  const image = cloudImages(regionId).find((candidate) => candidate.id === body.image_id);
  const ipv4Enabled = body.ipv4_enabled !== false;
  const ipv6Enabled = body.ipv6_enabled === true;
  const seq = nextSequence(ctx, "cloud_address_seq");
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id: ctx.newId(),
    // Null while provisioning: the platform names the instance once it is built (the Ansible
    // collection's documentation: "may be null during provisioning"; docs/wire.md).
    openstack_uuid: null,
    status: "PROVISIONING",
    name: String(body.name),
    region_id: regionId,
    region_code: text(region, "code"),
    flavor_id: flavorId,
    flavor_name: flavorName(regionId, flavorId),
    image_id: image?.id ?? "",
    image_name: image?.name ?? null,
    public_ipv4_address: null,
    private_ipv4_address: null,
    local_ipv4_address: null,
    public_ipv6_address: null,
    ipv6_enabled: ipv6Enabled,
    gpn_enabled: body.gpn_enabled === true,
    backup_copies: isInteger(body.backup_copies) ? body.backup_copies : 0,
    public_port_blocked: false,
    labels,
    created_at: now,
    updated_at: now,
    _address_seq: seq,
    _ssh_key_fingerprint:
      typeof body.ssh_key_fingerprint === "string" ? body.ssh_key_fingerprint : null,
    _user_data: typeof body.user_data === "string" ? body.user_data : null,
  };
  // Addresses appear only once the instance is ACTIVE, as on the real platform.
  const steps: Step[] = [
    {
      afterMs: helpers.duration("cloud_create"),
      set: {
        status: "ACTIVE",
        openstack_uuid: randomUUID(),
        ...addressesFor(seq, ipv4Enabled, ipv6Enabled),
      },
    },
  ];
  return accepted(ctx.store.insert(INSTANCES, record, steps));
};

function flavorName(regionId: number, flavorId: string): string {
  return cloudFlavors(regionId).find((flavor) => flavor.id === flavorId)?.name ?? flavorId;
}

const updateInstance: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && !isNonEmptyString(body.name)) errors.name = "must not be empty";
  for (const flag of ["gpn_enabled", "ipv6_enabled"] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== "boolean")
      errors[flag] = "must be a boolean";
  }
  checkBackupCopies(body, errors);
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (text(record, "status") === "DELETING") throw conflict("Cloud instance", record, "be updated");
  const patch: WireRecord = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (isInteger(body.backup_copies)) patch.backup_copies = body.backup_copies;
  if (labels !== undefined) patch.labels = labels;
  applyNetworkFlags(record, body, patch);
  return ok(ctx.store.update(INSTANCES, id, patch));
};

/**
 * GPN and IPv6 change the instance's networking, so they need a settled instance: a change during
 * provisioning would race the step that assigns the addresses.
 */
function applyNetworkFlags(record: WireRecord, body: Body, patch: WireRecord): void {
  const changes = (["gpn_enabled", "ipv6_enabled"] as const).filter(
    (flag) => typeof body[flag] === "boolean" && body[flag] !== record[flag],
  );
  if (changes.length === 0) return;
  assertState(record, ["ACTIVE", "SWITCHED_OFF"], `change ${changes.join(" and ")}`);
  for (const flag of changes) patch[flag] = body[flag] === true;
  if (changes.includes("ipv6_enabled")) {
    const seq = typeof record._address_seq === "number" ? record._address_seq : 0;
    patch.public_ipv6_address = body.ipv6_enabled === true ? publicIpv6(seq) : null;
  }
}

const deleteInstance: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  // A second DELETE while the first is in flight answers the same: deletion is idempotent.
  if (text(record, "status") === "DELETING") return accepted(record);
  for (const ptr of ptrRecordsOf(ctx, PTR_RECORDS, id)) {
    ctx.store.remove(PTR_RECORDS.collection, text(ptr, "id"));
  }
  const steps: Step[] = [{ afterMs: helpers.duration("cloud_delete"), remove: true }];
  return accepted(ctx.store.update(INSTANCES, id, { status: "DELETING" }, steps));
};

function runSimpleAction(
  ctx: SimContext,
  helpers: AreaHelpers,
  req: SimRequest,
  name: string,
  action: SimpleAction,
): SimResponse {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  if (action.guarded) assertOperable(ctx, record, name);
  assertState(record, action.from, name.replaceAll("_", " "));
  const steps: Step[] = [
    { afterMs: helpers.duration(action.duration), set: { status: action.to } },
  ];
  return accepted(ctx.store.update(INSTANCES, id, { status: action.via }, steps));
}

const upgradeInstance: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  assertOperable(ctx, record, "upgrade");
  assertState(record, ["ACTIVE"], "upgrade");
  const body = readBody(req);
  const regionId = regionIdOf(record);
  const current = text(record, "flavor_id");
  const target = body.flavor_id;
  if (!isNonEmptyString(target)) throw validationFailed({ flavor_id: "is required" });
  const targetRank = cloudFlavorRank(regionId, target);
  if (targetRank < 0) {
    throw validationFailed({ flavor_id: `flavor ${target} is not offered in this region` });
  }
  if (targetRank <= cloudFlavorRank(regionId, current)) {
    throw validationFailed({ flavor_id: `must be a higher configuration than ${current}` });
  }
  const upgradeMs = helpers.duration("cloud_upgrade");
  // The new flavor shows once the resize is done; 72 hours later it is confirmed on its own.
  const steps: Step[] = [
    {
      afterMs: upgradeMs,
      set: {
        status: "AWAITING_UPGRADE_CONFIRM",
        flavor_id: target,
        flavor_name: flavorName(regionId, target),
      },
    },
    {
      afterMs: upgradeMs + helpers.duration("cloud_upgrade_confirm"),
      set: { status: "ACTIVE", _previous_flavor_id: null },
    },
  ];
  const patch: WireRecord = { status: "UPGRADING", _previous_flavor_id: current };
  return accepted(ctx.store.update(INSTANCES, id, patch, steps));
};

const approveUpgrade: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  assertState(record, ["AWAITING_UPGRADE_CONFIRM"], "approve an upgrade");
  // Empty steps cancel the pending automatic confirmation.
  const patch: WireRecord = { status: "ACTIVE", _previous_flavor_id: null };
  return accepted(ctx.store.update(INSTANCES, id, patch, []));
};

const revertUpgrade: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  assertState(record, ["AWAITING_UPGRADE_CONFIRM"], "revert an upgrade");
  const previous = typeof record._previous_flavor_id === "string" ? record._previous_flavor_id : "";
  // Reverting is a resize back: it takes as long as the upgrade did.
  const steps: Step[] = [
    {
      afterMs: helpers.duration("cloud_upgrade"),
      set: {
        status: "ACTIVE",
        flavor_id: previous,
        flavor_name: flavorName(regionIdOf(record), previous),
        _previous_flavor_id: null,
      },
    },
  ];
  return accepted(ctx.store.update(INSTANCES, id, { status: "REVERTING_UPGRADE" }, steps));
};

const reinstallInstance: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, INSTANCES, id);
  assertState(record, ["ACTIVE", "SWITCHED_OFF"], "reinstall");
  const body = readBody(req);
  const image = cloudImages(regionIdOf(record)).find((candidate) => candidate.id === body.image_id);
  if (image === undefined) {
    throw validationFailed({
      image_id: isNonEmptyString(body.image_id)
        ? `image ${body.image_id} is not offered in this region`
        : "is required",
    });
  }
  const steps: Step[] = [
    { afterMs: helpers.duration("cloud_reinstall"), set: { status: "ACTIVE" } },
  ];
  const patch: WireRecord = { status: "REBUILDING", image_id: image.id, image_name: image.name };
  return accepted(ctx.store.update(INSTANCES, id, patch, steps));
};

/** PTR records name one of the instance's public addresses; none are added while it is deleted. */
function ptrOwner(helpers: AreaHelpers) {
  return {
    ...PTR_RECORDS,
    route: `${BASE}/instances/:id`,
    // api-spec.md: a cloud instance's record is created with `data` (hosts use `domain`).
    domainField: "data" as const,
    owner(ctx: SimContext, id: string, forWrite: boolean): WireRecord {
      const instance = helpers.getOr404(ctx, INSTANCES, id);
      if (forWrite && text(instance, "status") === "DELETING") {
        throw conflict("Cloud instance", instance, "get PTR records");
      }
      return instance;
    },
    ipProblem(instance: WireRecord, ip: string): string | undefined {
      const own = [instance.public_ipv4_address, instance.public_ipv6_address];
      return own.includes(ip) ? undefined : "must be a public address of this instance";
    },
  };
}

function registerRegions(router: Router, helpers: AreaHelpers): void {
  router.add("GET", `${BASE}/regions`, (req, ctx) =>
    helpers.list(req, ctx.store.all(REGIONS), {
      sortable: ["id", "name", "code"],
      searchField: "name",
    }),
  );
  /** A list under one region: 404 for a region that does not exist, then its entries. */
  const regionList = (
    name: string,
    entries: (ctx: SimContext, region: WireRecord) => WireRecord[],
    spec: ListSpec = {},
  ) =>
    router.add("GET", `${BASE}/regions/:id/${name}`, (req, ctx) =>
      helpers.list(req, entries(ctx, helpers.getOr404(ctx, REGIONS, req.params.id ?? "")), spec),
    );
  regionList("flavors", (_ctx, region) =>
    cloudFlavors(Number(region.id)).map((flavor) => ({ ...flavor })),
  );
  // The account's OpenStack credentials in the region (Go `CloudComputingRegionCredentials`:
  // tenant_name and username are numbers, as in every fixture).
  router.add("GET", `${BASE}/regions/:id/credentials`, (req, ctx) => {
    const region = helpers.getOr404(ctx, REGIONS, req.params.id ?? "");
    return ok({
      password: `sim-openstack-${String(region.id)}`,
      tenant_name: 100_000 + Number(region.id),
      url: `https://openstack.${String(region.code).toLowerCase()}.example.test:5000/v3`,
      username: 200_000 + Number(region.id),
    });
  });
  regionList("images", (_ctx, region) =>
    cloudImages(Number(region.id)).map((image) => ({ ...image })),
  );
  // The Go client (and so the SDK) lists a region's snapshots; cloud-storage.ts takes and
  // deletes them (issue 17). The instance is internal: the record does not name it.
  regionList(
    "snapshots",
    (ctx, region) => ctx.store.all("cloud_snapshots").filter((s) => s._region_id === region.id),
    { filters: { instance_id: "_instance_id", is_backup: "is_backup" } },
  );
}

function registerInstances(router: Router, helpers: AreaHelpers): void {
  const instances = `${BASE}/instances`;
  registerCollection(router, helpers, {
    path: instances,
    collection: INSTANCES,
    list: {
      sortable: ["id", "name", "status", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { region_id: "region_id", status: "status" },
    },
    create: createInstance,
    update: updateInstance,
    remove: deleteInstance,
    actions: {
      upgrade: upgradeInstance,
      approve_upgrade: approveUpgrade,
      revert_upgrade: revertUpgrade,
      reinstall: reinstallInstance,
    },
  });
  for (const [name, action] of Object.entries(simpleActions)) {
    router.add("POST", `${instances}/:id/${name}`, (req, ctx) =>
      runSimpleAction(ctx, helpers, req, name, action),
    );
  }
  registerPtrRecordRoutes(router, helpers, ptrOwner(helpers));
}

export const cloudArea: Area = {
  name: "cloud",
  register(router, helpers) {
    registerRegions(router, helpers);
    registerInstances(router, helpers);
  },
  seed: seedCloud,
};
