// A label selector as a lookup accepts it: the text, or a builder from the SDK's labels module
// (`labelSelector().eq("env", "prod").in("tier", ["web", "api"])`).
import { LabelSelectorBuilder, LabelSelectorError, parseLabelSelector } from "../../../sdk/labels";
import { LookupError } from "./errors";

export type LabelSelector = string | LabelSelectorBuilder;

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
  try {
    parseLabelSelector(text);
  } catch (error) {
    if (!(error instanceof LabelSelectorError)) throw error;
    throw new LookupError(`${fn}: labelSelector: ${error.message}`);
  }
  return text;
}
