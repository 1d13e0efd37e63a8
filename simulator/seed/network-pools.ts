// Network pools of the account: servers.com assigns them (the API only reads, retitles and
// relabels a pool), so the simulator seeds three. Shaped as the Go client's fixtures show a pool.

export interface NetworkPoolSeed {
  readonly id: string;
  readonly title: string;
  readonly cidr: string;
  readonly type: "private" | "public";
  readonly location_ids: readonly number[];
  readonly location_codes: readonly string[];
  readonly labels: Readonly<Record<string, string>>;
}

export const networkPoolSeeds: readonly NetworkPoolSeed[] = [
  {
    id: "NpAms1Pr",
    title: "AMS1 private",
    cidr: "10.20.0.0/16",
    type: "private",
    location_ids: [1],
    location_codes: ["AMS1"],
    labels: { env: "prod" },
  },
  {
    id: "NpDfw1Pr",
    title: "DFW1 private",
    cidr: "10.30.0.0/20",
    type: "private",
    location_ids: [2],
    location_codes: ["DFW1"],
    labels: {},
  },
  {
    id: "NpAms1Pu",
    title: "AMS1 public",
    cidr: "198.51.100.0/24",
    type: "public",
    location_ids: [1],
    location_codes: ["AMS1"],
    labels: { env: "prod" },
  },
];
