// Request paths as the simulator's route patterns ("/v1/hosts/sbm_servers/:id"): ids are random,
// so logs that two runs must share name the route, not the path. The patterns come from the
// simulator's own routes, registered on a router of our own (no server, no state).
import { areas } from "../../simulator/areas";
import type { Method } from "../../simulator/framework/contract";
import { resolveDurations } from "../../simulator/framework/durations";
import { createAreaHelpers } from "../../simulator/framework/helpers";
import { SimRouter } from "../../simulator/framework/router";

let router: SimRouter | undefined;

function routes(): SimRouter {
  if (router === undefined) {
    const built = new SimRouter();
    const helpers = createAreaHelpers(resolveDurations(), () => "http://127.0.0.1");
    for (const area of areas) area.register(built, helpers);
    router = built;
  }
  return router;
}

const METHODS: ReadonlySet<string> = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** The route pattern of a request, or the path with every segment after /v1 that is no route's. */
export function routePattern(method: string, path: string): string {
  const bare = path.split("?")[0] ?? path;
  if (METHODS.has(method)) {
    const match = routes().match(method as Method, bare);
    if (match.kind === "found") return match.route.pattern;
  }
  return bare;
}
