// L2 segment location groups: which locations a segment may span and which segment type the
// group offers (group_type). SIN1 (location 3) has l2_segments_enabled false: no group covers it.
// Read-only data, served as is.

export interface L2LocationGroup {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  /** The segment type this group offers: a segment's `type` must match it. */
  readonly group_type: "private" | "public";
  readonly location_ids: readonly number[];
  readonly location_codes: readonly string[];
  readonly hyperscalers: readonly string[];
}

export const l2LocationGroups: readonly L2LocationGroup[] = [
  {
    id: 1,
    name: "AMS1 private",
    code: "ams1-private",
    group_type: "private",
    location_ids: [1],
    location_codes: ["AMS1"],
    hyperscalers: [],
  },
  {
    id: 2,
    name: "AMS1 public",
    code: "ams1-public",
    group_type: "public",
    location_ids: [1],
    location_codes: ["AMS1"],
    hyperscalers: [],
  },
  {
    id: 3,
    name: "DFW1 private",
    code: "dfw1-private",
    group_type: "private",
    location_ids: [2],
    location_codes: ["DFW1"],
    hyperscalers: [],
  },
  {
    id: 4,
    name: "DFW1 public",
    code: "dfw1-public",
    group_type: "public",
    location_ids: [2],
    location_codes: ["DFW1"],
    hyperscalers: [],
  },
  {
    id: 5,
    name: "AMS1 and DFW1 private",
    code: "ams1-dfw1-private",
    group_type: "private",
    location_ids: [1, 2],
    location_codes: ["AMS1", "DFW1"],
    hyperscalers: [],
  },
];

export function l2LocationGroup(id: number): L2LocationGroup | undefined {
  return l2LocationGroups.find((group) => group.id === id);
}
