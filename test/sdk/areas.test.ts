// What the areas do beyond each verb's request and each local check's refusal (request-shapes.ts
// tables those): how the host lists read the kinds and name a failing field, and valid input at
// the checks' limits going through.
// undici's MockAgent is the client's dispatcher; no global is touched and no socket is opened.
import { MockAgent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  isDedicatedServer,
  isSbmServer,
  ResponseValidationError,
  ServersComClient,
} from "../../sdk";
import { cloudInstance, dedicatedCreateBody, dedicatedServer, sbmServer } from "./request-shapes";

const ORIGIN = "https://api.example.test";

// --- Harness ---

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

let agent: MockAgent;
let client: ServersComClient;
let recorded: Recorded[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  client = new ServersComClient({
    token: "t",
    baseUrl: ORIGIN,
    dispatcher: agent,
    maxRetries: 0,
  });
  recorded = [];
});

afterEach(async () => {
  await client.close();
  await agent.close();
});

/** Answers the next request, whatever it is, and records what was sent. */
function answer(status: number, data?: unknown, headers: Record<string, string> = {}): void {
  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      const body = request.body;
      recorded.push({
        method: request.method,
        path: request.path,
        body: typeof body === "string" ? JSON.parse(body) : body === null ? undefined : body,
      });
      return {
        statusCode: status,
        data: data === undefined ? "" : JSON.stringify(data),
        responseOptions: { headers: { "content-type": "application/json", ...headers } },
      };
    });
}

// --- Hosts ---

describe("hosts: GET /hosts", () => {
  it("tells the kinds apart by type and keeps a host of an unknown kind", async () => {
    const future = { ...dedicatedServer, id: "x1", type: "gpu_server" };
    answer(200, [dedicatedServer, sbmServer, future]);
    const page = await client.hosts.list();
    expect(page.items.map((host) => host.type)).toEqual([
      "dedicated_server",
      "sbm_server",
      "gpu_server",
    ]);
    expect(page.items.map(isDedicatedServer)).toEqual([true, false, false]);
    expect(page.items.map(isSbmServer)).toEqual([false, true, false]);
  });

  it("rejects a malformed host of a known kind instead of passing it off as unknown", async () => {
    const { title: _title, ...untitled } = dedicatedServer;
    answer(200, [untitled]);
    await expect(client.hosts.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it("names the failing field inside a nested array of an item", async () => {
    answer(200, [
      {
        id: 1,
        name: "R640",
        drive_slots: [
          {
            position: 0,
            interface: "SATA3",
            form_factor: "2.5",
            drive_model_id: null,
            hot_swappable: true,
          },
          {
            position: "1",
            interface: "SATA3",
            form_factor: "2.5",
            drive_model_id: null,
            hot_swappable: true,
          },
        ],
      },
    ]);
    const error = await client.locations.listServerModels(1).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as ResponseValidationError).field).toBe("items.0.drive_slots.1.position");
  });

  it("reads labels null (a Go client's empty map, as srvctl's records show it) as no labels", async () => {
    answer(200, [{ ...dedicatedServer, labels: null }]);
    const page = await client.hosts.list();
    expect(page.items[0]?.labels).toEqual({});
  });

  it("names the failing field of a host, inside the item and inside nested objects", async () => {
    const broken = {
      ...sbmServer,
      id: "sbm2",
      configuration_details: { ram_size: "32 GB" },
    };
    answer(200, [dedicatedServer, broken]);
    const error = await client.hosts.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof ResponseValidationError)) throw new Error("expected a validation error");
    expect(error.field).toBe("items.1.configuration_details.ram_size");
    expect(error.message).toContain("items.1.configuration_details.ram_size");
    expect(error.message).not.toContain("Invalid input at items.1:");
    // A host of an unknown kind that lacks a shared field is named too.
    answer(200, [{ ...dedicatedServer, type: "gpu_server", status: 7 }]);
    const unknownKind = await client.hosts.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((unknownKind as ResponseValidationError).field).toBe("items.0.status");
  });
});

// --- Dedicated servers ---

describe("dedicatedServers: create answers an array, one record per hosts entry", () => {
  it("returns every server ordered, in order", async () => {
    answer(200, [
      { ...dedicatedServer, id: "a", title: "web-1", status: "init" },
      { ...dedicatedServer, id: "b", title: "web-2", status: "init" },
    ]);
    const servers = await client.dedicatedServers.create(dedicatedCreateBody);
    expect(Array.isArray(servers)).toBe(true);
    expect(servers.map((server) => [server.id, server.title])).toEqual([
      ["a", "web-1"],
      ["b", "web-2"],
    ]);
  });
});

// --- Local checks (the refusals are request-shapes.ts rows) ---

describe("local checks let valid input through", () => {
  it("lets a valid iPXE script of exactly 64 KB through", async () => {
    const script = `#!ipxe\n${"x".repeat(64 * 1024 - 7)}`;
    answer(200, dedicatedServer);
    await client.dedicatedServers.update("ds1", { ipxe_config: script });
    expect(recorded).toHaveLength(1);
  });

  it("sends an empty label set, which clears every label", async () => {
    answer(200, cloudInstance);
    await client.cloudInstances.update("ci1", { labels: {} });
    expect(recorded[0]?.body).toEqual({ labels: {} });
  });
});
