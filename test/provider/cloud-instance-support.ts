// A cloud instance made through the API for the tests of what belongs to one (its PTR records,
// snapshots), shared by their test files and conformance rows (test/conformance/kinds/).
import type { ServersComClient } from "../../sdk/client";
import type { Simulator } from "../../simulator";

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
