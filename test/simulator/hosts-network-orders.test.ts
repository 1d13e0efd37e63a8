// Conformance of the simulator's additional networks of hosts (docs/wire.md, "Host networks"):
// the Go client's dedicated server paths, Ansible's SBM path, srvctl's mask rules, over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import { dedicatedOrder, MINUTE, type Network, sbmOrder } from "./hosts-fixtures";

describe("additional networks of hosts", () => {
  const sim = useTestSimulator();

  beforeEach(async () => {
    await sim().control.reset();
  });

  async function host(segment: "dedicated_servers" | "sbm_servers"): Promise<string> {
    const order = segment === "dedicated_servers" ? dedicatedOrder() : sbmOrder();
    const answer = await sim().req<{ id: string }[]>("POST", `/v1/hosts/${segment}`, order);
    return answer.body[0]?.id ?? "";
  }

  it("orders public and private IPv4 networks: 202, new without a CIDR, then active with one", async () => {
    const id = await host("dedicated_servers");
    const base = `/v1/hosts/dedicated_servers/${id}/networks`;
    const publicNet = await sim().req<Network>("POST", `${base}/public_ipv4`, {
      mask: 29,
      distribution_method: "gateway",
    });
    expect(publicNet.status).toBe(202);
    expect(publicNet.body).toMatchObject({
      status: "new",
      cidr: null,
      family: "ipv4",
      interface_type: "public",
      distribution_method: "gateway",
      additional: true,
    });
    const route = await sim().req<Network>("POST", `${base}/public_ipv4`, {
      mask: 32,
      distribution_method: "route",
    });
    const privateNet = await sim().req<Network>("POST", `${base}/private_ipv4`, { mask: 26 });
    expect(privateNet.body).toMatchObject({
      interface_type: "private",
      distribution_method: "gateway",
    });
    await sim().advance(5 * MINUTE);
    const active = await sim().req<Network>("GET", `${base}/${publicNet.body.id}`);
    expect(active.body).toMatchObject({ status: "active", cidr: expect.stringMatching(/\/29$/) });
    expect((await sim().req<Network>("GET", `${base}/${route.body.id}`)).body.cidr).toMatch(
      /\/32$/,
    );
    const additional = await sim().req<Network[]>("GET", `${base}?additional=true`);
    expect(additional.body).toHaveLength(3);
  });

  it("refuses srvctl's forbidden combinations with 422 naming the field", async () => {
    const id = await host("dedicated_servers");
    const base = `/v1/hosts/dedicated_servers/${id}/networks`;
    const cases: [string, unknown, string][] = [
      ["private_ipv4", { mask: 29, distribution_method: "route" }, "distribution_method"],
      ["public_ipv4", { mask: 29, distribution_method: "bgp" }, "distribution_method"],
      ["public_ipv4", { mask: 30 }, "mask"],
      ["public_ipv4", { mask: 29, distribution_method: "route" }, "mask"],
      ["private_ipv4", {}, "mask"],
    ];
    for (const [order, body, field] of cases) {
      const answer = await sim().req<ApiErrorBody>("POST", `${base}/${order}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
    }
    expect(
      (
        await sim().req("POST", "/v1/hosts/dedicated_servers/NoSuch01/networks/public_ipv4", {
          mask: 29,
        })
      ).status,
    ).toBe(404);
  });

  it("activates IPv6 once per server", async () => {
    const id = await host("dedicated_servers");
    const base = `/v1/hosts/dedicated_servers/${id}/networks`;
    const ipv6 = await sim().req<Network>("POST", `${base}/public_ipv6`);
    expect(ipv6.status).toBe(202);
    expect(ipv6.body).toMatchObject({ family: "ipv6", interface_type: "public", status: "new" });
    expect((await sim().req<ApiErrorBody>("POST", `${base}/public_ipv6`)).status).toBe(409);
  });

  it("removes an active additional network (409 while new, 409 for one not ordered additionally)", async () => {
    const id = await host("sbm_servers");
    const base = `/v1/hosts/sbm_servers/${id}/networks`;
    const made = await sim().req<Network>("POST", `${base}/private_ipv4`, { mask: 28 });
    expect(made.status).toBe(202);
    expect((await sim().req("DELETE", `${base}/${made.body.id}`)).status).toBe(409);
    await sim().advance(5 * MINUTE);
    const removing = await sim().req<Network>("DELETE", `${base}/${made.body.id}`);
    expect(removing.status).toBe(202);
    expect(removing.body.status).toBe("removing");
    expect((await sim().req("DELETE", `${base}/${made.body.id}`)).status).toBe(202);
    await sim().advance(5 * MINUTE);
    expect((await sim().req("GET", `${base}/${made.body.id}`)).status).toBe(404);
    const [original] = (await sim().req<Network[]>("GET", `${base}?additional=false`)).body;
    expect((await sim().req("DELETE", `${base}/${original?.id}`)).status).toBe(409);
    // SBM servers offer neither public IPv4 nor IPv6 networks; bare metal nodes none: the path
    // exists only as GET .../networks/{id}, so the router answers 405.
    expect((await sim().req("POST", `${base}/public_ipv4`, { mask: 29 })).status).toBe(405);
    expect((await sim().req("POST", `${base}/public_ipv6`)).status).toBe(405);
    expect(
      (
        await sim().req(
          "POST",
          "/v1/hosts/kubernetes_baremetal_nodes/BmNode01/networks/private_ipv4",
          { mask: 29 },
        )
      ).status,
    ).toBe(405);
  });
});
