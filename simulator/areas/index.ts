// Every API area of the simulator, in seeding order: an area's seed may read what an earlier one
// inserted (bare metal nodes come after the Kubernetes clusters that own them).
import type { Area } from "../framework/contract";
import { accountArea } from "./account";
import { cloudArea } from "./cloud";
import { cloudStorageArea } from "./cloud-storage";
import { dedicatedServersArea } from "./dedicated-servers";
import { dnsArea } from "./dns";
import { hostsArea } from "./hosts";
import { hostsHardwareArea } from "./hosts-hardware";
import { kubernetesArea } from "./kubernetes";
import { kubernetesBaremetalNodesArea } from "./kubernetes-baremetal-nodes";
import { l2Area } from "./l2";
import { loadBalancersArea } from "./load-balancers";
import { locationsArea } from "./locations";
import { metricsArea } from "./metrics";
import { networkPoolsArea } from "./network-pools";
import { rbsArea } from "./rbs";
import { sbmServersArea } from "./sbm-servers";
import { sshKeysArea } from "./ssh-keys";
import { sslArea } from "./ssl";

export const areas: readonly Area[] = [
  locationsArea,
  sshKeysArea,
  hostsArea,
  dedicatedServersArea,
  sbmServersArea,
  cloudArea,
  kubernetesArea,
  kubernetesBaremetalNodesArea,
  hostsHardwareArea,
  rbsArea,
  l2Area,
  sslArea,
  networkPoolsArea,
  // After ssl: a balancer's vhost zone names a certificate of that area.
  loadBalancersArea,
  cloudStorageArea,
  accountArea,
  dnsArea,
  metricsArea,
];
