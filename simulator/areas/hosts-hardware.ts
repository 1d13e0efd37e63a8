// A host's hardware and usage, read-only: its drive slots (dedicated servers and Kubernetes bare
// metal nodes), power feeds (every kind), network ports and billed services (dedicated servers)
// and the traffic of the billing period (dedicated and SBM servers). Paths and records follow the
// Go client (hosts.go, types.go at abb982c9): power feeds are a plain array, the rest are lists
// except network_utilization, one record. The values are the simulator's own.
import { ok } from "../framework/body";
import type {
  Area,
  AreaHelpers,
  Router,
  SimContext,
  SimRequest,
  WireRecord,
} from "../framework/contract";
import { DEDICATED_KIND, type HostKind, K8S_NODE_KIND, SBM_KIND } from "./hosts-shared";

function publicOnly(record: WireRecord): WireRecord {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith("_")));
}

/** The slots a dedicated server was ordered with (`_drives.slots`); none for seeded hosts. */
function driveSlots(ctx: SimContext, host: WireRecord): WireRecord[] {
  const drives = host._drives;
  const slots =
    typeof drives === "object" &&
    drives !== null &&
    !Array.isArray(drives) &&
    Array.isArray(drives.slots)
      ? drives.slots
      : [];
  return slots.flatMap((slot) => {
    if (typeof slot !== "object" || slot === null || Array.isArray(slot)) return [];
    const model = ctx.store.get("drive_models", String(slot.drive_model_id));
    return [
      {
        position: slot.position ?? null,
        interface: model?.interface ?? null,
        form_factor: model?.form_factor ?? null,
        drive_model: model === undefined ? null : publicOnly(model),
      },
    ];
  });
}

function hostOf(kind: HostKind, helpers: AreaHelpers, req: SimRequest, ctx: SimContext) {
  return helpers.getOr404(ctx, kind.collection, req.params.id ?? "");
}

function register(router: Router, helpers: AreaHelpers): void {
  for (const kind of [DEDICATED_KIND, K8S_NODE_KIND]) {
    router.add("GET", `/v1/hosts/${kind.segment}/:id/drive_slots`, (req, ctx) =>
      helpers.list(req, driveSlots(ctx, hostOf(kind, helpers, req, ctx)), {}),
    );
  }
  for (const kind of [DEDICATED_KIND, SBM_KIND, K8S_NODE_KIND]) {
    // Two feeds, both on while the host is powered (srvctl's records show "on", "off", "physical").
    router.add("GET", `/v1/hosts/${kind.segment}/:id/power_feeds`, (req, ctx) => {
      const host = hostOf(kind, helpers, req, ctx);
      const status = host.power_status === "powered_off" ? "off" : "on";
      return ok([
        { name: "Power 1", status, type: "physical" },
        { name: "Power 2", status, type: "physical" },
      ]);
    });
  }
  for (const kind of [DEDICATED_KIND, SBM_KIND]) {
    router.add("GET", `/v1/hosts/${kind.segment}/:id/network_utilization`, (req, ctx) => {
      hostOf(kind, helpers, req, ctx);
      return ok({ type: "traffic", utilization: { value: 0, commit: 1_000_000, unit: "KB" } });
    });
  }
  router.add("GET", `/v1/hosts/${DEDICATED_KIND.segment}/:id/connections`, (req, ctx) => {
    const host = hostOf(DEDICATED_KIND, helpers, req, ctx);
    const suffix = String(host.id).slice(-2).padStart(2, "0").toLowerCase();
    return helpers.list(
      req,
      [
        { port: "eth0", type: "public", macaddr: `02:00:00:00:00:${suffix}` },
        { port: "eth1", type: "private", macaddr: `02:00:00:00:01:${suffix}` },
        { port: "ipmi", type: "oob", macaddr: null },
      ],
      {},
    );
  });
  router.add("GET", `/v1/hosts/${DEDICATED_KIND.segment}/:id/services`, (req, ctx) => {
    const host = hostOf(DEDICATED_KIND, helpers, req, ctx);
    return helpers.list(
      req,
      [
        {
          id: `${String(host.id)}-base`,
          name: `Server rent ${String(host.title ?? host.id)}`,
          type: "server_base",
          currency: "EUR",
          label: null,
          started_at: host.created_at ?? null,
          finished_at: null,
          date_from: null,
          date_to: null,
          usage_quantity: 1,
          tax: 0,
          total: 0,
          subtotal: 0,
          discount_rate: 0,
        },
      ],
      {},
    );
  });
}

export const hostsHardwareArea: Area = { name: "hosts-hardware", register };
