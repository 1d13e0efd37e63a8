// The SBM operating system rule: "Windows systems are unavailable for SBM servers" (api-spec.md,
// SBM servers). `check` cannot apply it: it must not call the API (it also runs in a preview
// without a token) and an id alone does not say which system it is. So create and reinstall look
// the system up in the SBM catalogue of the location and flavor before sending anything; the
// API's 422 on operating_system_id stays the second line of defence.

import type { OperatingSystem } from "../../sdk/areas/locations";
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";

/** The catalogue is a handful of systems; the bound only guards against a runaway listing. */
const MAX_LISTED_SYSTEMS = 100;

export interface SbmOrderChoice {
  readonly locationId: number;
  readonly sbmFlavorModelId: number;
  readonly operatingSystemId: number;
}

export function isWindows(system: Pick<OperatingSystem, "name" | "full_name">): boolean {
  return /windows/i.test(system.full_name) || /windows/i.test(system.name);
}

/**
 * Why the operating system cannot be installed on this SBM server, or undefined when it can
 * (or when the catalogue cannot tell: an unknown location or flavor is the order's own 422).
 * The reason names the `operatingSystemId` input and the systems that are offered.
 */
export async function sbmOperatingSystemProblem(
  client: ServersComClient,
  choice: SbmOrderChoice,
): Promise<string | undefined> {
  const { locationId, sbmFlavorModelId, operatingSystemId } = choice;
  let system: OperatingSystem;
  try {
    system = await client.locations.getSbmOperatingSystem(
      locationId,
      sbmFlavorModelId,
      operatingSystemId,
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return notOfferedProblem(client, choice);
  }
  // The catalogue should never list Windows for SBM; if it does, the rule still holds.
  if (isWindows(system)) {
    return (
      `operatingSystemId ${operatingSystemId} is ${system.full_name}: Windows systems are ` +
      "unavailable for SBM servers. Choose a Linux system offered for this SBM flavor"
    );
  }
  return undefined;
}

async function notOfferedProblem(
  client: ServersComClient,
  choice: SbmOrderChoice,
): Promise<string | undefined> {
  const { locationId, sbmFlavorModelId, operatingSystemId } = choice;
  let offered: OperatingSystem[];
  try {
    offered = await client.locations
      .listSbmOperatingSystems(locationId, sbmFlavorModelId)
      .toArray({ limit: MAX_LISTED_SYSTEMS });
  } catch (error) {
    // The location or the flavor does not exist: the order's 422 names the right field.
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
  const choices = offered
    .filter((system) => !isWindows(system))
    .map((system) => `${system.id} (${system.full_name})`)
    .join(", ");
  return (
    `operatingSystemId ${operatingSystemId} is not offered for SBM flavor ${sbmFlavorModelId} ` +
    `in location ${locationId} (Windows systems are unavailable for SBM servers). ` +
    `Offered: ${choices === "" ? "none" : choices}`
  );
}
