// The remote block storage area: volumes with their limits (payment method, 2048 GB, quota,
// cluster space), their secret iSCSI credentials, and the per-location flavor catalogue.
import { randomBytes } from "node:crypto";
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
  type Json,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type Step,
  type WireRecord,
} from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { type RbsFlavor, rbsFlavor, rbsLocation } from "../seed/rbs";

const VOLUMES = "rbs_volumes";
const BASE = "/v1/remote_block_storage/volumes";
/** api-spec.md, Limits: "RBS volume size: 2048 GB maximum". */
const MAX_VOLUME_GB = 2048;

function numberField(record: WireRecord, field: string): number {
  const value = record[field];
  return typeof value === "number" ? value : 0;
}

/** A configured account number, or undefined when the account sets no such limit. */
function accountNumber(value: Json | undefined): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/**
 * Why `size` GB (growing by `growBy` GB) does not fit, naming the limit, or undefined when it fits.
 * The quota counts every volume of the account; the cluster's free space is the account setting
 * for the location minus what the account's volumes there already take. Volumes being removed
 * still hold their space until they are gone.
 */
function capacityProblem(
  ctx: SimContext,
  locationId: number,
  size: number,
  growBy: number,
): string | undefined {
  if (size > MAX_VOLUME_GB) return `exceeds the maximum volume size of ${MAX_VOLUME_GB} GB`;
  const volumes = ctx.store.all(VOLUMES);
  const used = volumes.reduce((sum, volume) => sum + numberField(volume, "size"), 0);
  const quota = accountNumber(ctx.store.account.storage_quota_gb);
  if (quota !== undefined && used + growBy > quota) {
    return `exceeds the storage quota: ${Math.max(0, quota - used)} GB of ${quota} GB left`;
  }
  const freeByLocation = ctx.store.account.rbs_cluster_free_gb;
  const free =
    typeof freeByLocation === "object" && freeByLocation !== null && !Array.isArray(freeByLocation)
      ? accountNumber(freeByLocation[String(locationId)])
      : undefined;
  const usedHere = volumes
    .filter((volume) => volume.location_id === locationId)
    .reduce((sum, volume) => sum + numberField(volume, "size"), 0);
  if (free !== undefined && usedHere + growBy > free) {
    const code = rbsLocation(locationId)?.location_code ?? String(locationId);
    return `exceeds the space available in the ${code} cluster: ${Math.max(0, free - usedHere)} GB free`;
  }
  return undefined;
}

function performance(flavor: RbsFlavor | undefined, size: number): WireRecord {
  return {
    iops: size * (flavor?.iops_per_gb ?? 0),
    bandwidth: size * (flavor?.bandwidth_per_gb ?? 0),
  };
}

function validateCreate(helpers: AreaHelpers, body: Body) {
  const errors: FieldErrors = {};
  const nameProblem = stringProblem(body.name);
  if (nameProblem !== undefined) errors.name = nameProblem;
  const location = isInteger(body.location_id) ? rbsLocation(body.location_id) : undefined;
  if (location === undefined) {
    errors.location_id =
      integerProblem(body.location_id) ??
      `remote block storage is not offered in location ${body.location_id}`;
  }
  const flavor =
    location !== undefined && isInteger(body.flavor_id)
      ? rbsFlavor(location.location_id, body.flavor_id)
      : undefined;
  if (flavor === undefined && location !== undefined) {
    errors.flavor_id =
      integerProblem(body.flavor_id) ??
      `flavor ${body.flavor_id} is not offered in ${location.location_code}`;
  }
  const sizeProblem = integerProblem(body.size);
  if (sizeProblem !== undefined) errors.size = `${sizeProblem}: a whole number of gigabytes`;
  else if (Number(body.size) < 1) {
    errors.size = "must be a whole number of gigabytes";
  } else if (flavor !== undefined && Number(body.size) < flavor.min_size_gb) {
    errors.size = `must be at least ${flavor.min_size_gb} GB for the ${flavor.name} flavor`;
  }
  const labels = readLabels(helpers, body, errors) ?? {};
  if (location === undefined || flavor === undefined || Object.keys(errors).length > 0) {
    throw validationFailed(errors);
  }
  return { location, flavor, size: Number(body.size), name: String(body.name), labels };
}

/** A fresh iSCSI CHAP secret: stored internally, shown only by the credentials endpoint. */
function newPassword(): string {
  return randomBytes(18).toString("base64url");
}

const createVolume: AreaHandler = (ctx, helpers, req) => {
  const input = validateCreate(helpers, readBody(req));
  // api-spec.md's transition: "request valid, payment method present, quota ok", in that order.
  if (ctx.store.account.payment_method == null) {
    throw new SimApiError(402, "PAYMENT_REQUIRED", "No valid payment method on the account");
  }
  const problem = capacityProblem(ctx, input.location.location_id, input.size, input.size);
  if (problem !== undefined) throw validationFailed({ size: problem });
  const id = ctx.newId();
  const seq = nextSequence(ctx, "rbs_address_seq");
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id,
    name: input.name,
    size: input.size,
    status: "creating",
    location_id: input.location.location_id,
    location_code: input.location.location_code,
    flavor_id: input.flavor.id,
    flavor_name: input.flavor.name,
    ...performance(input.flavor, input.size),
    labels: input.labels,
    ip_address: null,
    target_iqn: null,
    created_at: now,
    updated_at: now,
    _username: `rbs-${id.toLowerCase()}`,
    _password: newPassword(),
  };
  // The iSCSI target exists only once the volume is active: address and IQN appear then.
  const steps: Step[] = [
    {
      afterMs: helpers.duration("rbs_create"),
      set: {
        status: "active",
        ip_address: `10.254.${(seq >> 8) & 255}.${seq & 255}`,
        target_iqn: `iqn.2014-03.com.servers:rbs.${id.toLowerCase()}`,
      },
    },
  ];
  return accepted(ctx.store.insert(VOLUMES, record, steps));
};

const updateVolume: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, VOLUMES, id);
  if (record.status === "removing") throw conflict("RBS volume", record, "be updated");
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && !isNonEmptyString(body.name)) {
    errors.name = "must not be empty";
  }
  const current = numberField(record, "size");
  if (body.size !== undefined) {
    if (!isInteger(body.size)) errors.size = "must be a whole number of gigabytes";
    else if (body.size < current) errors.size = `can only grow: the volume has ${current} GB`;
  }
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const patch: WireRecord = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (labels !== undefined) patch.labels = labels;
  const size = isInteger(body.size) ? body.size : current;
  if (size === current) return ok(ctx.store.update(VOLUMES, id, patch));
  if (record.status !== "active") throw conflict("RBS volume", record, "be resized");
  const locationId = numberField(record, "location_id");
  const problem = capacityProblem(ctx, locationId, size, size - current);
  if (problem !== undefined) throw validationFailed({ size: problem });
  const flavor = rbsFlavor(locationId, numberField(record, "flavor_id"));
  Object.assign(patch, { size, status: "pending" }, performance(flavor, size));
  const steps: Step[] = [{ afterMs: helpers.duration("rbs_resize"), set: { status: "active" } }];
  return ok(ctx.store.update(VOLUMES, id, patch, steps));
};

const deleteVolume: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, VOLUMES, id);
  // Deleting twice answers the same: the first removal is already on its way.
  if (record.status === "removing") return accepted(record);
  const steps: Step[] = [{ afterMs: helpers.duration("rbs_delete"), remove: true }];
  return accepted(ctx.store.update(VOLUMES, id, { status: "removing" }, steps));
};

function credentials(record: WireRecord): Json {
  return {
    volume_id: String(record.id),
    username: String(record._username),
    password: String(record._password),
    target_iqn: record.target_iqn ?? null,
    ip_address: record.ip_address ?? null,
  };
}

const resetCredentials: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, VOLUMES, id);
  if (record.status !== "active") throw conflict("RBS volume", record, "reset its credentials");
  return ok(ctx.store.update(VOLUMES, id, { _password: newPassword() }));
};

function locationFlavors(req: SimRequest): readonly RbsFlavor[] {
  const raw = req.params.location_id ?? "";
  const location = /^[0-9]+$/.test(raw) ? rbsLocation(Number(raw)) : undefined;
  if (location === undefined) {
    throw new SimApiError(404, "NOT_FOUND", `Location ${raw} not found or offers no RBS`);
  }
  return location.flavors;
}

function registerFlavors(router: Router, helpers: AreaHelpers): void {
  const flavors = "/v1/locations/:location_id/order_options/remote_block_storage/flavors";
  router.add("GET", flavors, (req) =>
    helpers.list(
      req,
      locationFlavors(req).map((flavor) => ({ ...flavor })),
      { sortable: ["id", "name"] },
    ),
  );
  router.add("GET", `${flavors}/:id`, (req) => {
    const flavor = locationFlavors(req).find((candidate) => String(candidate.id) === req.params.id);
    if (flavor === undefined) {
      throw new SimApiError(404, "NOT_FOUND", `RBS flavor ${req.params.id ?? ""} not found`);
    }
    return ok({ ...flavor });
  });
}

function registerVolumes(router: Router, helpers: AreaHelpers): void {
  registerCollection(router, helpers, {
    path: BASE,
    collection: VOLUMES,
    list: {
      sortable: ["id", "name", "size", "status", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { location_id: "location_id", flavor_id: "flavor_id", status: "status" },
    },
    create: createVolume,
    update: updateVolume,
    remove: deleteVolume,
    // Path per the official Go client (ResetCredentials); it answers the volume, not the secret.
    // reset_credentials, as the Ansible collection (tested on the live API) names it: docs/wire.md.
    actions: { reset_credentials: resetCredentials },
  });
  router.add("GET", `${BASE}/:id/credentials`, (req, ctx) =>
    ok(credentials(helpers.getOr404(ctx, VOLUMES, req.params.id ?? ""))),
  );
}

export const rbsArea: Area = {
  name: "rbs",
  register(router, helpers) {
    registerVolumes(router, helpers);
    registerFlavors(router, helpers);
  },
};
