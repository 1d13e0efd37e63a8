// Dedicated servers the simulator is seeded with (it cannot order them for a row that needs them).
import type { WireRecord } from "../../../simulator";

/** A seeded dedicated server, ready (the simulator seeds none). */
export function seededServer(id: string, locationId: number): WireRecord {
  return {
    id,
    type: "dedicated_server",
    title: `${id.toLowerCase()}.example.com`,
    location_id: locationId,
    location_code: locationId === 1 ? "AMS1" : "DFW1",
    status: "active",
    operational_status: "normal",
    power_status: "powered_on",
    labels: {},
    _features: { private_ipxe_boot: "deactivated", public_ipxe_boot: "deactivated" },
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}
