// The networking records' schemas against records shaped as the official sources show them
// (docs/wire.md): the Go client's fixtures' fields, Ansible's "CIDR is assigned once active", and
// the schema policy: only what is promised is required, nullable where a source says so, and a
// field no source knows never fails a parse.
import { describe, expect, it } from "vitest";
import {
  L4LoadBalancerSchema,
  L7LoadBalancerSchema,
  LoadBalancerClusterSchema,
  LoadBalancerSchema,
  NetworkPoolSchema,
  NetworkSchema,
  SubnetworkSchema,
} from "../../sdk";

const AT = "2026-01-01T00:00:00Z";

describe("networking record schemas", () => {
  it("parse full records and keep their fields; unknown fields are dropped, never fatal", () => {
    const pool = NetworkPoolSchema.parse({
      id: "p1",
      title: null,
      cidr: "10.0.0.0/20",
      type: "private",
      location_ids: [1],
      location_codes: ["AMS1"],
      labels: {},
      created_at: AT,
      updated_at: AT,
      added_later: true,
    });
    expect(pool).toMatchObject({ id: "p1", title: null });
    expect(pool).not.toHaveProperty("added_later");
    const subnetwork = SubnetworkSchema.parse({
      id: "s1",
      network_pool_id: "p1",
      title: "db",
      cidr: "10.0.0.0/29",
      attached: false,
      interface_type: "private",
      created_at: AT,
      updated_at: AT,
    });
    expect(subnetwork.attached).toBe(false);
  });

  it("take a host network without CIDR or title while it is being set up", () => {
    const network = NetworkSchema.parse({
      id: "n1",
      title: null,
      status: "new",
      cidr: null,
      family: "ipv4",
      interface_type: "private",
      distribution_method: "gateway",
      additional: true,
      created_at: AT,
      updated_at: AT,
    });
    expect(network).toMatchObject({ cidr: null, title: null });
  });

  it("take load balancers with zones, without them (lists), and with only an id", () => {
    const l4 = L4LoadBalancerSchema.parse({
      id: "lb1",
      name: "tcp",
      type: "l4",
      status: "in_process",
      external_addresses: [],
      location_id: 1,
      location_code: "AMS1",
      proxy_protocol_enabled: false,
      store_logs: false,
      cluster_id: null,
      vhost_zones: [
        {
          id: "v",
          udp: false,
          ports: [443],
          acl_list: ["127.0.0.0/8"],
          acl_allow: false,
          description: null,
          upstream_id: "u",
          proxy_protocol: false,
        },
      ],
      upstream_zones: [
        {
          id: "u",
          method: "random.least_conn",
          udp: false,
          hc_interval: 5,
          hc_jitter: 5,
          hc_fails: 1,
          hc_passes: 3,
          upstreams: [{ ip: "10.0.0.1", port: 80, weight: 1, max_conns: 63000, status: "unknown" }],
        },
      ],
      labels: {},
      created_at: AT,
      updated_at: AT,
    });
    expect(l4.vhost_zones?.[0]?.acl_list).toEqual(["127.0.0.0/8"]);
    const l7 = L7LoadBalancerSchema.parse({
      id: "lb2",
      type: "l7",
      status: "active",
      domains: ["example.com"],
      geoip: false,
      store_logs_region_id: 3,
      vhost_zones: [
        {
          id: "v",
          ports: [443],
          ssl: true,
          domains: ["example.com"],
          ssl_certificate_id: "c1",
          location_zones: [{ location: "/", upstream_id: "u", upstream_path: "/" }],
          real_ip_header: { name: "X-Real-IP", networks: ["10.0.0.0/8"] },
        },
      ],
      upstream_zones: [{ id: "u", method: "round_robin", sticky: true, upstreams: [] }],
    });
    expect(l7.vhost_zones?.[0]?.real_ip_header?.name).toBe("X-Real-IP");
    expect(LoadBalancerSchema.parse({ id: "lb3" })).toEqual({ id: "lb3" });
    expect(LoadBalancerClusterSchema.parse({ id: "c1", status: "active" }).status).toBe("active");
  });

  it("still require the id", () => {
    expect(() => SubnetworkSchema.parse({ cidr: "10.0.0.0/29" })).toThrow();
    expect(() => LoadBalancerSchema.parse({ name: "x" })).toThrow();
  });
});
