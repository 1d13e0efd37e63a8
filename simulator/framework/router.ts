// Route matching by path segments: a tree of static segments and parameters, static first, so
// "/v1/hosts/dedicated_servers" wins over "/v1/hosts/:id" whatever the registration order.
import type { Handler, Method, Router } from "./contract";

interface Route {
  readonly pattern: string;
  readonly handler: Handler;
  /** Parameter names by position among the route's parameter segments. */
  readonly paramNames: readonly string[];
}

interface Node {
  readonly statics: Map<string, Node>;
  param?: Node;
  readonly routes: Map<Method, Route>;
}

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Record<string, string> }
  /** The path exists with other methods: 405, listing them in Allow. */
  | { readonly kind: "method_not_allowed"; readonly allowed: readonly Method[] }
  | { readonly kind: "not_found" };

function newNode(): Node {
  return { statics: new Map(), routes: new Map() };
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

export class SimRouter implements Router {
  private readonly root = newNode();

  add(method: Method, pattern: string, handler: Handler): void {
    let node = this.root;
    const paramNames: string[] = [];
    for (const segment of segmentsOf(pattern)) {
      if (segment.startsWith(":")) {
        paramNames.push(segment.slice(1));
        node.param ??= newNode();
        node = node.param;
      } else {
        let next = node.statics.get(segment);
        if (next === undefined) {
          next = newNode();
          node.statics.set(segment, next);
        }
        node = next;
      }
    }
    // Two areas claiming one route is a wiring mistake: fail at start-up, not at request time.
    if (node.routes.has(method)) throw new Error(`route registered twice: ${method} ${pattern}`);
    node.routes.set(method, { pattern, handler, paramNames });
  }

  match(method: Method, path: string): RouteMatch {
    const segments = segmentsOf(path);
    const values: string[] = [];
    const node = this.walk(this.root, segments, 0, values);
    if (node === undefined) return { kind: "not_found" };
    const route = node.routes.get(method);
    if (route === undefined)
      return { kind: "method_not_allowed", allowed: [...node.routes.keys()] };
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => {
      params[name] = values[i] ?? "";
    });
    return { kind: "found", route, params };
  }

  /** Depth-first, static before parameter; `values` collects decoded parameter segments. */
  private walk(node: Node, segments: string[], at: number, values: string[]): Node | undefined {
    if (at === segments.length) return node.routes.size > 0 ? node : undefined;
    const segment = segments[at] ?? "";
    const next = node.statics.get(segment);
    if (next !== undefined) {
      const found = this.walk(next, segments, at + 1, values);
      if (found !== undefined) return found;
    }
    if (node.param !== undefined) {
      const decoded = decodeSegment(segment);
      if (decoded === undefined) return undefined;
      values.push(decoded);
      const found = this.walk(node.param, segments, at + 1, values);
      if (found !== undefined) return found;
      values.pop();
    }
    return undefined;
  }
}

/** Percent-decodes a path parameter; a malformed escape matches no route (404). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
