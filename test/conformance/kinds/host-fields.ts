// The outputs every server host has (a dedicated or an SBM server), which the service sets.
import { expect } from "vitest";

export const HOST_FIELDS = {
  rackId: expect.any(String),
  privateIpv4Address: expect.any(String),
  publicIpv4Address: expect.any(String),
  oobIpv4Address: expect.any(String),
  leaseStartAt: expect.any(String),
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
};
