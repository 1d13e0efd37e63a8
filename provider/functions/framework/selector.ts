// A label selector as a lookup accepts it: the text, or a builder from the SDK's labels module
// (`labelSelector().eq("env", "prod").in("tier", ["web", "api"])`).
import { LabelSelectorBuilder, LabelSelectorError, parseLabelSelector } from "../../../sdk/labels";
import { LookupError } from "./errors";

export type LabelSelector = string | LabelSelectorBuilder;

/**
 * The longest selector sent. The grammar sets no bound, but the selector travels in the URL, and
 * a request line past the server's header limit (16 KB in Node, 8 KB in common proxies) fails as
 * an HTTP 431 repeating the whole URL. Selectors are ASCII, at most three bytes each once
 * percent-encoded: 2,000 characters stay within 8 KB with the rest of the URL.
 */
export const MAX_SELECTOR_LENGTH = 2000;

/**
 * The selector's text, checked against the grammar before it is sent: a typo then fails with its
 * position here instead of as a 400 from the API.
 */
export function selectorText(fn: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = value instanceof LabelSelectorBuilder ? value.toString() : value;
  if (typeof text !== "string") {
    throw new LookupError(
      `${fn}: labelSelector must be a string or a label selector builder (got ${typeof value})`,
    );
  }
  if (text.length > MAX_SELECTOR_LENGTH) {
    throw new LookupError(
      `${fn}: labelSelector must be at most ${MAX_SELECTOR_LENGTH} characters (got ${text.length})`,
    );
  }
  try {
    parseLabelSelector(text);
  } catch (error) {
    if (!(error instanceof LabelSelectorError)) throw error;
    throw new LookupError(`${fn}: labelSelector: ${error.message}`);
  }
  return text;
}
