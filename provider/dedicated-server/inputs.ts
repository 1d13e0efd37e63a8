// The inputs as the provider receives them once check has passed (plain values, camelCase), their
// normal forms for diff, and the request bodies built from them (snake_case, api-spec.md "POST
// /v1/hosts/dedicated_servers" and "reinstall").
import type {
  DedicatedServerCreateBody,
  DedicatedServerReinstallBody,
  DriveLayoutInput,
} from "../../sdk/areas/dedicated-servers";
import type { PropertyBag } from "../framework/check";
import { containsUnknown } from "../framework/unknowns";

export interface UplinkModelsInput {
  readonly private: { readonly id: number };
  readonly public?: { readonly id: number; readonly bandwidthModelId: number };
}

export interface DriveSlotInput {
  readonly position: number;
  readonly driveModelId: number;
}

export interface DriveLayoutEntryInput {
  readonly slotPositions: readonly number[];
  readonly ignore?: boolean;
}

export interface DrivesInput {
  readonly slots: readonly DriveSlotInput[];
  readonly layout?: readonly DriveLayoutEntryInput[];
}

export interface DedicatedServerInputs {
  readonly locationId: number;
  readonly serverModelId: number;
  readonly uplinkModels: UplinkModelsInput;
  readonly ramSize: number;
  readonly drives: DrivesInput;
  /** null: no operating system (iPXE Boot, or a bare server). */
  readonly operatingSystemId: number | null;
  readonly features?: readonly string[];
  readonly ipxeConfig?: string;
  readonly ipv6?: boolean;
  readonly hostname: string;
  readonly sshKeyFingerprints?: readonly string[];
  readonly userData?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
  readonly rebootOnIpxeChange?: boolean;
  readonly rebootTrigger?: string;
  readonly reinstallTrigger?: string;
}

/** The checked inputs, typed. Only called on inputs that passed check (create, update). */
export function inputsOf(bag: PropertyBag): DedicatedServerInputs {
  return bag as unknown as DedicatedServerInputs;
}

// --- normal forms: what diff compares (the order of a list carries no meaning) ---

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

/** `features` and `sshKeyFingerprints` are sets; absent means none. */
export function desiredSet(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || containsUnknown(value)) return value;
  return sortedUnique(value.map(String));
}

/** Slots by position; `layout` absent means none; `ignore` absent means false. */
export function desiredDrives(value: unknown): unknown {
  if (typeof value !== "object" || value === null || containsUnknown(value)) return value;
  const drives = value as DrivesInput;
  if (!Array.isArray(drives.slots)) return value;
  return {
    slots: [...drives.slots]
      .map((slot) => ({ position: slot.position, driveModelId: slot.driveModelId }))
      .sort((a, b) => a.position - b.position),
    layout: (drives.layout ?? []).map((entry) => ({
      slotPositions: [...entry.slotPositions],
      ignore: entry.ignore ?? false,
    })),
  };
}

// --- request bodies ---

function layoutBody(drives: DrivesInput): DriveLayoutInput[] | undefined {
  return drives.layout?.map((entry) => ({
    slot_positions: [...entry.slotPositions],
    ignore: entry.ignore ?? false,
  }));
}

export function createBody(
  inputs: DedicatedServerInputs,
  labels: Record<string, string>,
): DedicatedServerCreateBody {
  const { uplinkModels, drives } = inputs;
  const layout = layoutBody(drives);
  return {
    location_id: inputs.locationId,
    server_model_id: inputs.serverModelId,
    uplink_models: {
      private: { id: uplinkModels.private.id },
      ...(uplinkModels.public === undefined
        ? {}
        : {
            public: {
              id: uplinkModels.public.id,
              bandwidth_model_id: uplinkModels.public.bandwidthModelId,
            },
          }),
    },
    ram_size: inputs.ramSize,
    drives: {
      slots: drives.slots.map((slot) => ({
        position: slot.position,
        drive_model_id: slot.driveModelId,
      })),
      ...(layout === undefined ? {} : { layout }),
    },
    operating_system_id: inputs.operatingSystemId,
    ...(inputs.features === undefined ? {} : { features: [...inputs.features] }),
    ...(inputs.ipxeConfig === undefined ? {} : { ipxe_config: inputs.ipxeConfig }),
    ...(inputs.ipv6 === undefined ? {} : { ipv6: inputs.ipv6 }),
    // One server per resource: the order's `hosts` has exactly one entry.
    hosts: [{ hostname: inputs.hostname }],
    ...(inputs.sshKeyFingerprints === undefined
      ? {}
      : { ssh_key_fingerprints: [...inputs.sshKeyFingerprints] }),
    ...(inputs.userData === undefined ? {} : { user_data: inputs.userData }),
    labels,
  };
}

/**
 * A reinstall brings the server to the declared system, keys, user data and drive layout (the
 * layout is the ordered one: a different one replaces the server). iPXE Boot (operating system
 * null) takes the script along, as the reinstall-based flow says.
 */
export function reinstallBody(inputs: DedicatedServerInputs): DedicatedServerReinstallBody {
  const layout = layoutBody(inputs.drives);
  return {
    hostname: inputs.hostname,
    operating_system_id: inputs.operatingSystemId,
    ...(inputs.operatingSystemId === null && inputs.ipxeConfig !== undefined
      ? { ipxe_config: inputs.ipxeConfig }
      : {}),
    ...(layout === undefined ? {} : { drives: { layout } }),
    ...(inputs.sshKeyFingerprints === undefined
      ? {}
      : { ssh_key_fingerprints: [...inputs.sshKeyFingerprints] }),
    ...(inputs.userData === undefined ? {} : { user_data: inputs.userData }),
  };
}
