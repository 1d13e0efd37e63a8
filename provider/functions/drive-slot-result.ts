// A drive model, and a host's drive slot holding one, as the lookups and the DedicatedServer kind
// show them: one shape for getDriveModels, getHostDriveSlots and the `driveSlots` output. No
// Pulumi runtime here: the kinds import it.
import type { HostDriveSlot } from "../../sdk/areas/host-common";
import type { DriveModel } from "../../sdk/areas/locations";

/** A drive slot of a host, filled or not. */
export interface DriveSlotResult {
  /** The slot's position. */
  readonly position: number;
  /** The slot's interface; null where the API does not say. */
  readonly interface: string | null;
  /** The slot's form factor; null where the API does not say. */
  readonly formFactor: string | null;
  /** The drive in the slot; null for an empty slot. */
  readonly driveModel: GetDriveModelResult | null;
}

/** A drive slot in the words of the lookup and of DedicatedServer's `driveSlots` output. */
export function driveSlotResult(slot: HostDriveSlot): DriveSlotResult {
  const model = slot.drive_model;
  return {
    position: slot.position,
    interface: slot.interface ?? null,
    formFactor: slot.form_factor ?? null,
    driveModel: model === undefined || model === null ? null : driveModelResult(model),
  };
}

/** A drive model: one a server model can be ordered with, or the one in a drive slot. */
export interface GetDriveModelResult {
  /** The drive model's id (a drive slot's `driveModelId`). */
  readonly id: number;
  /** The drive model's name. */
  readonly name: string;
  /** The capacity in GB. */
  readonly capacity: number;
  /** The interface, e.g. `SATA3`. */
  readonly interface: string;
  /** The form factor, e.g. `2.5`. */
  readonly formFactor: string;
  /** The media type, e.g. `SSD`. */
  readonly mediaType: string;
}

/** A drive model in the words of the lookups. */
export function driveModelResult(model: DriveModel): GetDriveModelResult {
  return {
    id: model.id,
    name: model.name,
    capacity: model.capacity,
    interface: model.interface,
    formFactor: model.form_factor,
    mediaType: model.media_type,
  };
}
