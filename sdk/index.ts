// The public surface of `pulumi-serverscom/sdk`.
// First, before anything loads undici: a clear error on a Node.js that is too old.
import "./core/node-version";

export * from "./areas/account";
export * from "./areas/cloud-backups";
export * from "./areas/cloud-instances";
export * from "./areas/cloud-regions";
export * from "./areas/cloud-volumes";
export {
  type CloudInstancePtrRecordCreateBody,
  DateSchema,
  type HostPtrRecordCreateBody,
  type Labels,
  type LabelsInput,
  LabelsSchema,
  type Network,
  type NetworkDistributionMethod,
  type NetworkFamily,
  type NetworkInterfaceType,
  type NetworkListOptions,
  NetworkSchema,
  type PagingOptions,
  type PtrRecord,
  type PtrRecordListOptions,
  PtrRecordSchema,
  type SshKey,
  SshKeySchema,
  TimestampSchema,
} from "./areas/common";
export * from "./areas/dedicated-servers";
export * from "./areas/dns";
export {
  type HostCollection,
  type HostDriveSlot,
  HostDriveSlotSchema,
  type HostKind,
  type HostListOptions,
  type HostPowerFeed,
  HostPowerFeedSchema,
  hostKinds,
  hostOperationalStatusStates,
  hostPowerStatusStates,
  hostStatusStates,
  type NetworkUsage,
  NetworkUsageSchema,
  type ServerModelConfigurationDetails,
  ServerModelConfigurationDetailsSchema,
} from "./areas/host-common";
export * from "./areas/host-networks";
export * from "./areas/hosts";
export * from "./areas/kubernetes-baremetal-nodes";
export * from "./areas/kubernetes-clusters";
export * from "./areas/l2-segments";
export * from "./areas/load-balancers";
export * from "./areas/locations";
export * from "./areas/metrics";
export * from "./areas/network-pools";
export * from "./areas/rbs-volumes";
export * from "./areas/sbm-servers";
export * from "./areas/ssh-keys";
export * from "./areas/ssl-certificates";
export * from "./client";
export * from "./core/cidr";
export * from "./core/contract";
export * from "./core/errors";
export * from "./core/limits";
export { DEFAULT_MAX_LIST_ITEMS, DEFAULT_MAX_LIST_PAGES } from "./core/pagination";
export {
  inBackground,
  RateLimiter,
  type RateLimitOptions,
  type RequestPriority,
} from "./core/rate-limit";
export {
  type ClientOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  HttpClient,
  type ListBounds,
  type RetryTuning,
} from "./core/transport";
export * from "./labels";
export * from "./wait";
