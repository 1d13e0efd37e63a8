// Locations and order options (read-only, from the seed catalogue): every path of wire-notes.md
// "Locations and order options", all paginated. Options of another location, or of a server
// model that does not offer them, are as absent as options that do not exist (404).
import { ok } from "../framework/body";
import type {
  Area,
  AreaHelpers,
  ListSpec,
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
const DRIVE_MODELS: ListSpec = {
  ...BY_ID,
  searchField: "name",
  filters: { media_type: "media_type", interface: "interface" },
};
const UPLINK_MODELS: ListSpec = { ...BY_ID, filters: { type: "type", redundancy: "redundancy" } };
const BANDWIDTH: ListSpec = { ...BY_ID, filters: { type: "type" } };

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

/** The entries of one list of order options, for the location (and model) its path names. */
type Entries = (ctx: SimContext, req: SimRequest) => readonly WireRecord[];

/** A list of order options at `path`, each entry also read alone at `path/:param`. */
interface OptionList {
  readonly path: string;
  readonly param: string;
  /** What an entry is, for the 404 of one the list lacks ("Drive model"). */
  readonly what: string;
  readonly spec: ListSpec;
  readonly entries: Entries;
}

/** Both routes answer 404 for an unknown location (or model) first. */
function registerOptionList(router: Router, helpers: AreaHelpers, list: OptionList): void {
  router.add("GET", list.path, (req, ctx) => helpers.list(req, list.entries(ctx, req), list.spec));
  router.add("GET", `${list.path}/:${list.param}`, (req, ctx) =>
    ok(pick(list.entries(ctx, req), req.params[list.param], list.what)),
  );
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

  const lists = (path: string, param: string, what: string, spec: ListSpec, entries: Entries) =>
    registerOptionList(router, helpers, { path, param, what, spec, entries });
  lists(
    `${MODEL}/operating_systems`,
    "operating_system_id",
    "Operating system",
    OS_SORTING,
    (ctx, req) => {
      const { loc, model } = modelOr404(ctx, req);
      return operatingSystems(ctx.store, Number(loc.id), model);
    },
  );
  // The spec's one drive-model endpoint: 404 NOT_FOUND when the drive model does not exist.
  lists(`${MODEL}/drive_models`, "drive_model_id", "Drive model", DRIVE_MODELS, (ctx, req) =>
    driveModels(ctx.store, modelOr404(ctx, req).model),
  );
  const uplinks: Entries = (ctx, req) => uplinkModels(ctx.store, modelOr404(ctx, req).model);
  lists(`${MODEL}/uplink_models`, "uplink_model_id", "Uplink model", UPLINK_MODELS, uplinks);
  const bandwidth = `${MODEL}/uplink_models/:uplink_model_id/bandwidth`;
  lists(bandwidth, "bandwidth_id", "Bandwidth option", BANDWIDTH, (ctx, req) => {
    const uplink = pick(uplinks(ctx, req), req.params.uplink_model_id, "Uplink model");
    return bandwidthOptions(ctx.store, uplink);
  });

  router.add("GET", `${OPTIONS}/sbm_flavor_models`, (req, ctx) =>
    helpers.list(req, sbmFlavors(ctx.store, Number(locationOr404(ctx, req).id)), {
      ...BY_ID,
      searchField: "name",
    }),
  );
  router.add("GET", FLAVOR, (req, ctx) => ok(flavorOr404(ctx, req).flavor));
  lists(
    `${FLAVOR}/operating_systems`,
    "operating_system_id",
    "Operating system",
    OS_SORTING,
    (ctx, req) => sbmOperatingSystems(ctx.store, Number(flavorOr404(ctx, req).loc.id)),
  );
}

export const locationsArea: Area = { name: "locations", register };
