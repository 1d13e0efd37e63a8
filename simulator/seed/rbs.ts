// The RBS catalogue: the locations that offer remote block storage and their flavors. Flavor ids
// differ per location, as order options do on the real service, so a flavor of one location is
// refused in another. Read-only data, served as is.

export interface RbsFlavor {
  readonly id: number;
  readonly name: string;
  readonly iops_per_gb: number;
  readonly bandwidth_per_gb: number;
  readonly min_size_gb: number;
}

export interface RbsLocation {
  readonly location_id: number;
  readonly location_code: string;
  readonly flavors: readonly RbsFlavor[];
}

export const rbsLocations: readonly RbsLocation[] = [
  {
    location_id: 1,
    location_code: "AMS1",
    flavors: [
      { id: 1, name: "Standard", iops_per_gb: 10, bandwidth_per_gb: 1, min_size_gb: 10 },
      { id: 2, name: "Ultra", iops_per_gb: 50, bandwidth_per_gb: 2, min_size_gb: 50 },
    ],
  },
  {
    location_id: 2,
    location_code: "DFW1",
    flavors: [
      { id: 3, name: "Standard", iops_per_gb: 10, bandwidth_per_gb: 1, min_size_gb: 10 },
      { id: 4, name: "Ultra", iops_per_gb: 50, bandwidth_per_gb: 2, min_size_gb: 50 },
    ],
  },
  {
    location_id: 3,
    location_code: "SIN1",
    flavors: [{ id: 5, name: "Standard", iops_per_gb: 10, bandwidth_per_gb: 1, min_size_gb: 10 }],
  },
];

export function rbsLocation(locationId: number): RbsLocation | undefined {
  return rbsLocations.find((location) => location.location_id === locationId);
}

export function rbsFlavor(locationId: number, flavorId: number): RbsFlavor | undefined {
  return rbsLocation(locationId)?.flavors.find((flavor) => flavor.id === flavorId);
}
