// A host's drive slot as the lookups and the DedicatedServer kind show it: one shape for
// getHostDriveSlots and the `driveSlots` output. No Pulumi runtime here: the kinds import it.
import type { HostDriveSlot } from "../../sdk/areas/host-common";

export interface DriveSlotResult {
  readonly position: number;
  readonly interface: string | null;
  readonly formFactor: string | null;
  /** The drive in the slot; null for an empty slot. */
  readonly driveModel: {
    readonly id: number;
    readonly name: string;
    readonly capacity: number;
    readonly interface: string;
    readonly formFactor: string;
    readonly mediaType: string;
  } | null;
}

/** A drive slot in the words of the lookup and of DedicatedServer's `driveSlots` output. */
export function driveSlotResult(slot: HostDriveSlot): DriveSlotResult {
  const model = slot.drive_model;
  return {
    position: slot.position,
    interface: slot.interface ?? null,
    formFactor: slot.form_factor ?? null,
    driveModel:
      model === undefined || model === null
        ? null
        : {
            id: model.id,
            name: model.name,
            capacity: model.capacity,
            interface: model.interface,
            formFactor: model.form_factor,
            mediaType: model.media_type,
          },
  };
}
