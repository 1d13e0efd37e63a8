// A change behind Pulumi's back for each kind of the program (the hooks of
// rows of the engine lifecycle table, test/engine/kinds.ts), and the input the next `preview --refresh` must name.
import type { StoredResource } from "../../../scripts/engine/harness";
import type { Json, Simulator } from "../../../simulator";

export interface Drift {
  /** The resource of the program (program.ts) the change is made to. */
  readonly name: string;
  /** The input the refreshed diff names. */
  readonly property: string;
  readonly change: (resource: StoredResource, sim: Simulator) => Promise<void>;
  /**
   * For a kind whose drift the next up refuses to put back, by design: undoes the change by hand
   * once the preview has named it, before the refresh records it.
   */
  readonly undo?: (resource: StoredResource, sim: Simulator) => Promise<void>;
}

/** The last part of an id that is a path below /v1 (PTR records, subnetworks, host networks). */
const lastPart = (id: string) => id.split("/").at(-1) ?? id;

const rename =
  (collection: string, field = "name", value: Json = "renamed-by-hand") =>
  async (resource: StoredResource, sim: Simulator) => {
    await sim.control.patch(collection, lastPart(resource.id), { [field]: value });
  };

/** Fields of a record the resource names by one of its outputs, not by its id. */
const patchByOutput =
  (collection: string, output: string, fields: Record<string, Json>) =>
  async (resource: StoredResource, sim: Simulator) => {
    await sim.control.patch(collection, String(resource.outputs[output]), fields);
  };

/** One user label changed, the ownership label kept. */
const relabel =
  (collection: string, key: (resource: StoredResource) => string = (r) => r.id) =>
  async (resource: StoredResource, sim: Simulator) => {
    const record = await sim.control.peek(collection, key(resource));
    const labels = { ...(record?.labels as Record<string, string>), env: "changed-by-hand" };
    await sim.control.patch(collection, key(resource), { labels });
  };

export const DRIFTS: readonly Drift[] = [
  { name: "data", property: "name", change: rename("rbs_volumes") },
  { name: "web", property: "labels", change: relabel("sbm_servers") },
  { name: "app", property: "name", change: rename("cloud_instances") },
  { name: "db", property: "hostname", change: rename("dedicated_servers", "title") },
  { name: "lan", property: "name", change: rename("l2_segments") },
  { name: "deploy", property: "name", change: rename("ssh_keys") },
  { name: "site", property: "name", change: rename("ssl_certificates") },
  // A PTR record cannot be changed: the next up replaces it.
  { name: "app-ptr", property: "ttl", change: rename("cloud_ptr_records", "ttl", 120) },
  { name: "k8s", property: "labels", change: relabel("kubernetes_clusters") },
  { name: "le", property: "labels", change: relabel("ssl_certificates") },
  {
    name: "bm",
    property: "poweredOn",
    change: patchByOutput("kubernetes_baremetal_nodes", "nodeId", { power_status: "powered_off" }),
  },
  { name: "private", property: "title", change: rename("subnetworks", "title", "by-hand") },
  // Replace-only: the next up replaces the network.
  {
    name: "extra",
    property: "distributionMethod",
    change: rename("host_networks", "distribution_method", "route"),
  },
  { name: "tcp", property: "name", change: rename("l4_load_balancers") },
  { name: "front", property: "geoip", change: rename("l7_load_balancers", "geoip", true) },
  { name: "vol", property: "name", change: rename("cloud_volumes") },
  { name: "zone", property: "labels", change: relabel("dns_domains") },
  {
    name: "www",
    property: "data",
    change: patchByOutput("dns_records", "recordId", { data: "192.0.2.99" }),
  },
  { name: "nightly", property: "labels", change: relabel("cloud_backups") },
  // No source of the API renames a snapshot, so the next up refuses to put its name back
  // (test/engine/cloud-snapshot.test.ts, notApplicable): the preview names it, then it is undone.
  {
    name: "golden",
    property: "name",
    change: rename("cloud_snapshots"),
    undo: rename("cloud_snapshots", "name", "golden"),
  },
];
