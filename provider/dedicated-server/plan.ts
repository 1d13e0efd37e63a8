// Which requests bring a live server's features, operating system and iPXE script to the
// declared ones, in which order. Pure: update.ts runs the plan. The order follows api-spec.md's
// iPXE Boot flows:
// - reinstall-based (an OS -> no OS): activate the feature, then reinstall with
//   operating_system_id null and the script;
// - back to an OS: deactivate iPXE Boot first (the service refuses an OS under it), reinstall;
// - standalone (no OS, script or iPXE feature changed): deactivate the active iPXE feature,
//   PUT ipxe_config, activate the feature; the script applies at the next boot.
// Features leave before others arrive: that is what makes switching private <-> public possible
// (restriction 1) and lets a removed no_private_ip make way for private iPXE Boot (6).
import { ipxeFeatureOf } from "./features";
import type { DedicatedServerInputs } from "./inputs";

/** What a reinstall erases, for the messages that ask for consent (reinstall-trigger.ts). */
export const REINSTALL_ERASES =
  "its drives: the operating system and every file on them, laid out again as `drives` " +
  "declares (the id and addresses stay)";

/** What the plan needs to know about the live server. */
export interface LiveBoot {
  /** Features that are on (activated or activation). */
  readonly features: readonly string[];
  /** undefined when the record does not say (older records lack configuration_details). */
  readonly operatingSystemId: number | null | undefined;
  readonly ipxeConfig: string | null;
}

export interface BootPlan {
  /** Deactivated first, each waited for until deactivated. */
  readonly deactivate: readonly string[];
  /** The standalone flow's PUT ipxe_config, between deactivation and activation. */
  readonly ipxeConfig?: string;
  /** Activated next, each waited for until activated. */
  readonly activate: readonly string[];
  /** A reinstall last, to the declared operating system (null: iPXE Boot). */
  readonly reinstall: boolean;
  /** The standalone flow ran: the new script applies at the next boot. */
  readonly ipxeChanged: boolean;
}

export function planBoot(live: LiveBoot, inputs: DedicatedServerInputs): BootPlan {
  const wanted = [...new Set(inputs.features ?? [])];
  const removed = live.features.filter((name) => !wanted.includes(name));
  const added = wanted.filter((name) => !live.features.includes(name));
  // A reinstall wipes the server: never on a guess.
  const reinstall =
    live.operatingSystemId !== undefined && inputs.operatingSystemId !== live.operatingSystemId;
  const wantedIpxe = ipxeFeatureOf(wanted);
  const liveIpxe = ipxeFeatureOf(live.features);
  const scriptChanged =
    inputs.ipxeConfig !== undefined && inputs.ipxeConfig !== (live.ipxeConfig ?? undefined);

  const standalone =
    !reinstall &&
    inputs.operatingSystemId === null &&
    wantedIpxe !== undefined &&
    (scriptChanged || wantedIpxe !== liveIpxe);
  if (!standalone) {
    return { deactivate: removed, activate: added, reinstall, ipxeChanged: false };
  }
  // The script cannot change under an active iPXE feature: take it down, even when it stays.
  const deactivate =
    liveIpxe !== undefined && !removed.includes(liveIpxe) ? [...removed, liveIpxe] : removed;
  const activate = added.includes(wantedIpxe) ? added : [...added, wantedIpxe];
  return {
    deactivate,
    ...(scriptChanged && inputs.ipxeConfig !== undefined ? { ipxeConfig: inputs.ipxeConfig } : {}),
    activate,
    reinstall: false,
    ipxeChanged: true,
  };
}

export function isEmptyPlan(plan: BootPlan): boolean {
  return (
    plan.deactivate.length === 0 &&
    plan.activate.length === 0 &&
    plan.ipxeConfig === undefined &&
    !plan.reinstall
  );
}
