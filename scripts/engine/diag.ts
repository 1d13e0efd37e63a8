// The engine's wording of a check failure, so the harness's errors read as the real CLI's.
//
// The engine prints each failure with diag.GetResourcePropertyInvalidValueError,
// "%v resource '%v': property %v value %v has a problem: %v" (pulumi/pulumi v3.274.1
// sdk/go/common/diag/errors.go:41), or, for a failure naming no property,
// GetResourceInvalidError, "%v resource '%v' has a problem: %v" (errors.go:37); the value is
// the goal's input of that name rendered by PropertyValue.RedactSecrets (pulumi/pulumi v3.274.1
// pkg/resource/deploy/step_generator.go:3190-3211, issueCheckFailures), whatever the provider
// changed in check.

import { isSecretValue, type Properties } from "./secrets";

/** The value as Go's `fmt.Sprintf("{%v}", v.V)` writes a redacted PropertyValue. */
export function renderPropertyValue(value: unknown): string {
  return `{${goValue(value)}}`;
}

/**
 * One check failure, as the engine prints it. `inputs`: the registration's inputs in clear;
 * `secretInputs`: the top-level names the program gave as secrets (redacted as `{[secret]}`).
 */
export function checkFailureMessage(
  type: string,
  name: string,
  failure: { readonly property: string; readonly reason: string },
  inputs: Properties,
  secretInputs: readonly string[],
): string {
  if (failure.property === "") return `${type} resource '${name}' has a problem: ${failure.reason}`;
  // The engine looks the name up among the top-level inputs (`inputs[failure.Property]`): a
  // nested path or a missing input is the zero PropertyValue, `{<nil>}`.
  const value = secretInputs.includes(failure.property)
    ? "[secret]"
    : Object.hasOwn(inputs, failure.property)
      ? inputs[failure.property]
      : null;
  return (
    `${type} resource '${name}': property ${failure.property} value ` +
    `${renderPropertyValue(value)} has a problem: ${failure.reason}`
  );
}

/** Go's `%v` of a PropertyValue's V (RedactSecrets has turned secrets into "[secret]"). */
function goValue(value: unknown): string {
  if (value === null || value === undefined) return "<nil>";
  if (isSecretValue(value)) return "[secret]";
  if (typeof value === "number") return goFloat(value);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  // []PropertyValue: each element by its String() method, "{...}", space-separated.
  if (Array.isArray(value)) return `[${value.map(renderPropertyValue).join(" ")}]`;
  // PropertyMap has no String method: fmt writes a map, keys sorted, values by String().
  const entries = Object.entries(value as Properties)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `map[${entries.map(([key, item]) => `${key}:${renderPropertyValue(item)}`).join(" ")}]`;
}

/**
 * Go's `%v` of a float64: strconv 'g' with the shortest digits, which writes an exponent when it
 * is below -4 or 6 and up (shortest precision decides with 6: Go's strconv/ftoa.go, "if exp < -4
 * || exp >= eprec"), with at least two exponent digits: 1000000 is "1e+06", 123456 is "123456".
 */
function goFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const [mantissa, exponentText] = value.toExponential().split("e") as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const digits = String(Math.abs(exponent)).padStart(2, "0");
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${digits}`;
  }
  return String(value);
}
