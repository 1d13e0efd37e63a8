// Values that are not known yet. During `pulumi preview` an input computed from another
// resource's output reaches a dynamic provider's check and diff as this sentinel string
// (@pulumi/pulumi runtime/rpc.js `unknownValue`; the engine sends it in place of the value), at
// any depth: `labels` itself, or one label's value. Check must accept it and diff must treat it as
// "may change".

/** The sentinel the engine sends for an unknown value (runtime/rpc.js, `unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Whether the value is unknown or holds an unknown anywhere inside (arrays, objects). */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null) {
    return Object.values(value).some(containsUnknown);
  }
  return false;
}
