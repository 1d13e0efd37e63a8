// The servers the HostNetwork tests order networks on, shared by host-network.test.ts, the kind's
// conformance row (test/conformance/kinds/host-network.ts) and the lost-answer tests
// (late-commit-foreign.test.ts, lost-answer-networks.test.ts).
import type { ServersComClient } from "../../sdk/client";

export const HOST_NETWORKS = "host_networks";

/** A dedicated server ordered through the API (its networks can be ordered at once). */
export async function orderedDedicatedServer(client: ServersComClient): Promise<string> {
  const [server] = await client.dedicatedServers.create({
    location_id: 1,
    server_model_id: 101,
    uplink_models: { private: { id: 401 }, public: { id: 403, bandwidth_model_id: 501 } },
    ram_size: 32,
    drives: { slots: [{ position: 0, drive_model_id: 201 }] },
    operating_system_id: 303,
    hosts: [{ hostname: "net.example.com" }],
  });
  return server?.id ?? "";
}
