// Inputs that the simulator's seed catalogue accepts (simulator/seed), in the provider's words,
// for the programs of the benchmarks (bench/), the soak (scripts/soak/) and the demo: one place
// to change when the seed changes.

/** A Dell R640 in AMS1 with two 480 GB SSDs, private and public uplinks, Ubuntu 22.04. */
export const DEDICATED_SERVER = {
  locationId: 1,
  serverModelId: 101,
  uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: 201 },
      { position: 1, driveModelId: 201 },
    ],
  },
  operatingSystemId: 301,
};

/** SBM-01 in AMS1 (both uplinks), Ubuntu 22.04. */
export const SBM_SERVER = { locationId: 1, sbmFlavorModelId: 601, operatingSystemId: 301 };

/** 100 GB of the first RBS flavor in AMS1. */
export const RBS_VOLUME = { locationId: 1, flavorId: 1, size: 100 };

/** Ubuntu 24.04 in cloud region 1 (AMS1). */
export const AMS1_UBUNTU_IMAGE = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";

/** SSD.50 in region 1 with Ubuntu 24.04. */
export const CLOUD_INSTANCE = {
  regionId: 1,
  flavorId: "SSD.50",
  imageId: AMS1_UBUNTU_IMAGE,
};

/** An OpenSSH ed25519 public key line. */
export const SSH_PUBLIC_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICPDUkarrY7MnyS308g9l/aRCIDLkT8/4rUiYUMB9RJr";
