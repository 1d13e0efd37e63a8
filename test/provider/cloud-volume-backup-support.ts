// The volume the CloudVolumeBackup tests back up, shared by cloud-volume-backup.test.ts and the
// kind's conformance row (test/conformance/kinds/cloud-volume-backup.ts).
import type { ServersComClient } from "../../sdk/client";
import type { Simulator } from "../../simulator";

export const BACKUPS = "cloud_backups";

/** A 30 GB volume in region 1 made through the API and brought to available. */
export async function availableVolume(client: ServersComClient, sim: Simulator): Promise<string> {
  const volume = await client.cloudVolumes.create({ name: "data", region_id: 1, size: 30 });
  await sim.control.advance(60_000);
  return volume.id;
}
