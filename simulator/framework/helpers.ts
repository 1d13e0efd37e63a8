// The helpers the framework hands to every area, so all of them answer lists, 404s, label
// errors and durations the same way.
import { labelIssues } from "../../sdk/labels";
import {
  type AreaHelpers,
  type ListSpec,
  SimApiError,
  type SimContext,
  type SimRequest,
  type SimResponse,
  type TransitionName,
  type WireRecord,
} from "./contract";
import type { Durations } from "./durations";
import { listResponse } from "./list";

/**
 * The origin (scheme, host, port) each request arrived on, for the absolute URLs of Link headers.
 * Kept beside the request rather than on it so the contract's SimRequest stays as it is.
 */
export const requestOrigins = new WeakMap<SimRequest, string>();

export function createAreaHelpers(durations: Durations, fallbackOrigin: () => string): AreaHelpers {
  return {
    list(req: SimRequest, records: readonly WireRecord[], spec: ListSpec): SimResponse {
      const origin = requestOrigins.get(req) ?? fallbackOrigin();
      return listResponse(origin, req.path, req.query, records, spec);
    },
    getOr404(ctx: SimContext, collection: string, key: string): WireRecord {
      const record = ctx.store.get(collection, key);
      if (record === undefined) throw notFound(collection, key);
      return record;
    },
    checkLabels(labels: unknown, field = "labels"): { [key: string]: string } {
      const issues = labelIssues(labels, field);
      if (issues.length === 0) return { ...(labels as Record<string, string>) };
      const errors: Record<string, string> = {
        [field]: issues.map((i) => `${i.key === "" ? field : i.key}: ${i.rule}`).join("; "),
      };
      for (const issue of issues) {
        if (issue.key === "") continue;
        // Dotted like every other field path of the API ("hosts.0.labels.env"), whatever the key.
        const path = `${field}.${issue.key}`;
        errors[path] = errors[path] === undefined ? issue.rule : `${errors[path]}; ${issue.rule}`;
      }
      throw new SimApiError(422, "UNPROCESSABLE_ENTITY", "Validation failed", { errors });
    },
    duration(name: TransitionName): number {
      return durations[name];
    },
  };
}

/** Collection names read as prose in messages: "dedicated_servers" -> "dedicated server". */
function notFound(collection: string, key: string): SimApiError {
  const thing = collection.replace(/s$/, "").replaceAll("_", " ");
  return new SimApiError(404, "NOT_FOUND", `The ${thing} ${key} was not found`);
}
