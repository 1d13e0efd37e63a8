// Feature names and the iPXE Boot rules that can be seen in a declaration (api-spec.md, "iPXE
// Boot", restrictions 1, 5, 6 and 7). Restrictions 2 and 4 concern other properties and live in
// check.ts; 3 (an install in progress) and the rest of 5 (L2 segments, firewall) depend on the
// server's state and are the service's to report.
import { dedicatedServerFeatureStates } from "../../sdk/areas/dedicated-servers";
import type { IpxeBootFeature } from "../../sdk/areas/locations";

export const PRIVATE_IPXE: IpxeBootFeature = "private_ipxe_boot";
export const PUBLIC_IPXE: IpxeBootFeature = "public_ipxe_boot";
export const IPXE_FEATURES: readonly IpxeBootFeature[] = [PRIVATE_IPXE, PUBLIC_IPXE];
export const RESCUE_MODE = "host_rescue_mode";

/** Feature statuses (docs/wire.md): a feature is on from its activation request onwards. */
export const FEATURE_ON: readonly string[] = ["activated", "activation"];
/** In transition, by the SDK's one feature table (docs/wire.md, Status vocabularies). */
export const FEATURE_TRANSITIONAL: readonly string[] = dedicatedServerFeatureStates.transitional;
/** The feature cannot be used on this server: waiting for it to activate would not help. */
export const FEATURE_UNUSABLE: readonly string[] = dedicatedServerFeatureStates.failed;

export function isIpxeFeature(name: string): name is IpxeBootFeature {
  return (IPXE_FEATURES as readonly string[]).includes(name);
}

/** The iPXE Boot feature among `features`, if any (the first, should the list break rule 1). */
export function ipxeFeatureOf(features: readonly string[]): IpxeBootFeature | undefined {
  return features.find(isIpxeFeature);
}

/** Features that may not be on together with an iPXE Boot feature, and the rule that says so. */
const INCOMPATIBLE: Readonly<Record<IpxeBootFeature, readonly (readonly [string, number])[]>> = {
  private_ipxe_boot: [
    [RESCUE_MODE, 5],
    ["no_private_ip", 6],
  ],
  public_ipxe_boot: [
    [RESCUE_MODE, 5],
    ["no_public_network", 7],
    ["no_public_ip_address", 7],
  ],
};

/** One sentence per broken iPXE rule among the declared features. */
export function ipxeFeatureConflicts(features: readonly string[]): string[] {
  const ipxe = features.filter(isIpxeFeature);
  if (ipxe.length > 1) {
    return [
      "only one of private_ipxe_boot and public_ipxe_boot can be active at a time " +
        "(iPXE Boot restriction 1): keep one",
    ];
  }
  const [feature] = ipxe;
  if (feature === undefined) return [];
  return INCOMPATIBLE[feature]
    .filter(([other]) => features.includes(other))
    .map(
      ([other, rule]) =>
        `${feature} is incompatible with ${other} (iPXE Boot restriction ${rule}): remove one`,
    );
}
