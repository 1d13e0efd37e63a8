// The targets the PtrRecord tests add records to, shared by ptr-record.test.ts and the kind's
// conformance row (test/conformance/kinds/ptr-record.ts).
import type { ServersComClient } from "../../sdk/client";
import type { Simulator } from "../../simulator";

export const CLOUD_RECORDS = "cloud_ptr_records";
export const HOST_RECORDS = "host_ptr_records";
/** A seeded, ready Kubernetes bare metal node host, and its public address. */
export const HOST = { hostId: "BmNode01", hostType: "kubernetes_baremetal_node" };
export const HOST_IP = "198.19.200.21";

/** A cloud instance made through the API and brought to ACTIVE, when it has its addresses. */
export async function activeCloudInstance(
  client: ServersComClient,
  sim: Simulator,
): Promise<{ id: string; ip: string }> {
  const instance = await client.cloudInstances.create({
    name: "web",
    region_id: 1,
    flavor_id: "SSD.50",
    image_id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
  });
  await sim.control.advance(2 * 60_000);
  const active = await client.cloudInstances.get(instance.id);
  if (typeof active.public_ipv4_address !== "string")
    throw new Error("the instance has no address");
  return { id: active.id, ip: active.public_ipv4_address };
}
