// Locations and order options (read-only, from the seed catalogue): every path of wire-notes.md
// "Locations and order options", all paginated. Options of another location, or of a server
// model that does not offer them, are as absent as options that do not exist (404).
import { ok } from "../framework/body";
import type {
  Area,
  AreaHelpers,
  Router,
  SimContext,
  SimRequest,
  WireRecord,
} from "../framework/contract";
import { LOCATIONS, notFound } from "./hosts-shared";
import {
  bandwidthOptions,
  driveModels,
  idOf,
  location,
  operatingSystems,
  ramOptions,
  sbmFlavor,
  sbmFlavors,
  sbmOperatingSystems,
  serverModel,
  serverModels,
  uplinkModels,
} from "./locations-catalogue";

const BASE = "/v1/locations";
const OPTIONS = `${BASE}/:location_id/order_options`;
const MODEL = `${OPTIONS}/server_models/:server_model_id`;
const FLAVOR = `${OPTIONS}/sbm_flavor_models/:sbm_flavor_model_id`;

/**
 * The spec names sorting only for these lists; the others keep catalogue order. The filters are
 * those the srvctl CLI (and so the SDK) sends.
 */
const BY_ID = { sortable: ["id"] } as const;
const OS_SORTING = { sortable: ["id", "name", "version", "arch"] } as const;

function locationOr404(ctx: SimContext, req: SimRequest): WireRecord {
  const loc = location(ctx.store, req.params.location_id);
  if (loc === undefined) throw notFound("Location", req.params.location_id ?? "");
  return loc;
}

function modelOr404(ctx: SimContext, req: SimRequest): { loc: WireRecord; model: WireRecord } {
  const loc = locationOr404(ctx, req);
  const model = serverModel(ctx.store, Number(loc.id), req.params.server_model_id);
  if (model === undefined) throw notFound("Server model", req.params.server_model_id ?? "");
  return { loc, model };
}

function flavorOr404(ctx: SimContext, req: SimRequest): { loc: WireRecord; flavor: WireRecord } {
  const loc = locationOr404(ctx, req);
  const flavor = sbmFlavor(ctx.store, Number(loc.id), req.params.sbm_flavor_model_id);
  if (flavor === undefined)
    throw notFound("SBM flavor model", req.params.sbm_flavor_model_id ?? "");
  return { loc, flavor };
}

/** One entry of a list by its id path parameter, or 404 naming what was asked for. */
function pick(records: readonly WireRecord[], raw: string | undefined, what: string): WireRecord {
  const id = idOf(raw);
  const found = id === undefined ? undefined : records.find((r) => r.id === id);
  if (found === undefined) throw notFound(what, raw ?? "");
  return found;
}

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", BASE, (req, ctx) =>
    helpers.list(req, ctx.store.all(LOCATIONS), { ...BY_ID, searchField: "name" }),
  );
  router.add("GET", `${BASE}/:location_id`, (req, ctx) => ok(locationOr404(ctx, req)));

  router.add("GET", `${OPTIONS}/server_models`, (req, ctx) =>
    helpers.list(req, serverModels(ctx.store, Number(locationOr404(ctx, req).id)), {
      ...BY_ID,
      searchField: "name",
      filters: { has_raid_controller: "has_raid_controller" },
    }),
  );
  router.add("GET", MODEL, (req, ctx) => ok(modelOr404(ctx, req).model));
  router.add("GET", `${MODEL}/ram`, (req, ctx) =>
    helpers.list(req, ramOptions(modelOr404(ctx, req).model), {}),
  );

  router.add("GET", `${MODEL}/operating_systems`, (req, ctx) => {
    const { loc, model } = modelOr404(ctx, req);
    return helpers.list(req, operatingSystems(ctx.store, Number(loc.id), model), OS_SORTING);
  });
  router.add("GET", `${MODEL}/operating_systems/:operating_system_id`, (req, ctx) => {
    const { loc, model } = modelOr404(ctx, req);
    const all = operatingSystems(ctx.store, Number(loc.id), model);
    return ok(pick(all, req.params.operating_system_id, "Operating system"));
  });

  router.add("GET", `${MODEL}/drive_models`, (req, ctx) =>
    helpers.list(req, driveModels(ctx.store, modelOr404(ctx, req).model), {
      ...BY_ID,
      searchField: "name",
      filters: { media_type: "media_type", interface: "interface" },
    }),
  );
  // The spec's one drive-model endpoint: 404 NOT_FOUND when the drive model does not exist.
  router.add("GET", `${MODEL}/drive_models/:drive_model_id`, (req, ctx) =>
    ok(
      pick(
        driveModels(ctx.store, modelOr404(ctx, req).model),
        req.params.drive_model_id,
        "Drive model",
      ),
    ),
  );

  router.add("GET", `${MODEL}/uplink_models`, (req, ctx) =>
    helpers.list(req, uplinkModels(ctx.store, modelOr404(ctx, req).model), {
      ...BY_ID,
      filters: { type: "type", redundancy: "redundancy" },
    }),
  );
  router.add("GET", `${MODEL}/uplink_models/:uplink_model_id`, (req, ctx) =>
    ok(
      pick(
        uplinkModels(ctx.store, modelOr404(ctx, req).model),
        req.params.uplink_model_id,
        "Uplink model",
      ),
    ),
  );
  const uplinkOr404 = (ctx: SimContext, req: SimRequest) =>
    pick(
      uplinkModels(ctx.store, modelOr404(ctx, req).model),
      req.params.uplink_model_id,
      "Uplink model",
    );
  router.add("GET", `${MODEL}/uplink_models/:uplink_model_id/bandwidth`, (req, ctx) =>
    helpers.list(req, bandwidthOptions(ctx.store, uplinkOr404(ctx, req)), {
      ...BY_ID,
      filters: { type: "type" },
    }),
  );
  router.add("GET", `${MODEL}/uplink_models/:uplink_model_id/bandwidth/:bandwidth_id`, (req, ctx) =>
    ok(
      pick(
        bandwidthOptions(ctx.store, uplinkOr404(ctx, req)),
        req.params.bandwidth_id,
        "Bandwidth option",
      ),
    ),
  );

  router.add("GET", `${OPTIONS}/sbm_flavor_models`, (req, ctx) =>
    helpers.list(req, sbmFlavors(ctx.store, Number(locationOr404(ctx, req).id)), {
      ...BY_ID,
      searchField: "name",
    }),
  );
  router.add("GET", FLAVOR, (req, ctx) => ok(flavorOr404(ctx, req).flavor));
  router.add("GET", `${FLAVOR}/operating_systems`, (req, ctx) => {
    const { loc } = flavorOr404(ctx, req);
    return helpers.list(req, sbmOperatingSystems(ctx.store, Number(loc.id)), OS_SORTING);
  });
  router.add("GET", `${FLAVOR}/operating_systems/:operating_system_id`, (req, ctx) => {
    const { loc } = flavorOr404(ctx, req);
    return ok(
      pick(
        sbmOperatingSystems(ctx.store, Number(loc.id)),
        req.params.operating_system_id,
        "Operating system",
      ),
    );
  });
}

export const locationsArea: Area = { name: "locations", register };
