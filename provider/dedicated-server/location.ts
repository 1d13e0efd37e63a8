// Features a location does not offer (iPXE Boot among them: api-spec.md, "Availability depends on
// the location; the location list shows it"). Looked up before an order or an activation, so the
// answer names the location and what it offers instead of a bare refusal after the fact.
import type { ServersComClient } from "../../sdk/client";
import { InputValidationError, NotFoundError } from "../../sdk/core/errors";

/** A sentence about the features the location lacks, or undefined when it offers them all. */
export async function unsupportedFeatures(
  client: ServersComClient,
  locationId: number | undefined,
  features: readonly string[],
): Promise<string | undefined> {
  // A record without location_id (docs/wire.md: not promised) leaves the service to judge.
  if (features.length === 0 || locationId === undefined) return undefined;
  let location: Awaited<ReturnType<ServersComClient["locations"]["get"]>>;
  try {
    location = await client.locations.get(locationId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new InputValidationError("locationId", `there is no location ${locationId}`);
    }
    throw error;
  }
  const missing = features.filter((name) => !location.supported_features.includes(name));
  if (missing.length === 0) return undefined;
  const offered = location.supported_features.join(", ") || "none";
  return (
    `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not available in location ` +
    `${location.code} (id ${location.id}; it offers: ${offered})`
  );
}
