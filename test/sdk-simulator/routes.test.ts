// The SDK and the simulator use the same paths for every endpoint. The SDK is walked: every verb
// of every area is called once against a recorder that keeps the method and path it would send;
// the simulator's routes are collected by registering every area on a router. Each SDK request
// must land on a simulator route of the same method, and each simulator route must be one the
// SDK sends. A renamed path on one side only (switch_power_on against switch_on, say) fails here,
// so the simulator, the embedded default, cannot hide a wire mistake of the SDK by agreeing with
// itself alone: the paths themselves are checked against the official sources in docs/wire.md.
import { describe, expect, it } from "vitest";
import { ServersComClient } from "../../sdk/client";
import type { PagePromise, Requester } from "../../sdk/core/contract";
import { areas } from "../../simulator/areas";
import type { AreaHelpers, Handler, Method, Router } from "../../simulator/framework/contract";
import { SimRouter } from "../../simulator/framework/router";

interface Sent {
  readonly method: string;
  /** Below /v1, as the SDK builds it. */
  readonly path: string;
}

/** A Requester that sends nothing: it records each request and answers undefined. */
function recorder(sent: Sent[]): Requester {
  return {
    request: async (spec) => {
      sent.push({ method: spec.method, path: spec.path });
      return undefined as never;
    },
    requestEmpty: async (spec) => {
      sent.push({ method: spec.method, path: spec.path });
    },
    list: (path) => {
      sent.push({ method: "GET", path });
      return {} as PagePromise<never>;
    },
  };
}

/** The SDK's areas on a recorder (ServersComClient's own areas, rebuilt on it). */
function recordedAreas(sent: Sent[]): Record<string, object> {
  const client = new ServersComClient({ token: "t", baseUrl: "http://127.0.0.1:9" });
  const http = recorder(sent);
  const result: Record<string, object> = {};
  for (const [name, area] of Object.entries(client)) {
    const AreaClass = (area as object).constructor as new (requester: Requester) => object;
    result[name] = new AreaClass(http);
  }
  void client.close();
  return result;
}

/** Every public verb of an area object, base classes included (HostKindApi). */
function verbsOf(area: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(area);
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Reflect.get(proto, name);
      if (name !== "constructor" && typeof value === "function") names.add(name);
    }
  }
  // Helpers the kind classes keep protected or private are not verbs.
  names.delete("powerAction");
  return [...names].sort();
}

/**
 * Arguments of verbs whose bodies the SDK inspects before sending; every other verb gets "1" for
 * each declared parameter (ids, and options that are then read as empty).
 */
const bodies: Readonly<Record<string, readonly unknown[]>> = {
  "dedicatedServers.create": [{ hosts: [{ hostname: "a.example.com" }] }],
  "sbmServers.create": [{ hosts: [{ hostname: "a.example.com" }] }],
  "rbsVolumes.create": [{ name: "v", location_id: 1, flavor_id: 1, size: 10 }],
  "rbsVolumes.update": ["1", { size: 10 }],
  "dedicatedServers.attachSshKeys": ["1", ["00:11"]],
  "dedicatedServers.addPublicIpv4Network": ["1", { mask: 29, distribution_method: "gateway" }],
  "dedicatedServers.addPrivateIpv4Network": ["1", { mask: 29, distribution_method: "gateway" }],
  "sbmServers.addPrivateIpv4Network": ["1", { mask: 29, distribution_method: "gateway" }],
  "networkPools.createSubnetwork": ["1", { title: "t", mask: 29 }],
  "account.updateRack": ["1", { env: "prod" }],
};

function collectSdkRequests(): { sent: Sent[]; verbs: string[] } {
  const sent: Sent[] = [];
  const verbs: string[] = [];
  for (const [areaName, area] of Object.entries(recordedAreas(sent))) {
    for (const verb of verbsOf(area)) {
      const fn = Reflect.get(area, verb) as (...args: unknown[]) => unknown;
      const args = bodies[`${areaName}.${verb}`] ?? Array.from({ length: fn.length }, () => "1");
      const before = sent.length;
      void fn.apply(area, [...args]);
      expect(sent.length, `${areaName}.${verb} sends one request`).toBe(before + 1);
      verbs.push(`${areaName}.${verb}`);
    }
  }
  return { sent, verbs };
}

/** Every /v1 route of the simulator, registered as the engine registers them. */
function simulatorRoutes(): { router: SimRouter; routes: string[] } {
  const router = new SimRouter();
  const routes: string[] = [];
  const recording: Router = {
    add(method: Method, pattern: string, handler: Handler) {
      routes.push(`${method} ${pattern}`);
      router.add(method, pattern, handler);
    },
  };
  // Registration only keeps the helpers for later requests, none of which runs here.
  for (const area of areas) area.register(recording, {} as AreaHelpers);
  return { router, routes };
}

describe("one set of paths: the SDK's requests and the simulator's routes", () => {
  const { sent, verbs } = collectSdkRequests();
  const { router, routes } = simulatorRoutes();

  it("walks every verb of every SDK area", () => {
    // A floor, so that a broken walk cannot pass vacuously.
    expect(verbs.length).toBeGreaterThan(100);
    expect(verbs).toContain("cloudInstances.powerOn");
    expect(verbs).toContain("rbsVolumes.resetCredentials");
  });

  it.each(sent.map((request) => [`${request.method} /v1${request.path}`, request] as const))(
    "%s is a simulator route",
    (_name, request) => {
      const match = router.match(request.method as Method, `/v1${request.path}`);
      expect(match.kind).toBe("found");
    },
  );

  it("every simulator route is a request the SDK sends", () => {
    const used = new Set<string>();
    for (const request of sent) {
      const match = router.match(request.method as Method, `/v1${request.path}`);
      if (match.kind === "found") used.add(`${request.method} ${match.route.pattern}`);
    }
    expect(routes.filter((route) => !used.has(route))).toEqual([]);
  });

  it("sends the paths docs/wire.md decides where the official sources disagree", () => {
    const paths = sent.map((request) => `${request.method} ${request.path}`);
    expect(paths).toContain("POST /cloud_computing/instances/1/switch_on");
    expect(paths).toContain("POST /cloud_computing/instances/1/switch_off");
    expect(paths).toContain("POST /remote_block_storage/volumes/1/reset_credentials");
    expect(paths.filter((p) => p.includes("credentials/reset"))).toEqual([]);
    expect(paths.filter((p) => p.includes("switch_power"))).toEqual([]);
  });
});
