// Go-style durations ("30m", "1h30m", "90s", "1.5h"), the format of Pulumi's `customTimeouts`.
// The engine parses them with Go's time.ParseDuration (pkg/resource/deploy/source_eval.go,
// generateTimeoutInSeconds), so a value it accepts must mean the same here, and a value it
// rejects ("1d") is rejected here too, with the same advice.

const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  "\u00b5s": 1e-3, // micro sign
  "\u03bcs": 1e-3, // Greek mu
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};

const PART = /(\d*)(?:\.(\d*))?([^\d.]+)/y;

/** The text for a message: JSON-quoted (control characters escaped), cut at 60 characters. */
function quoted(text: string): string {
  return text.length <= 60
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, 60))}... (${text.length} characters)`;
}

/**
 * Milliseconds of a Go duration, or an Error naming the rule it breaks. A timeout must be
 * positive, so a sign, zero and an empty text are refused.
 */
export function parseDuration(text: string): number | Error {
  const help = `expected a duration such as "30m", "1h30m" or "90s" (units h, m, s, ms, us, ns)`;
  if (text === "") return new Error(`an empty duration: ${help}`);
  if (text.startsWith("-") || text.startsWith("+")) {
    return new Error(`${quoted(text)} has a sign: ${help}`);
  }
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const start = PART.lastIndex;
    const match = PART.exec(text);
    if (match === null || match.index !== start) return new Error(`${quoted(text)}: ${help}`);
    const [, whole = "", fraction, unit = ""] = match;
    if (whole === "" && (fraction === undefined || fraction === "")) {
      return new Error(`${quoted(text)}: ${help}`);
    }
    const scale = UNIT_MS[unit];
    if (scale === undefined)
      return new Error(`${quoted(text)}: unknown unit ${quoted(unit)}; ${help}`);
    total += Number(`${whole === "" ? "0" : whole}.${fraction ?? "0"}`) * scale;
  }
  if (!(total > 0) || !Number.isFinite(total)) {
    return new Error(`${quoted(text)} is not a positive duration: ${help}`);
  }
  return total;
}
