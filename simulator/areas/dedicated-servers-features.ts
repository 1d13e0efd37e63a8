// Features of dedicated servers (wire-notes.md): list, activate, deactivate. Statuses live on the
// server record as `_features` {name: status} (the L2 area reads them there). A toggle answers
// 202 {name, status} with activation/deactivation, and settles after `feature_toggle`.
import { accepted, readBody, validationFailed } from "../framework/body";
import type {
  AreaHelpers,
  Json,
  Router,
  SimContext,
  Step,
  WireRecord,
} from "../framework/contract";
import {
  activationConflict,
  featuresOf,
  IPXE_FEATURES,
  incompatibleFeatureState,
  installInProgress,
  ipxeConfigProblem,
  isOn,
  RESCUE,
} from "./dedicated-servers-ipxe";
import { DEDICATED, notFound, objectOf, stringList } from "./hosts-shared";

export const FEATURE_NAMES: readonly string[] = [
  "private_ipxe_boot",
  "public_ipxe_boot",
  "no_private_ip",
  "no_public_ip_address",
  "no_public_network",
  "host_rescue_mode",
  "oob_public_access",
  "disaggregated_public_ports",
  "disaggregated_private_ports",
];

/** A fresh server's features: off where the location offers them, unavailable elsewhere. */
export function initialFeatures(location: WireRecord): Record<string, string> {
  const supported = stringList(location.supported_features);
  return Object.fromEntries(
    FEATURE_NAMES.map((name) => [name, supported.includes(name) ? "deactivated" : "unavailable"]),
  );
}

/**
 * Schedules feature `name` to reach `final` after `afterMs`, showing `interim` until then.
 * Steps replace nested objects whole, so every pending step that carries `_features` must hold
 * the whole map as of its due time: those steps are rewritten to include this change, and the
 * new step starts from the map of the last step due before it. Other pending changes (an
 * install, another toggle) are therefore never undone by this one.
 */
export function scheduleFeatureChange(
  ctx: SimContext,
  serverId: string,
  name: string,
  interim: string,
  final: string,
  afterMs: number,
  extra: { readonly now?: WireRecord; readonly later?: WireRecord } = {},
): WireRecord {
  const server = ctx.store.get(DEDICATED, serverId);
  if (server === undefined) throw notFound("Dedicated server", serverId);
  const withFeature = (features: Json | undefined, status: string): Json => ({
    ...objectOf(features),
    [name]: status,
  });

  const rewritten: Step[] = ctx.store.pending(DEDICATED, serverId).map((step) => {
    if (step.set?._features === undefined) return step;
    const status = step.afterMs < afterMs ? interim : final;
    return { ...step, set: { ...step.set, _features: withFeature(step.set._features, status) } };
  });
  const current = withFeature(server._features, interim);
  const before = rewritten
    .filter((s) => s.afterMs <= afterMs && s.set?._features !== undefined)
    .at(-1);
  const base = before?.set?._features ?? current;
  const step: Step = { afterMs, set: { _features: withFeature(base, final), ...extra.later } };
  return ctx.store.update(DEDICATED, serverId, { _features: current, ...extra.now }, [
    ...rewritten,
    step,
  ]);
}

function featureOr404(ctx: SimContext, helpers: AreaHelpers, serverId: string, name: string) {
  const server = helpers.getOr404(ctx, DEDICATED, serverId);
  const features = featuresOf(server);
  if (!FEATURE_NAMES.includes(name) || features[name] === undefined)
    throw notFound("Feature", name);
  return { server, features, status: features[name] ?? "unavailable" };
}

export function registerFeatureRoutes(router: Router, helpers: AreaHelpers): void {
  const base = "/v1/hosts/dedicated_servers/:id/features";

  router.add("GET", base, (req, ctx) => {
    const server = helpers.getOr404(ctx, DEDICATED, req.params.id ?? "");
    const features = featuresOf(server);
    const records = FEATURE_NAMES.filter((n) => features[n] !== undefined).map((name) => ({
      name,
      status: features[name] ?? "",
    }));
    return helpers.list(req, records, {});
  });

  router.add("POST", `${base}/:name/activate`, (req, ctx) => {
    const serverId = req.params.id ?? "";
    const name = req.params.name ?? "";
    const { server, features, status } = featureOr404(ctx, helpers, serverId, name);
    if (status === "unavailable")
      throw incompatibleFeatureState(
        `${name} is not available in location ${server.location_code}`,
      );
    const body = readBody(req);
    const ipxeConfig = body.ipxe_config;
    if (ipxeConfig !== undefined && ipxeConfig !== null) {
      // Only iPXE activation takes a body (wire-notes.md).
      if (!IPXE_FEATURES.includes(name))
        throw validationFailed({ ipxe_config: `is not accepted when activating ${name}` });
      const problem = ipxeConfigProblem(ipxeConfig);
      if (problem !== undefined) throw validationFailed({ ipxe_config: problem });
    }
    // Asking again for what is already on (or turning on) answers its state: a client that lost
    // the first answer to a dropped connection can safely retry.
    if (isOn(status)) return accepted({ name, status });
    if (status === "deactivation")
      throw incompatibleFeatureState(`${name} is being deactivated; retry when that finishes`);
    const conflict = activationConflict(server, features, name);
    if (conflict !== undefined) throw incompatibleFeatureState(conflict);
    const rescue = name === RESCUE;
    // Rescue mode takes over operational_status, which an install is still driving.
    if (rescue && installInProgress(server)) {
      throw incompatibleFeatureState(
        `${RESCUE} is unavailable while a creation or reinstall is in progress`,
      );
    }
    scheduleFeatureChange(
      ctx,
      serverId,
      name,
      "activation",
      "activated",
      helpers.duration("feature_toggle"),
      {
        now: {
          ...(typeof ipxeConfig === "string" ? { _ipxe_config: ipxeConfig } : {}),
          ...(rescue ? { operational_status: "entering_rescue_mode" } : {}),
        },
        later: rescue ? { operational_status: "rescue_mode" } : {},
      },
    );
    return accepted({ name, status: "activation" });
  });

  router.add("POST", `${base}/:name/deactivate`, (req, ctx) => {
    const serverId = req.params.id ?? "";
    const name = req.params.name ?? "";
    const { server, status } = featureOr404(ctx, helpers, serverId, name);
    if (status === "unavailable")
      throw incompatibleFeatureState(
        `${name} is not available in location ${server.location_code}`,
      );
    if (status === "deactivated" || status === "deactivation") return accepted({ name, status });
    if (status === "activation")
      throw incompatibleFeatureState(`${name} is being activated; retry when that finishes`);
    const rescue = name === RESCUE;
    scheduleFeatureChange(
      ctx,
      serverId,
      name,
      "deactivation",
      "deactivated",
      helpers.duration("feature_toggle"),
      {
        now: rescue ? { operational_status: "exiting_rescue_mode" } : {},
        later: rescue ? { operational_status: "normal" } : {},
      },
    );
    return accepted({ name, status: "deactivation" });
  });
}
