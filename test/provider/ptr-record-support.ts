// The targets the PtrRecord tests add records to, shared by ptr-record.test.ts and the kind's
// conformance row (test/conformance/kinds/ptr-record.ts); the cloud instance's own module is
// cloud-instance-support.ts.

export const CLOUD_RECORDS = "cloud_ptr_records";
export const HOST_RECORDS = "host_ptr_records";
/** A seeded, ready Kubernetes bare metal node host, and its public address. */
export const HOST = { hostId: "BmNode01", hostType: "kubernetes_baremetal_node" };
export const HOST_IP = "198.19.200.21";
