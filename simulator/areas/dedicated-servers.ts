// Dedicated servers (api-spec.md "Dedicated servers and iPXE", wire-notes.md "Paths"): order,
// read, update, release and its abort, reinstall, power, features (iPXE Boot), SSH keys,
// networks and PTR records. There is no DELETE: releasing is scheduled, and a released server
// keeps answering GET with scheduled_release_at set.
import {
  accepted,
  type Body,
  type FieldErrors,
  isInteger,
  isObject,
  ok,
  optionalString,
  readBody,
  readLabels,
  throwIfErrors,
  validationFailed,
} from "../framework/body";
import {
  type Area,
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type WireRecord,
} from "../framework/contract";
import { registerFeatureRoutes } from "./dedicated-servers-features";
import {
  activeIpxe,
  featuresOf,
  incompatibleFeatureState,
  installInProgress,
  ipxeConfigProblem,
} from "./dedicated-servers-ipxe";
import { checkLayout, type DriveSlot, placeOrder, validateOrder } from "./dedicated-servers-order";
import { registerSshKeyRoutes } from "./dedicated-servers-ssh-keys";
import { HOST_LIST_SPEC } from "./hosts";
import { registerNetworkRoutes } from "./hosts-networks";
import { powerHandler } from "./hosts-power";
import { registerPtrRoutes } from "./hosts-ptr";
import {
  checkInstallExtras,
  DEDICATED,
  DEDICATED_KIND,
  hostnameProblem,
  objectOf,
  reinstallRefused,
} from "./hosts-shared";
import { operatingSystems, serverModel } from "./locations-catalogue";

const BASE = "/v1/hosts/dedicated_servers";
const KIND = DEDICATED_KIND;

/** A single server as GET answers it: the record plus its iPXE script (lists leave it out). */
function present(record: WireRecord): WireRecord {
  return { ...record, ipxe_config: record._ipxe_config ?? null };
}

function serverOr404(ctx: SimContext, helpers: AreaHelpers, id: string | undefined): WireRecord {
  return helpers.getOr404(ctx, DEDICATED, id ?? "");
}

function update(ctx: SimContext, helpers: AreaHelpers, id: string, body: Body): WireRecord {
  const server = serverOr404(ctx, helpers, id);
  const errors: FieldErrors = {};
  const patch: WireRecord = {};
  if (body.title !== undefined) {
    if (typeof body.title !== "string" || body.title.trim() === "" || body.title.length > 255) {
      errors.title = "must be a non-empty string of at most 255 characters";
    } else patch.title = body.title;
  }
  const labels = readLabels(helpers, body, errors);
  if (labels !== undefined) patch.labels = labels;
  const userData = optionalString(body, "user_data", errors);
  if (userData !== undefined) patch._user_data = userData;
  if (body.ipxe_config !== undefined) {
    const problem = body.ipxe_config === null ? undefined : ipxeConfigProblem(body.ipxe_config);
    if (problem !== undefined) errors.ipxe_config = problem;
    else patch._ipxe_config = body.ipxe_config as string | null;
  }
  throwIfErrors(errors);
  // The standalone flow: "The feature must be deactivated first ... Update the server with
  // ipxe_config. Activate the feature." A script cannot change under an active feature.
  const ipxe = activeIpxe(featuresOf(server));
  if (patch._ipxe_config !== undefined && ipxe !== undefined) {
    throw incompatibleFeatureState(
      `ipxe_config cannot change while ${ipxe} is active: deactivate it first`,
    );
  }
  return ctx.store.update(DEDICATED, id, patch);
}

/** The end of the simulated month: when a release without release_after takes effect. */
function endOfBillingPeriod(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1000).toISOString();
}

function scheduleRelease(
  ctx: SimContext,
  helpers: AreaHelpers,
  id: string,
  body: Body,
): WireRecord {
  const server = serverOr404(ctx, helpers, id);
  let at = endOfBillingPeriod(ctx.clock.now());
  if (body.release_after !== undefined && body.release_after !== null) {
    const ms = typeof body.release_after === "string" ? Date.parse(body.release_after) : Number.NaN;
    if (!Number.isFinite(ms))
      throw validationFailed({ release_after: "must be an ISO 8601 date and time" });
    if (ms < ctx.clock.now()) throw validationFailed({ release_after: "must not be in the past" });
    at = new Date(ms).toISOString();
  }
  if (server.scheduled_release_at !== null && server.scheduled_release_at !== undefined) {
    throw new SimApiError(
      409,
      "HOST_RELEASE_ALREADY_SCHEDULED",
      `The release of ${id} is already scheduled for ${server.scheduled_release_at}`,
    );
  }
  return ctx.store.update(DEDICATED, id, { scheduled_release_at: at });
}

function abortRelease(ctx: SimContext, helpers: AreaHelpers, id: string): WireRecord {
  const server = serverOr404(ctx, helpers, id);
  const at = server.scheduled_release_at;
  if (typeof at !== "string") {
    throw new SimApiError(409, "HOST_RELEASE_NOT_SCHEDULED", `No release is scheduled for ${id}`);
  }
  if (Date.parse(at) <= ctx.clock.now()) {
    throw new SimApiError(
      409,
      "CONFLICT",
      `${id} was released at ${at}: the release can no longer be aborted`,
    );
  }
  return ctx.store.update(DEDICATED, id, { scheduled_release_at: null });
}

/**
 * Reinstall (api-spec.md): with an operating system, or with operating_system_id null and an
 * ipxe_config while an iPXE feature is active (the reinstall-based flow). Request errors are
 * 422; state conflicts are 409 (CONFLICT while busy, INCOMPATIBLE_FEATURE_STATE for iPXE).
 */
function reinstall(ctx: SimContext, helpers: AreaHelpers, id: string, body: Body): WireRecord {
  const server = serverOr404(ctx, helpers, id);
  const features = featuresOf(server);
  const ipxe = activeIpxe(features);
  const details = objectOf(server.configuration_details);
  const errors: FieldErrors = {};

  const hostname = body.hostname ?? server.title;
  const hostnameIssue = hostnameProblem(hostname);
  if (hostnameIssue !== undefined) errors.hostname = hostnameIssue;

  const locationId = Number(server.location_id);
  const model = serverModel(ctx.store, locationId, details.server_model_id);
  // Absent keeps the current system; null asks for iPXE Boot.
  const osId =
    body.operating_system_id === undefined
      ? (details.operating_system_id ?? null)
      : body.operating_system_id;
  let os: WireRecord | undefined;
  if (osId !== null) {
    os =
      model === undefined
        ? undefined
        : operatingSystems(ctx.store, locationId, model).find((o) => o.id === osId);
    if (os === undefined || !isInteger(osId))
      errors.operating_system_id = `operating system ${String(osId)} is not offered for this server`;
    if (body.ipxe_config !== undefined && body.ipxe_config !== null) {
      errors.ipxe_config = "is only accepted with operating_system_id null (iPXE Boot)";
    }
  } else if (ipxe === undefined) {
    errors.operating_system_id = "is required unless an iPXE Boot feature is active";
  } else if ((body.ipxe_config ?? server._ipxe_config ?? null) === null) {
    errors.ipxe_config = "is required to reinstall with iPXE Boot (operating_system_id null)";
  }
  if (
    body.ipxe_config !== undefined &&
    body.ipxe_config !== null &&
    errors.ipxe_config === undefined
  ) {
    const problem = ipxeConfigProblem(body.ipxe_config);
    if (problem !== undefined) errors.ipxe_config = problem;
  }
  const drives = objectOf(server._drives);
  const filled = (Array.isArray(drives.slots) ? (drives.slots as unknown as DriveSlot[]) : []).map(
    (s) => s.position,
  );
  const layout = isObject(body.drives)
    ? checkLayout(body.drives.layout, filled, errors)
    : undefined;
  const extras = checkInstallExtras(ctx.store, body, errors);
  throwIfErrors(errors);

  if (installInProgress(server) || server.operational_status !== "normal") {
    throw reinstallRefused(server);
  }
  // Restriction 2: iPXE Boot goes with no operating system; a system cannot be installed under it.
  if (os !== undefined && ipxe !== undefined) {
    throw incompatibleFeatureState(
      `${ipxe} is active: reinstall with operating_system_id null, or deactivate it first`,
    );
  }
  const patch: WireRecord = {
    title: String(hostname),
    operational_status: "installation",
    configuration_details: {
      ...details,
      operating_system_id: os?.id ?? null,
      operating_system_full_name: os?.full_name ?? null,
    },
  };
  if (typeof body.ipxe_config === "string") patch._ipxe_config = body.ipxe_config;
  if (layout !== undefined) patch._drives = { ...drives, layout: layout.map((l) => ({ ...l })) };
  if (extras.fingerprints !== undefined) patch._ssh_key_fingerprints = extras.fingerprints;
  if (extras.userData !== undefined) patch._user_data = extras.userData;
  ctx.store.update(DEDICATED, id, patch);
  ctx.store.schedule(DEDICATED, id, [
    { afterMs: helpers.duration("dedicated_reinstall"), set: { operational_status: "normal" } },
  ]);
  return serverOr404(ctx, helpers, id);
}

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", BASE, (req, ctx) =>
    helpers.list(req, ctx.store.all(DEDICATED), HOST_LIST_SPEC),
  );
  router.add("POST", BASE, (req, ctx) => {
    const order = validateOrder(ctx, helpers, readBody(req));
    // One record per hosts entry, matched by title == hostname (wire-notes.md).
    return accepted(placeOrder(ctx, helpers, order).map(present));
  });
  router.add("GET", `${BASE}/:id`, (req, ctx) =>
    ok(present(serverOr404(ctx, helpers, req.params.id))),
  );
  router.add("PUT", `${BASE}/:id`, (req, ctx) =>
    ok(present(update(ctx, helpers, req.params.id ?? "", readBody(req)))),
  );
  router.add("POST", `${BASE}/:id/schedule_release`, (req, ctx) =>
    accepted(present(scheduleRelease(ctx, helpers, req.params.id ?? "", readBody(req)))),
  );
  router.add("POST", `${BASE}/:id/abort_release`, (req, ctx) =>
    ok(present(abortRelease(ctx, helpers, req.params.id ?? ""))),
  );
  router.add("POST", `${BASE}/:id/reinstall`, (req, ctx) =>
    accepted(present(reinstall(ctx, helpers, req.params.id ?? "", readBody(req)))),
  );
  for (const operation of ["power_on", "power_off", "power_cycle", "reboot"] as const) {
    router.add("POST", `${BASE}/:id/${operation}`, powerHandler(KIND, operation, helpers));
  }
  registerFeatureRoutes(router, helpers);
  registerSshKeyRoutes(router, helpers);
  registerNetworkRoutes(router, helpers, KIND);
  registerPtrRoutes(router, helpers, KIND);
}

export const dedicatedServersArea: Area = { name: "dedicated_servers", register };
