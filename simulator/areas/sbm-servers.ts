// Scalable bare metal (SBM) servers (api-spec.md "SBM servers", wire-notes.md): order (an
// array, one host per hosts entry), list, read, labels, release (DELETE), reinstall, power,
// networks and PTR records.
import {
  accepted,
  type Body,
  type FieldErrors,
  integerProblem,
  isObject,
  readBody,
  readLabels,
  throwIfErrors,
} from "../framework/body";
import { registerCollection, relabel } from "../framework/collection";
import {
  type Area,
  type AreaHelpers,
  type Router,
  type SimContext,
  type Step,
  type WireRecord,
} from "../framework/contract";
import { HOST_LIST_SPEC } from "./hosts";
import { allocateAddresses, insertNetworks, networksOf } from "./hosts-addresses";
import { registerNetworkRoutes } from "./hosts-networks";
import { powerHandler } from "./hosts-power";
import { HOST_PTR_RECORDS, registerPtrRoutes } from "./hosts-ptr";
import {
  checkInstallExtras,
  dateOf,
  hostnameProblem,
  NETWORKS,
  objectOf,
  PTR_RECORDS,
  reinstallRefused,
  SBM,
  SBM_KIND,
} from "./hosts-shared";
import { isWindows, OPERATING_SYSTEMS, orderLocation, sbmFlavor } from "./locations-catalogue";
import { ptrRecordsOf } from "./ptr-records";

const BASE = "/v1/hosts/sbm_servers";

interface HostEntry {
  readonly hostname: string;
  readonly privateNetworkId: string | null;
  readonly publicNetworkId: string | null;
  readonly labels: { [key: string]: string };
}

/** The operating system of an SBM order or reinstall: offered in the location, not Windows. */
function checkOperatingSystem(
  ctx: SimContext,
  locationId: number | undefined,
  value: unknown,
  errors: FieldErrors,
) {
  const problem = integerProblem(value);
  if (problem !== undefined) {
    errors.operating_system_id = problem;
    return undefined;
  }
  const os = ctx.store.get(OPERATING_SYSTEMS, String(value));
  const offered =
    os !== undefined &&
    locationId !== undefined &&
    Array.isArray(os._location_ids) &&
    os._location_ids.includes(locationId);
  if (os === undefined || !offered) {
    errors.operating_system_id = `operating system ${value} is not offered in this location`;
    return undefined;
  }
  if (isWindows(os)) {
    errors.operating_system_id = "Windows systems are unavailable for SBM servers";
    return undefined;
  }
  return os;
}

/**
 * A host entry's `<kind>_ipv4_network_id` (errors at `<at>.<field>`). A network id asks for an
 * address in that network, which needs an uplink of the same kind:
 * "a host gets a private or public network id while the order has no matching uplink" is 422.
 */
function checkNetworkId(
  flavor: WireRecord | undefined,
  host: Body,
  kind: "private" | "public",
  at: string,
  errors: FieldErrors,
): string | null {
  const value = host[`${kind}_ipv4_network_id`];
  const field = `${at}.${kind}_ipv4_network_id`;
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value === "") {
    errors[field] = "must be a network id";
    return null;
  }
  if (flavor !== undefined && (flavor[`${kind}_uplink_model_id`] ?? null) === null) {
    errors[field] =
      `the order has no ${kind} uplink (SBM flavor ${flavor.name}), so it cannot use a ${kind} network`;
  }
  return value;
}

function validateOrder(ctx: SimContext, helpers: AreaHelpers, body: Body) {
  const errors: FieldErrors = {};
  const loc = orderLocation(ctx.store, body.location_id, errors);
  const locationId = loc === undefined ? undefined : Number(loc.id);
  const flavorProblem = integerProblem(body.sbm_flavor_model_id);
  const flavor =
    locationId === undefined || flavorProblem !== undefined
      ? undefined
      : sbmFlavor(ctx.store, locationId, body.sbm_flavor_model_id);
  if (flavor === undefined) {
    errors.sbm_flavor_model_id =
      flavorProblem ??
      `SBM flavor model ${String(body.sbm_flavor_model_id)} does not exist${loc === undefined ? "" : ` in ${loc.code}`}`;
  }
  const os = checkOperatingSystem(ctx, locationId, body.operating_system_id, errors);
  const hosts: HostEntry[] = [];
  if (!Array.isArray(body.hosts) || body.hosts.length === 0)
    errors.hosts = "must list at least one {hostname}";
  else {
    body.hosts.forEach((entry: unknown, i) => {
      const host = isObject(entry) ? entry : {};
      const problem = hostnameProblem(host.hostname);
      if (problem !== undefined) errors[`hosts.${i}.hostname`] = problem;
      const privateNetworkId = checkNetworkId(flavor, host, "private", `hosts.${i}`, errors);
      const publicNetworkId = checkNetworkId(flavor, host, "public", `hosts.${i}`, errors);
      const labels = readLabels(helpers, host, errors, `hosts.${i}.labels`) ?? {};
      hosts.push({ hostname: String(host.hostname), privateNetworkId, publicNetworkId, labels });
    });
  }
  const extras = checkInstallExtras(ctx.store, body, errors);
  throwIfErrors(errors);
  if (loc === undefined || flavor === undefined || os === undefined)
    throw new Error("validated SBM order is incomplete");
  return {
    loc,
    flavor,
    os,
    hosts,
    fingerprints: extras.fingerprints ?? [],
    userData: extras.userData ?? null,
  };
}

function placeOrder(
  ctx: SimContext,
  helpers: AreaHelpers,
  order: ReturnType<typeof validateOrder>,
): WireRecord[] {
  const { loc, flavor, os } = order;
  const d = helpers.duration("sbm_install");
  const now = ctx.clock.iso();
  const hasPrivate = (flavor.private_uplink_model_id ?? null) !== null;
  const hasPublic = (flavor.public_uplink_model_id ?? null) !== null;
  return order.hosts.map((host) => {
    const id = ctx.newId();
    const addresses = allocateAddresses(ctx);
    // With a network id the address is taken from it at once; without, the host gets one from
    // the pool when it is ready ("a host ordered without network ids has null addresses").
    const record: WireRecord = {
      id,
      rack_id: ctx.newId(),
      type: "sbm_server",
      title: host.hostname,
      location_id: loc.id ?? null,
      location_code: loc.code ?? null,
      status: "init",
      operational_status: "provisioning",
      power_status: "unknown",
      configuration: `${flavor.name} / ${flavor.ram_size} GB RAM / ${flavor.drives_configuration}`,
      private_ipv4_address: host.privateNetworkId === null ? null : addresses.private,
      public_ipv4_address: host.publicNetworkId === null ? null : addresses.public,
      lease_start_at: null,
      scheduled_release_at: null,
      oob_ipv4_address: null,
      configuration_details: {
        ram_size: flavor.ram_size ?? null,
        sbm_flavor_model_id: flavor.id ?? null,
        sbm_flavor_model_name: flavor.name ?? null,
        bandwidth_id: flavor.bandwidth_id ?? null,
        bandwidth_name: flavor.bandwidth_name ?? null,
        private_uplink_id: flavor.private_uplink_model_id ?? null,
        private_uplink_name: flavor.private_uplink_model_name ?? null,
        public_uplink_id: flavor.public_uplink_model_id ?? null,
        public_uplink_name: flavor.public_uplink_model_name ?? null,
        operating_system_id: os.id ?? null,
        operating_system_full_name: os.full_name ?? null,
      },
      labels: host.labels,
      created_at: now,
      updated_at: now,
      _private_ipv4_network_id: host.privateNetworkId,
      _public_ipv4_network_id: host.publicNetworkId,
      _ssh_key_fingerprints: order.fingerprints,
      _user_data: order.userData,
    };
    const steps: Step[] = [
      {
        afterMs: Math.round(d * 0.5),
        set: { operational_status: "installation", power_status: "powered_on" },
      },
      {
        afterMs: d,
        set: {
          status: "active",
          operational_status: "normal",
          power_status: "powered_on",
          private_ipv4_address: hasPrivate ? addresses.private : null,
          public_ipv4_address: hasPublic ? addresses.public : null,
          oob_ipv4_address: addresses.oob,
          lease_start_at: dateOf(ctx.clock.now() + d),
        },
      },
    ];
    const stored = ctx.store.insert(SBM, record, steps);
    insertNetworks(
      ctx,
      id,
      {
        private: hasPrivate ? addresses.private : undefined,
        public: hasPublic ? addresses.public : undefined,
        oob: addresses.oob,
      },
      d,
    );
    return stored;
  });
}

/**
 * DELETE schedules the release for the end of the server's current billing hour (hours count
 * from its order; one that has begun is paid) and answers the server with scheduled_release_at.
 * At that time it is gone (404), with its networks and PTR records. Asking again while the
 * release is pending answers the same: a retried DELETE must not fail.
 */
function release(ctx: SimContext, helpers: AreaHelpers, id: string): WireRecord {
  const server = helpers.getOr404(ctx, SBM, id);
  if (typeof server.scheduled_release_at === "string") return server;
  const now = ctx.clock.now();
  const at = endOfBillingHour(server, now, helpers.duration("sbm_billing_hour"));
  const after = at - now;
  const updated = ctx.store.update(SBM, id, { scheduled_release_at: new Date(at).toISOString() });
  ctx.store.schedule(SBM, id, [{ afterMs: after, remove: true }]);
  for (const network of networksOf(ctx, id))
    ctx.store.schedule(NETWORKS, String(network.id), [{ afterMs: after, remove: true }]);
  for (const ptr of ptrRecordsOf(ctx, HOST_PTR_RECORDS, id))
    ctx.store.schedule(PTR_RECORDS, String(ptr.id), [{ afterMs: after, remove: true }]);
  return updated;
}

/** The end of the billing hour under way at `now`, counted from the order (created_at). */
function endOfBillingHour(server: WireRecord, now: number, hourMs: number): number {
  if (hourMs <= 0) return now;
  const ordered = Date.parse(String(server.created_at));
  const start = Number.isFinite(ordered) && ordered <= now ? ordered : now;
  return start + (Math.floor((now - start) / hourMs) + 1) * hourMs;
}

function reinstall(ctx: SimContext, helpers: AreaHelpers, id: string, body: Body): WireRecord {
  const server = helpers.getOr404(ctx, SBM, id);
  const errors: FieldErrors = {};
  const hostname = body.hostname ?? server.title;
  const problem = hostnameProblem(hostname);
  if (problem !== undefined) errors.hostname = problem;
  const os = checkOperatingSystem(
    ctx,
    Number(server.location_id),
    body.operating_system_id,
    errors,
  );
  const extras = checkInstallExtras(ctx.store, body, errors);
  throwIfErrors(errors);
  if (
    server.status !== "active" ||
    server.operational_status !== "normal" ||
    typeof server.scheduled_release_at === "string"
  ) {
    throw reinstallRefused(server);
  }
  const patch: WireRecord = {
    title: String(hostname),
    operational_status: "installation",
    configuration_details: {
      ...objectOf(server.configuration_details),
      operating_system_id: os?.id ?? null,
      operating_system_full_name: os?.full_name ?? null,
    },
  };
  if (extras.fingerprints !== undefined) patch._ssh_key_fingerprints = extras.fingerprints;
  if (extras.userData !== undefined) patch._user_data = extras.userData;
  ctx.store.update(SBM, id, patch);
  ctx.store.schedule(SBM, id, [
    { afterMs: helpers.duration("sbm_reinstall"), set: { operational_status: "normal" } },
  ]);
  return helpers.getOr404(ctx, SBM, id);
}

function register(router: Router, helpers: AreaHelpers): void {
  registerCollection(router, helpers, {
    path: BASE,
    collection: SBM,
    list: HOST_LIST_SPEC,
    create: (ctx, helpers, req) =>
      accepted(placeOrder(ctx, helpers, validateOrder(ctx, helpers, readBody(req)))),
    // Labels are the only writable field of an SBM server.
    update: relabel(SBM),
    remove: (ctx, helpers, req) => accepted(release(ctx, helpers, req.params.id ?? "")),
  });
  router.add("POST", `${BASE}/:id/reinstall`, (req, ctx) =>
    accepted(reinstall(ctx, helpers, req.params.id ?? "", readBody(req))),
  );
  for (const operation of ["power_on", "power_off", "power_cycle"] as const) {
    router.add("POST", `${BASE}/:id/${operation}`, powerHandler(SBM_KIND, operation, helpers));
  }
  registerNetworkRoutes(router, helpers, SBM_KIND);
  registerPtrRoutes(router, helpers, SBM_KIND);
}

export const sbmServersArea: Area = { name: "sbm_servers", register };
