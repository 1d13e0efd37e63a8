// The kinds the README's "Other languages" section lists as unable to have two generations at
// once: the TypeScript classes default `deleteBeforeReplace` to true for them, and a program in
// any other language must set it. Both doors' suites hold the CLI to this one list.
export const DELETE_FIRST_KINDS: ReadonlySet<string> = new Set([
  "KubernetesCluster",
  "LetsEncryptCertificateLabels",
  "SshKey",
  "DnsZone",
  "DnsRecord",
  "CloudSnapshot",
  "Subnetwork",
  "HostNetwork",
]);
