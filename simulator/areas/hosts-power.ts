// Power management of hosts: power_on, power_off, power_cycle (and reboot, which power-cycles).
// The rules are the spec's for bare metal nodes (api-spec.md "Errors"), applied to every host:
// 409 CONFLICT while another power operation is in process, 412 PRECONDITION_FAILED while the
// host is not ready (not active, or busy installing or in rescue).
import { accepted } from "../framework/body";
import {
  type AreaHelpers,
  SimApiError,
  type SimContext,
  type SimRequest,
  type SimResponse,
  type TransitionName,
} from "../framework/contract";
import type { HostKind } from "./hosts-shared";

export type PowerOperation = "power_on" | "power_off" | "power_cycle" | "reboot";

const TRANSITIONS: Readonly<Record<PowerOperation, readonly [string, string]>> = {
  power_on: ["powering_on", "powered_on"],
  power_off: ["powering_off", "powered_off"],
  power_cycle: ["power_cycling", "powered_on"],
  reboot: ["power_cycling", "powered_on"],
};

const IN_PROCESS = new Set(["powering_on", "powering_off", "power_cycling"]);

export function powerHandler(
  kind: HostKind,
  operation: PowerOperation,
  helpers: AreaHelpers,
  duration: TransitionName = "host_power",
) {
  return (req: SimRequest, ctx: SimContext): SimResponse => {
    const id = req.params.id ?? "";
    const host = helpers.getOr404(ctx, kind.collection, id);
    if (IN_PROCESS.has(String(host.power_status))) {
      throw new SimApiError(
        409,
        "CONFLICT",
        `A power management operation is already in process (${host.power_status})`,
      );
    }
    const operational = host.operational_status;
    if (
      host.status !== "active" ||
      (operational !== undefined && operational !== null && operational !== "normal")
    ) {
      throw new SimApiError(
        412,
        "PRECONDITION_FAILED",
        `The host is not ready (status ${host.status}, operational_status ${String(operational)})`,
      );
    }
    const [during, after] = TRANSITIONS[operation];
    const updated = ctx.store.update(kind.collection, id, { power_status: during }, [
      { afterMs: helpers.duration(duration), set: { power_status: after } },
    ]);
    return accepted(updated);
  };
}
