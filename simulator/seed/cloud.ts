// Seed catalogue of the cloud area: regions (stored, so a test can put one in maintenance
// through the resources hook) and each region's flavors and images (read-only data, served as is).
import type { SimContext } from "../framework/contract";

export interface CloudRegion {
  readonly id: number;
  readonly name: string;
  readonly code: string;
}

export interface CloudFlavor {
  readonly id: string;
  readonly name: string;
}

export interface CloudImage {
  readonly id: string;
  readonly name: string;
}

export const cloudRegions: readonly CloudRegion[] = [
  { id: 1, name: "Amsterdam", code: "AMS1" },
  { id: 2, name: "Dallas", code: "DFW1" },
];

/**
 * Smallest first: an upgrade must move to a flavor later in this list ("a higher
 * configuration", api-spec.md), which is also the order of the wire list.
 */
const flavors: readonly CloudFlavor[] = [
  { id: "SSD.30", name: "SSD.30" },
  { id: "SSD.50", name: "SSD.50" },
  { id: "SSD.80", name: "SSD.80" },
  { id: "SSD.120", name: "SSD.120" },
];

/** Images differ per region, as on the real platform: an id from another region is refused. */
const imagesByRegion: Readonly<Record<number, readonly CloudImage[]>> = {
  1: [
    { id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01", name: "Ubuntu 24.04-server (64 bit)" },
    { id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e02", name: "Ubuntu 22.04-server (64 bit)" },
    { id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03", name: "Debian 12 (64 bit)" },
  ],
  2: [
    { id: "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11", name: "Ubuntu 24.04-server (64 bit)" },
    { id: "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f12", name: "Ubuntu 22.04-server (64 bit)" },
    { id: "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f13", name: "Debian 12 (64 bit)" },
  ],
};

export function cloudFlavors(regionId: number): readonly CloudFlavor[] {
  return imagesByRegion[regionId] === undefined ? [] : flavors;
}

export function cloudImages(regionId: number): readonly CloudImage[] {
  return imagesByRegion[regionId] ?? [];
}

/** Position of a flavor in the size order, or -1 when the region does not offer it. */
export function cloudFlavorRank(regionId: number, flavorId: string): number {
  return cloudFlavors(regionId).findIndex((flavor) => flavor.id === flavorId);
}

export function seedCloud(ctx: SimContext): void {
  for (const region of cloudRegions) {
    ctx.store.insert("cloud_regions", { ...region }, [], String(region.id));
  }
}
