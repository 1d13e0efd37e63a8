// Conformance of the simulator's load balancers and clusters (docs/wire.md, "Load balancers": the
// Go client's paths and records, Ansible's answers, ranges and defaults), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";

const MINUTE = 60_000;

interface Balancer {
  id: string;
  name: string;
  type: string;
  status: string;
  external_addresses: string[];
  cluster_id: string | null;
  labels: Record<string, string>;
  domains?: string[];
  vhost_zones?: Record<string, unknown>[];
  upstream_zones?: Record<string, unknown>[];
}

const l4Body = (overrides: Record<string, unknown> = {}) => ({
  name: "tcp",
  location_id: 1,
  vhost_zones: [{ id: "front", ports: [443], upstream_id: "pool" }],
  upstream_zones: [{ id: "pool", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
  labels: { env: "test" },
  ...overrides,
});

const l7Body = (overrides: Record<string, unknown> = {}) => ({
  name: "web",
  location_id: 1,
  vhost_zones: [
    {
      id: "site",
      ports: [443],
      ssl: true,
      domains: ["example.com"],
      ssl_certificate_id: "LeCert01",
      location_zones: [{ location: "/", upstream_id: "app" }],
    },
  ],
  upstream_zones: [{ id: "app", upstreams: [{ ip: "10.0.0.6", port: 80, weight: 2 }] }],
  ...overrides,
});

describe("load balancers area", () => {
  const sim = useTestSimulator();

  beforeEach(async () => {
    await sim().control.reset();
  });

  it("creates an L4 balancer: 202 in_process with the fixtures' defaults, then active with an address", async () => {
    const made = await sim().req<Balancer>("POST", "/v1/load_balancers/l4", l4Body());
    expect(made.status).toBe(202);
    expect(made.body).toMatchObject({
      type: "l4",
      status: "in_process",
      external_addresses: [],
      cluster_id: null,
    });
    expect(made.body.upstream_zones?.[0]).toMatchObject({
      method: "random.least_conn",
      udp: false,
      hc_interval: 5,
      hc_jitter: 5,
      upstreams: [
        { ip: "10.0.0.5", port: 8443, weight: 1, max_conns: 63000, max_fails: 0, fail_timeout: 30 },
      ],
    });
    await sim().advance(2 * MINUTE);
    const active = await sim().req<Balancer>("GET", `/v1/load_balancers/l4/${made.body.id}`);
    expect(active.body.status).toBe("active");
    expect(active.body.external_addresses).toHaveLength(1);
    const listed = await sim().req<Balancer[]>(
      "GET",
      "/v1/load_balancers?type=l4&label_selector=env%3D%3Dtest",
    );
    expect(listed.body.map((b) => b.id)).toEqual([made.body.id]);
    expect(listed.body[0]).not.toHaveProperty("vhost_zones");
    expect((await sim().req("GET", `/v1/load_balancers/l7/${made.body.id}`)).status).toBe(404);
  });

  it("updates in place (202, in_process again; 200 when nothing changes), moves clusters, deletes (204)", async () => {
    const made = await sim().req<Balancer>("POST", "/v1/load_balancers/l4", l4Body());
    await sim().advance(2 * MINUTE);
    const path = `/v1/load_balancers/l4/${made.body.id}`;
    const same = await sim().req<Balancer>("PUT", path, { name: "tcp" });
    expect(same.status).toBe(200);
    const moved = await sim().req<Balancer>("PUT", path, { name: "tcp-2", cluster_id: "LbClAms1" });
    expect(moved.status).toBe(202);
    expect(moved.body).toMatchObject({
      name: "tcp-2",
      cluster_id: "LbClAms1",
      status: "in_process",
    });
    await sim().advance(2 * MINUTE);
    const shared = await sim().req<Balancer>("PUT", path, { shared_cluster: true });
    expect(shared.body.cluster_id).toBeNull();
    const away = await sim().req<ApiErrorBody>("PUT", path, { cluster_id: "LbClDfw1" });
    expect(away.status).toBe(422);
    expect(away.body.errors?.cluster_id).toBe("is in another location");
    expect((await sim().req("DELETE", path)).status).toBe(204);
    expect((await sim().req<Balancer>("GET", path)).body.status).toBe("deleting");
    await sim().advance(2 * MINUTE);
    expect((await sim().req("GET", path)).status).toBe(404);
  });

  it("refuses zones that break the sources' rules with 422 naming each field", async () => {
    const bad = await sim().req<ApiErrorBody>(
      "POST",
      "/v1/load_balancers/l4",
      l4Body({
        location_id: 3,
        vhost_zones: [{ id: "", ports: [0], upstream_id: "nope" }],
        upstream_zones: [
          {
            id: "pool",
            method: "fastest",
            hc_interval: 0,
            upstreams: [{ ip: "x", port: 70000, weight: 0 }],
          },
        ],
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(
      [
        "location_id",
        "upstream_zones.0.hc_interval",
        "upstream_zones.0.method",
        "upstream_zones.0.upstreams.0.ip",
        "upstream_zones.0.upstreams.0.port",
        "upstream_zones.0.upstreams.0.weight",
        "vhost_zones.0.id",
        "vhost_zones.0.ports",
        "vhost_zones.0.upstream_id",
      ].sort(),
    );
  });

  it("refuses no zones, over 1,000, a listener twice and a location without / (issue 25)", async () => {
    const refused = async (path: string, body: Record<string, unknown>) => {
      const answer = await sim().req<ApiErrorBody>("POST", path, body);
      expect(answer.status).toBe(422);
      return Object.keys(answer.body.errors ?? {}).sort();
    };
    expect(await refused("/v1/load_balancers/l4", l4Body({ vhost_zones: [] }))).toEqual([
      "vhost_zones",
    ]);
    const many = Array.from({ length: 5_000 }, (_, n) => ({
      id: `z${n}`,
      ports: [1 + n],
      upstream_id: "pool",
    }));
    expect(await refused("/v1/load_balancers/l4", l4Body({ vhost_zones: many }))).toEqual([
      "vhost_zones",
    ]);
    const twice = [
      { id: "a", ports: [443], upstream_id: "pool" },
      { id: "b", ports: [443], upstream_id: "pool" },
    ];
    expect(await refused("/v1/load_balancers/l4", l4Body({ vhost_zones: twice }))).toEqual([
      "vhost_zones.1.ports",
    ]);
    const tcpAndUdp = [
      { id: "a", ports: [53], upstream_id: "pool" },
      { id: "b", ports: [53], udp: true, upstream_id: "pool" },
    ];
    const taken = await sim().req(
      "POST",
      "/v1/load_balancers/l4",
      l4Body({ vhost_zones: tcpAndUdp }),
    );
    expect(taken.status).toBe(202);
    const noSlash = [
      {
        id: "site",
        ports: [80],
        domains: ["example.com"],
        location_zones: [{ location: "app", upstream_id: "app" }],
      },
    ];
    expect(await refused("/v1/load_balancers/l7", l7Body({ vhost_zones: noSlash }))).toEqual([
      "vhost_zones.0.location_zones.0.location",
    ]);
  });

  it("creates an L7 balancer with a certificate; its domains are the vhost zones'", async () => {
    const made = await sim().req<Balancer>("POST", "/v1/load_balancers/l7", l7Body());
    expect(made.status).toBe(202);
    expect(made.body).toMatchObject({ type: "l7", domains: ["example.com"] });
    expect(made.body.upstream_zones?.[0]).toMatchObject({ sticky: true, hc_path: "/" });
    // The Go record L7UpstreamZone carries neither (abb982c9 types.go); the vhost zone has the preset.
    expect(made.body.upstream_zones?.[0]).not.toHaveProperty("tls_preset");
    expect(made.body.upstream_zones?.[0]).not.toHaveProperty("hc_status");
    expect(made.body.vhost_zones?.[0]).toMatchObject({ tls_preset: "TLSv1.3" });
    expect(made.body).toMatchObject({ cluster_id: null, shared_cluster: true });
    const noCert = await sim().req<ApiErrorBody>(
      "POST",
      "/v1/load_balancers/l7",
      l7Body({
        vhost_zones: [
          {
            id: "s",
            ports: [443],
            ssl: true,
            domains: ["a.example.com"],
            ssl_certificate_id: "NoCert01",
          },
        ],
      }),
    );
    expect(noCert.body.errors).toEqual({
      "vhost_zones.0.ssl_certificate_id": "certificate NoCert01 does not exist",
    });
  });

  it("lists and reads the seeded clusters", async () => {
    const clusters = await sim().req<{ id: string; location_id: number }[]>(
      "GET",
      "/v1/load_balancer_clusters",
    );
    expect(clusters.body.map((c) => c.id)).toEqual(["LbClAms1", "LbClDfw1"]);
    expect((await sim().req("GET", "/v1/load_balancer_clusters/LbClDfw1")).status).toBe(200);
    expect((await sim().req("GET", "/v1/load_balancer_clusters/Nope")).status).toBe(404);
  });
});
