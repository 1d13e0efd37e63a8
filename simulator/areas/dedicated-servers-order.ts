// The order of dedicated servers (POST /v1/hosts/dedicated_servers): validation against the
// catalogue, every problem reported at once in a 422 field map, then one record per hosts entry.
import {
  type Body,
  type FieldErrors,
  integerProblem,
  isInteger,
  isObject,
  readLabels,
  throwIfErrors,
} from "../framework/body";
import type { AreaHelpers, Json, SimContext, Step, WireRecord } from "../framework/contract";
import { FEATURE_NAMES, initialFeatures } from "./dedicated-servers-features";
import { orderIpxeProblems } from "./dedicated-servers-ipxe";
import { allocateAddresses, insertNetworks } from "./hosts-addresses";
import {
  checkInstallExtras,
  dateOf,
  hostnameProblem,
  numberList,
  stringList,
} from "./hosts-shared";
import {
  bandwidthOptions,
  driveModels,
  operatingSystems,
  orderLocation,
  serverModel,
  uplinkModels,
} from "./locations-catalogue";

export interface DriveSlot {
  readonly position: number;
  readonly drive_model_id: number;
}
export interface DriveLayout {
  readonly slot_positions: number[];
  readonly ignore: boolean;
}

interface Order {
  readonly loc: WireRecord;
  readonly model: WireRecord;
  readonly privateUplink: WireRecord;
  readonly publicUplink: WireRecord | undefined;
  readonly bandwidth: WireRecord | undefined;
  readonly ramSize: number;
  readonly slots: DriveSlot[];
  readonly layout: DriveLayout[];
  readonly os: WireRecord | null;
  readonly features: string[];
  readonly ipxeConfig: string | null;
  readonly ipv6: boolean;
  readonly hostnames: string[];
  readonly fingerprints: string[];
  readonly userData: string | null;
  readonly labels: { [key: string]: string };
}

function checkUplinks(
  body: Body,
  model: WireRecord | undefined,
  ctx: SimContext,
  errors: FieldErrors,
) {
  const uplinks = body.uplink_models;
  if (!isObject(uplinks)) {
    errors.uplink_models = "is required: {private: {id}, public?: {id, bandwidth_model_id}}";
    return {};
  }
  const offered = model === undefined ? [] : uplinkModels(ctx.store, model);
  // Strict equality with the stored integer ids: a numeric string such as "1" matches nothing.
  const find = (id: unknown, type: string) => offered.find((u) => u.id === id && u.type === type);
  let privateUplink: WireRecord | undefined;
  if (!isObject(uplinks.private)) errors["uplink_models.private"] = "is required: {id}";
  else if (model !== undefined) {
    privateUplink = find(uplinks.private.id, "private");
    if (privateUplink === undefined) {
      errors["uplink_models.private.id"] =
        `must be a private uplink model of server model ${model.id}`;
    }
  }
  let publicUplink: WireRecord | undefined;
  let bandwidth: WireRecord | undefined;
  if (uplinks.public !== undefined && uplinks.public !== null) {
    if (!isObject(uplinks.public))
      errors["uplink_models.public"] = "must be {id, bandwidth_model_id}";
    else if (model !== undefined) {
      publicUplink = find(uplinks.public.id, "public");
      if (publicUplink === undefined) {
        errors["uplink_models.public.id"] =
          `must be a public uplink model of server model ${model.id}`;
      } else {
        const bandwidthId = uplinks.public.bandwidth_model_id;
        bandwidth = bandwidthOptions(ctx.store, publicUplink).find((b) => b.id === bandwidthId);
        if (bandwidth === undefined) {
          errors["uplink_models.public.bandwidth_model_id"] =
            `must be a bandwidth option of uplink model ${publicUplink.id}`;
        }
      }
    }
  }
  return { privateUplink, publicUplink, bandwidth };
}

function checkSlots(
  body: Body,
  model: WireRecord | undefined,
  ctx: SimContext,
  errors: FieldErrors,
): DriveSlot[] {
  const drives = body.drives;
  if (!isObject(drives)) {
    errors.drives = "is required: {slots: [{position, drive_model_id}], layout?}";
    return [];
  }
  if (!Array.isArray(drives.slots) || drives.slots.length === 0) {
    errors["drives.slots"] = "must list at least one {position, drive_model_id}";
    return [];
  }
  const count = model === undefined ? 0 : Number(model.drive_slots_count);
  const allowed = model === undefined ? [] : driveModels(ctx.store, model).map((d) => d.id);
  const slots: DriveSlot[] = [];
  drives.slots.forEach((slot: unknown, i) => {
    if (!isObject(slot)) {
      errors[`drives.slots.${i}`] = "must be {position, drive_model_id}";
      return;
    }
    const { position, drive_model_id: driveModelId } = slot;
    if (!isInteger(position) || position < 0 || (model !== undefined && position >= count)) {
      errors[`drives.slots.${i}.position`] =
        `must be a slot position from 0 to ${Math.max(0, count - 1)}`;
    } else if (slots.some((s) => s.position === position)) {
      errors[`drives.slots.${i}.position`] = `slot ${position} is listed twice`;
    }
    if (!isInteger(driveModelId) || (model !== undefined && !allowed.includes(driveModelId))) {
      errors[`drives.slots.${i}.drive_model_id`] =
        `must be a drive model that server model ${model?.id ?? "?"} accepts`;
    }
    if (isInteger(position) && isInteger(driveModelId))
      slots.push({ position, drive_model_id: driveModelId });
  });
  return slots;
}

/** Each layout groups filled slots; a slot belongs to one layout at most. */
export function checkLayout(
  value: unknown,
  filled: readonly number[],
  errors: FieldErrors,
  field = "drives.layout",
): DriveLayout[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors[field] = "must be an array of {slot_positions, ignore}";
    return [];
  }
  const used = new Set<number>();
  const layout: DriveLayout[] = [];
  value.forEach((entry: unknown, i) => {
    if (
      !isObject(entry) ||
      !Array.isArray(entry.slot_positions) ||
      entry.slot_positions.length === 0
    ) {
      errors[`${field}.${i}.slot_positions`] = "must list the positions of filled slots";
      return;
    }
    const positions = entry.slot_positions;
    const bad = positions.find((p: unknown) => !isInteger(p) || !filled.includes(p) || used.has(p));
    if (bad !== undefined) {
      errors[`${field}.${i}.slot_positions`] =
        `slot ${String(bad)} is not a filled slot or is already in another layout`;
      return;
    }
    for (const p of positions as number[]) used.add(p);
    if (entry.ignore !== undefined && typeof entry.ignore !== "boolean")
      errors[`${field}.${i}.ignore`] = "must be a boolean";
    layout.push({ slot_positions: [...(positions as number[])], ignore: entry.ignore === true });
  });
  return layout;
}

function checkFeatures(value: unknown, loc: WireRecord | undefined, errors: FieldErrors): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.features = "must be an array of feature names";
    return [];
  }
  const supported = loc === undefined ? [] : stringList(loc.supported_features);
  const out: string[] = [];
  value.forEach((name: unknown, i) => {
    if (typeof name !== "string" || !FEATURE_NAMES.includes(name))
      errors[`features.${i}`] = `unknown feature ${String(name)}`;
    else if (loc !== undefined && !supported.includes(name)) {
      errors[`features.${i}`] = `${name} is not available in location ${loc.code}`;
    } else if (!out.includes(name)) out.push(name);
  });
  return out;
}

function checkHosts(value: unknown, errors: FieldErrors): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.hosts = "must list at least one {hostname}";
    return [];
  }
  return value.map((host: unknown, i) => {
    const hostname = isObject(host) ? host.hostname : undefined;
    const problem = hostnameProblem(hostname);
    if (problem !== undefined) errors[`hosts.${i}.hostname`] = problem;
    return String(hostname);
  });
}

export function validateOrder(ctx: SimContext, helpers: AreaHelpers, body: Body): Order {
  const errors: FieldErrors = {};
  const loc = orderLocation(ctx.store, body.location_id, errors);
  const locationId = Number(loc?.id);
  const modelProblem = integerProblem(body.server_model_id);
  const model =
    loc === undefined || modelProblem !== undefined
      ? undefined
      : serverModel(ctx.store, locationId, body.server_model_id);
  if (modelProblem !== undefined) errors.server_model_id = modelProblem;
  else if (loc !== undefined && model === undefined) {
    errors.server_model_id = `server model ${body.server_model_id} is not offered in ${loc.code}`;
  }
  const { privateUplink, publicUplink, bandwidth } = checkUplinks(body, model, ctx, errors);
  const ramSizes = model === undefined ? [] : numberList(model._ram_sizes);
  const ramProblem = integerProblem(body.ram_size);
  if (ramProblem !== undefined) errors.ram_size = ramProblem;
  else if (model !== undefined && !ramSizes.includes(Number(body.ram_size))) {
    errors.ram_size = `must be one of ${ramSizes.join(", ")} (GB)`;
  }
  const slots = checkSlots(body, model, ctx, errors);
  const layout = checkLayout(
    isObject(body.drives) ? body.drives.layout : undefined,
    slots.map((s) => s.position),
    errors,
  );

  let os: WireRecord | null = null;
  if (body.operating_system_id !== undefined && body.operating_system_id !== null) {
    const offered =
      loc === undefined || model === undefined
        ? []
        : operatingSystems(ctx.store, locationId, model);
    os = offered.find((o) => o.id === body.operating_system_id) ?? null;
    if (os === null && model !== undefined) {
      errors.operating_system_id = `operating system ${String(body.operating_system_id)} is not offered for this server model in ${loc?.code}`;
    }
  }
  const features = checkFeatures(body.features, loc, errors);
  orderIpxeProblems(features, body.operating_system_id, body.ipxe_config, errors);
  if (body.ipv6 !== undefined && typeof body.ipv6 !== "boolean") errors.ipv6 = "must be a boolean";
  const hostnames = checkHosts(body.hosts, errors);
  const extras = checkInstallExtras(ctx.store, body, errors);
  const labels = readLabels(helpers, body, errors) ?? {};
  throwIfErrors(errors);
  if (loc === undefined || model === undefined || privateUplink === undefined) {
    throw new Error("validated order lacks its location, model or uplink");
  }
  return {
    loc,
    model,
    privateUplink,
    publicUplink,
    bandwidth,
    ramSize: Number(body.ram_size),
    slots,
    layout,
    os,
    features,
    ipxeConfig: typeof body.ipxe_config === "string" ? body.ipxe_config : null,
    ipv6: body.ipv6 === true,
    hostnames,
    fingerprints: extras.fingerprints ?? [],
    userData: extras.userData ?? null,
    labels,
  };
}

/** "Dell R640 / 64 GB RAM / 2 x Samsung PM883 960GB", the style of the service's configuration. */
function configurationOf(ctx: SimContext, order: Order): string {
  const counts = new Map<number, number>();
  for (const slot of order.slots)
    counts.set(slot.drive_model_id, (counts.get(slot.drive_model_id) ?? 0) + 1);
  const drives = [...counts].map(
    ([id, n]) => `${n} x ${String(ctx.store.get("drive_models", String(id))?.name ?? id)}`,
  );
  return [String(order.model.name), `${order.ramSize} GB RAM`, ...drives].join(" / ");
}

/** A field of an optional catalogue entry (the public uplink, its bandwidth), null without one. */
function fieldOrNull(record: WireRecord | undefined | null, field = "name"): Json {
  return record?.[field] ?? null;
}

/** Inserts one server per hostname with its install steps; answers the records in order. */
export function placeOrder(ctx: SimContext, helpers: AreaHelpers, order: Order): WireRecord[] {
  const d = helpers.duration("dedicated_install");
  const now = ctx.clock.iso();
  const features = initialFeatures(order.loc);
  for (const name of order.features) features[name] = "activation";
  const finalFeatures = Object.fromEntries(
    Object.entries(features).map(([n, s]) => [n, s === "activation" ? "activated" : s]),
  );
  const has = (name: string) => order.features.includes(name);

  return order.hostnames.map((hostname) => {
    const id = ctx.newId();
    const addresses = allocateAddresses(ctx);
    const publicNetwork = order.publicUplink !== undefined && !has("no_public_network");
    const record: WireRecord = {
      id,
      rack_id: ctx.newId(),
      type: "dedicated_server",
      title: hostname,
      location_id: order.loc.id ?? null,
      location_code: order.loc.code ?? null,
      status: "init",
      operational_status: "provisioning",
      power_status: "unknown",
      configuration: configurationOf(ctx, order),
      private_ipv4_address: null,
      public_ipv4_address: null,
      lease_start_at: null,
      scheduled_release_at: null,
      oob_ipv4_address: null,
      labels: order.labels,
      created_at: now,
      updated_at: now,
      configuration_details: {
        ram_size: order.ramSize,
        server_model_id: order.model.id ?? null,
        server_model_name: order.model.name ?? null,
        public_uplink_id: fieldOrNull(order.publicUplink, "id"),
        public_uplink_name: fieldOrNull(order.publicUplink),
        private_uplink_id: order.privateUplink.id ?? null,
        private_uplink_name: order.privateUplink.name ?? null,
        bandwidth_id: fieldOrNull(order.bandwidth, "id"),
        bandwidth_name: fieldOrNull(order.bandwidth),
        operating_system_id: order.os?.id ?? null,
        operating_system_full_name: order.os?.full_name ?? null,
      },
      _features: features,
      _ipxe_config: order.ipxeConfig,
      _user_data: order.userData,
      _ssh_key_fingerprints: order.fingerprints,
      _drives: {
        slots: order.slots.map((s) => ({ ...s })),
        layout: order.layout.map((l) => ({ ...l })),
      },
      _ipv6: order.ipv6,
    };
    const steps: Step[] = [
      { afterMs: Math.round(d * 0.1), set: { status: "pending", power_status: "powered_on" } },
      { afterMs: Math.round(d * 0.5), set: { operational_status: "installation" } },
      {
        afterMs: d,
        set: {
          status: "active",
          operational_status: "normal",
          power_status: "powered_on",
          private_ipv4_address: has("no_private_ip") ? null : addresses.private,
          public_ipv4_address:
            publicNetwork && !has("no_public_ip_address") ? addresses.public : null,
          oob_ipv4_address: addresses.oob,
          lease_start_at: dateOf(ctx.clock.now() + d),
          _features: finalFeatures,
        },
      },
    ];
    const stored = ctx.store.insert("dedicated_servers", record, steps);
    insertNetworks(
      ctx,
      id,
      {
        private: has("no_private_ip") ? undefined : addresses.private,
        public: publicNetwork ? addresses.public : undefined,
        oob: addresses.oob,
        ...(order.ipv6 && publicNetwork ? { ipv6: addresses.number } : {}),
      },
      d,
    );
    return stored;
  });
}
