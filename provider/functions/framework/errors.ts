// The errors a lookup function throws on its own account (the SDK's errors pass through as they
// are: an API failure keeps its status, code and correlation id). A program fails with the
// message, so each one says which function, what was asked, and what would have fitted.

import { RunError } from "@pulumi/pulumi";
import { clean } from "../../../sdk/core/redact";

/**
 * Base of the lookup functions' own errors; also used for arguments that cannot be looked up.
 * A RunError: the language host prints a RunError's message alone, where any other error a
 * program does not catch is printed as "Unhandled exception" with its stack trace
 * (@pulumi/pulumi cmd/run and automation/server.ts, the uncaught handler), which says nothing
 * to a user whose location code is wrong.
 */
export class LookupError extends RunError {
  override name = "LookupError";
  /** The message is cleaned: no registered secret, control characters escaped. */
  constructor(message: string) {
    super(clean(message));
  }
}

/** Nothing fits the id, code or name asked for. */
export class NoMatchError extends LookupError {
  override name = "NoMatchError";
  constructor(
    message: string,
    /** Display names of the candidates closest to the query, best first (may be empty). */
    readonly closeMatches: readonly string[] = [],
  ) {
    super(message);
  }
}

/** Several candidates fit a name equally well: the program must say which one it means. */
export class AmbiguousMatchError extends LookupError {
  override name = "AmbiguousMatchError";
  constructor(
    message: string,
    /** Display names of every candidate that fits. */
    readonly matches: readonly string[],
  ) {
    super(message);
  }
}

/**
 * A list holds more items than the function's bound. Returning the first part instead would let
 * a program act on some of the hosts while believing it saw them all.
 */
export class ListLimitError extends LookupError {
  override name = "ListLimitError";
  constructor(
    message: string,
    readonly limit: number,
  ) {
    super(message);
  }
}
