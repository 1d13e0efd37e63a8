// Simulated durations of the transitions, in the spirit of the real service. They are simulated
// milliseconds: the clock's speed decides how long they take in real time.
import type { TransitionName } from "./contract";

const MINUTE = 60_000;

export const DEFAULT_DURATIONS: Readonly<Record<TransitionName, number>> = {
  // A dedicated server is racked, cabled and installed: tens of minutes.
  dedicated_install: 20 * MINUTE,
  dedicated_reinstall: 15 * MINUTE,
  // SBM servers come from a ready pool: a few minutes.
  sbm_install: 3 * MINUTE,
  sbm_reinstall: 3 * MINUTE,
  host_power: 30_000,
  // An SBM server is billed by the hour from its order, and a release takes effect "at the end
  // of the current billing hour" (the Ansible collection's sbm_server module): up to an hour.
  sbm_billing_hour: 60 * MINUTE,
  feature_toggle: MINUTE,
  cloud_create: MINUTE,
  cloud_reboot: 30_000,
  // "The server is shut down and unavailable for up to 10 minutes."
  cloud_upgrade: 5 * MINUTE,
  // "Within 72 hours the upgrade can be reverted or confirmed", then it is confirmed automatically.
  cloud_upgrade_confirm: 72 * 60 * MINUTE,
  cloud_reinstall: 2 * MINUTE,
  cloud_delete: 30_000,
  rbs_create: 45_000,
  rbs_resize: 30_000,
  rbs_delete: 30_000,
  l2_change: 2 * MINUTE,
  l2_delete: MINUTE,
  k8s_node_power: 30_000,
  // Ansible's sbm_server_network waits up to 10 minutes for an additional network by default.
  host_network: 2 * MINUTE,
  // Ansible waits up to 10 minutes for a load balancer to become active.
  lb_apply: MINUTE,
  cloud_volume_change: 20_000,
  cloud_backup_change: MINUTE,
  cloud_snapshot_change: MINUTE,
};

export type Durations = Readonly<Record<TransitionName, number>>;

export function resolveDurations(
  overrides: Partial<Record<TransitionName, number>> = {},
): Durations {
  const out: Record<TransitionName, number> = { ...DEFAULT_DURATIONS };
  for (const [name, ms] of Object.entries(overrides)) {
    if (!(name in DEFAULT_DURATIONS))
      throw new RangeError(`unknown transition in durations: ${name}`);
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`durations.${name} must be a number of milliseconds >= 0`);
    }
    out[name as TransitionName] = ms;
  }
  return out;
}
