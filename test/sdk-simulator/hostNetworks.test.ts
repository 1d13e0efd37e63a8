// Additional networks of hosts through the SDK against the simulator: ordered on a dedicated and
// an SBM server, waited for until active (the CIDR comes then), removed until gone; srvctl's mask
// and distribution rules refused before any request.
import { describe, expect, it } from "vitest";
import { hostNetworkStates } from "../../sdk/areas/host-networks";
import { InputValidationError } from "../../sdk/core/errors";
import { orderDedicatedServer } from "./dedicated-order";
import { rejectionOf, useSdkSimulator, waitGone, waitSettled } from "./support";

describe("additional host networks on the simulator", () => {
  const bed = useSdkSimulator();

  async function dedicatedServer(): Promise<string> {
    const server = await orderDedicatedServer(bed().client, "net.example.com", {
      uplink_models: { private: { id: 401 }, public: { id: 403, bandwidth_model_id: 501 } },
    });
    return server.id;
  }

  it("orders a public IPv4 network on a dedicated server, waits for its CIDR, removes it", async () => {
    const api = bed().client.dedicatedServers;
    const id = await dedicatedServer();
    const ordered = await api.addPublicIpv4Network(id, {
      mask: 28,
      distribution_method: "gateway",
    });
    expect(ordered).toMatchObject({ status: "new", cidr: null, additional: true });
    const { value, states } = await waitSettled(bed(), () => api.getNetwork(id, ordered.id), [
      [hostNetworkStates, (n) => n.status],
    ]);
    expect(states).toEqual(["new", "active"]);
    expect(value.cidr).toMatch(/\/28$/);
    const ipv6 = await api.activatePublicIpv6Network(id);
    expect(ipv6.family).toBe("ipv6");
    await api.deleteNetwork(id, ordered.id);
    await waitGone(bed(), () => api.getNetwork(id, ordered.id));
  });

  it("orders a private network on an SBM server", async () => {
    const [server] = await bed().client.sbmServers.create({
      location_id: 1,
      sbm_flavor_model_id: 601,
      operating_system_id: 302,
      hosts: [{ hostname: "sbm-net.example.com" }],
    });
    const made = await bed().client.sbmServers.addPrivateIpv4Network(server?.id ?? "", {
      mask: 29,
    });
    expect(made).toMatchObject({ interface_type: "private", distribution_method: "gateway" });
  });

  it("refuses srvctl's forbidden masks and methods before sending", async () => {
    const api = bed().client.dedicatedServers;
    const cases = [
      () => api.addPublicIpv4Network("x", { mask: 30 }),
      () => api.addPublicIpv4Network("x", { mask: 29, distribution_method: "route" }),
      () => api.addPrivateIpv4Network("x", { mask: 29, distribution_method: "route" }),
      () => api.addPrivateIpv4Network("x", { mask: 25 }),
    ];
    for (const call of cases) {
      const error = await rejectionOf(call(), InputValidationError);
      expect(["mask", "distribution_method"]).toContain(error.field);
    }
  });
});
