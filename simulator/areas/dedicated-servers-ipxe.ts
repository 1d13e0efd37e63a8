// The iPXE Boot rules of api-spec.md ("iPXE Boot", restrictions 1 to 7), in one place.
// Error choices: a request that is wrong whatever the server's state (a bad ipxe_config, an order
// combining incompatible features) is 422 UNPROCESSABLE_ENTITY with a field map; a request that
// conflicts with the server's current state (another feature on, an install running, an L2
// segment) is 409 INCOMPATIBLE_FEATURE_STATE, the code wire-notes.md names for features.
import type { FieldErrors } from "../framework/body";
import { SimApiError, type WireRecord } from "../framework/contract";
import { objectOf, stringList } from "./hosts-shared";

export const PRIVATE_IPXE = "private_ipxe_boot";
export const PUBLIC_IPXE = "public_ipxe_boot";
export const IPXE_FEATURES: readonly string[] = [PRIVATE_IPXE, PUBLIC_IPXE];
export const RESCUE = "host_rescue_mode";

/** "The maximum size of ipxe_config is 64 KB": 65,536 bytes of UTF-8. */
export const IPXE_CONFIG_MAX_BYTES = 65_536;

/** Operational statuses of a server in or around rescue mode (restriction 5). */
const RESCUE_STATUSES = new Set(["entering_rescue_mode", "rescue_mode", "exiting_rescue_mode"]);
/** Operational statuses of a creation or reinstall in progress (restriction 3). */
const INSTALL_STATUSES = new Set(["provisioning", "installation"]);

/** A feature counts as on from the moment its activation is requested until it is deactivated. */
export function isOn(status: string | undefined): boolean {
  return status === "activated" || status === "activation";
}

export function featuresOf(server: WireRecord): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, status] of Object.entries(objectOf(server._features)))
    out[name] = String(status);
  return out;
}

/** Restriction 4 and the script's shape: text whose first line is #!ipxe, 64 KB at most. */
export function ipxeConfigProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "must be a string (an iPXE script)";
  if (Buffer.byteLength(value, "utf8") > IPXE_CONFIG_MAX_BYTES) {
    return `must be at most ${IPXE_CONFIG_MAX_BYTES} bytes (64 KB)`;
  }
  const firstLine = value.split("\n", 1)[0]?.replace(/\r$/, "").trimEnd();
  if (firstLine !== "#!ipxe") return "must start with the line #!ipxe";
  return undefined;
}

export function installInProgress(server: WireRecord): boolean {
  return server.status !== "active" || INSTALL_STATUSES.has(String(server.operational_status));
}

export function inRescue(server: WireRecord, features: Record<string, string>): boolean {
  return isOn(features[RESCUE]) || RESCUE_STATUSES.has(String(server.operational_status));
}

export function activeIpxe(features: Record<string, string>): string | undefined {
  return IPXE_FEATURES.find((name) => isOn(features[name]));
}

export function incompatibleFeatureState(message: string): SimApiError {
  return new SimApiError(409, "INCOMPATIBLE_FEATURE_STATE", message);
}

/** Why activating `name` conflicts with the server's state (409), or undefined when it may. */
export function activationConflict(
  server: WireRecord,
  features: Record<string, string>,
  name: string,
): string | undefined {
  if (IPXE_FEATURES.includes(name)) {
    const other = name === PRIVATE_IPXE ? PUBLIC_IPXE : PRIVATE_IPXE;
    if (isOn(features[other]))
      return `${name} cannot be activated while ${other} is active: only one iPXE Boot feature at a time`;
    if (installInProgress(server))
      return `${name} is unavailable while a creation or reinstall is in progress`;
    if (stringList(server._l2_segment_ids).length > 0)
      return `${name} is incompatible with L2 segments: the server is a segment member`;
    if (server._firewall === true)
      return `${name} is incompatible with the firewall, which is enabled on this server`;
    if (inRescue(server, features)) return `${name} is incompatible with rescue mode`;
    if (name === PRIVATE_IPXE && isOn(features.no_private_ip)) {
      return "private_ipxe_boot is incompatible with the no_private_ip feature";
    }
    if (name === PUBLIC_IPXE) {
      const blocker = ["no_public_network", "no_public_ip_address"].find((f) => isOn(features[f]));
      if (blocker !== undefined)
        return `public_ipxe_boot is incompatible with the ${blocker} feature`;
    }
    return undefined;
  }
  // The same rules seen from the other feature's side.
  const ipxe = activeIpxe(features);
  if (ipxe === undefined) return undefined;
  if (name === RESCUE) return `${RESCUE} is incompatible with ${ipxe}, which is active`;
  if (name === "no_private_ip" && ipxe === PRIVATE_IPXE)
    return "no_private_ip is incompatible with private_ipxe_boot, which is active";
  if ((name === "no_public_network" || name === "no_public_ip_address") && ipxe === PUBLIC_IPXE) {
    return `${name} is incompatible with public_ipxe_boot, which is active`;
  }
  return undefined;
}

/** The iPXE rules of an order (create): all are request errors, reported together (422). */
export function orderIpxeProblems(
  features: readonly string[],
  operatingSystemId: unknown,
  ipxeConfig: unknown,
  errors: FieldErrors,
): void {
  const ipxe = features.filter((f) => IPXE_FEATURES.includes(f));
  if (ipxe.length > 1)
    errors.features = "only one of private_ipxe_boot and public_ipxe_boot can be active";
  else if (ipxe.length === 1) {
    const [name] = ipxe;
    if (operatingSystemId !== null && operatingSystemId !== undefined) {
      errors.operating_system_id =
        "must be null with iPXE Boot (it boots from the network, without an operating system)";
    }
    if (ipxeConfig === undefined || ipxeConfig === null)
      errors.ipxe_config = "is required with iPXE Boot";
    if (features.includes(RESCUE)) errors.features = `${name} is incompatible with ${RESCUE}`;
    if (name === PRIVATE_IPXE && features.includes("no_private_ip")) {
      errors.features = "private_ipxe_boot is incompatible with no_private_ip";
    }
    const publicBlocker = ["no_public_network", "no_public_ip_address"].find((f) =>
      features.includes(f),
    );
    if (name === PUBLIC_IPXE && publicBlocker !== undefined) {
      errors.features = `public_ipxe_boot is incompatible with ${publicBlocker}`;
    }
  } else if (ipxeConfig !== undefined && ipxeConfig !== null) {
    errors.ipxe_config = "is only accepted with private_ipxe_boot or public_ipxe_boot in features";
  }
  if (ipxeConfig !== undefined && ipxeConfig !== null && errors.ipxe_config === undefined) {
    const problem = ipxeConfigProblem(ipxeConfig);
    if (problem !== undefined) errors.ipxe_config = problem;
  }
}
