// What the API adds to a load balancer's live inputs in its outputs, L4 and L7 alike (the Go
// client's L4 and L7 records share these fields): a new balancer in AMS1, on a shared cluster.
import { expect } from "vitest";

export function balancerOutputs(
  live: Readonly<Record<string, unknown>>,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    ...live,
    status: "active",
    locationCode: "AMS1",
    sharedCluster: true,
    externalAddresses: [expect.any(String)],
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    ...extra,
  };
}
