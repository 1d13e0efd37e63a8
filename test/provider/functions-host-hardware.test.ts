// A host's hardware and usage lookups against the simulator: a dedicated server's drive slots
// (the slots it was ordered with), power feeds, connections, services and network usage, an SBM
// server's usage, a cloud region's credentials (a secret Output); unknown hosts are NoMatchError.
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import {
  getCloudRegionCredentials,
  getCloudRegionCredentialsOutput,
  getHostDriveSlots,
  getHostPowerFeeds,
  getHostsMetrics,
  getRacksMetrics,
  getServerConnections,
  getServerNetworkUsage,
  getServerServices,
  LookupError,
  NoMatchError,
} from "../../provider/functions";
import { orderDedicatedServer } from "../sdk-simulator/dedicated-order";
import { lookupBed } from "./functions-support";

let serverId: string;

const { failure } = lookupBed({}, async ({ client }) => {
  // Two slots ordered out of position order: the look-up answers them by position.
  const server = await orderDedicatedServer(client, "db-1.example.com", {
    drives: {
      slots: [
        { position: 1, drive_model_id: 201 },
        { position: 0, drive_model_id: 201 },
      ],
    },
  });
  serverId = server.id;
});

describe("getHostDriveSlots", () => {
  it("answers the ordered slots by position, each with its drive model", async () => {
    const { driveSlots } = await getHostDriveSlots({ hostId: serverId });
    expect(driveSlots.map((slot) => slot.position)).toEqual([0, 1]);
    expect(driveSlots[0]?.driveModel).toMatchObject({ id: 201 });
    expect(driveSlots[0]?.interface).toBe(driveSlots[0]?.driveModel?.interface);
  });

  it("an unknown server is NoMatchError; an SBM server is refused before any request", async () => {
    expect(await failure(getHostDriveSlots({ hostId: "nope" }))).toBeInstanceOf(NoMatchError);
    const refused = await failure(
      getHostDriveSlots({ hostId: serverId, hostType: "sbm_server" as never }),
    );
    expect(refused).toBeInstanceOf(LookupError);
    expect(refused.message).toContain("hostType must be one of");
  });
});

describe("power feeds, connections, services, network usage", () => {
  it("answers each in the Go client's shapes", async () => {
    const feeds = await getHostPowerFeeds({ hostId: serverId });
    expect(feeds.powerFeeds.length).toBeGreaterThan(0);
    expect(feeds.powerFeeds[0]).toMatchObject({ name: expect.any(String), status: "on" });
    const { connections } = await getServerConnections({ serverId });
    expect(connections.map((c) => c.port)).toContain("eth0");
    expect(connections.find((c) => c.type === "oob")?.macAddress).toBeNull();
    const { services } = await getServerServices({ serverId });
    expect(services[0]).toMatchObject({ type: "server_base", currency: "EUR" });
    const usage = await getServerNetworkUsage({ serverId });
    expect(usage).toMatchObject({ serverId, type: "traffic", unit: "KB" });
  });

  it("an unknown server is NoMatchError for each", async () => {
    for (const lookup of [
      getHostPowerFeeds({ hostId: "nope", hostType: "sbm_server" }),
      getServerConnections({ serverId: "nope" }),
      getServerServices({ serverId: "nope" }),
      getServerNetworkUsage({ serverId: "nope", hostType: "sbm_server" }),
    ]) {
      expect(await failure(lookup)).toBeInstanceOf(NoMatchError);
    }
  });
});

describe("getCloudRegionCredentials", () => {
  it("answers the OpenStack credentials; the Output form is secret", async () => {
    const credentials = await getCloudRegionCredentials({ regionId: 1 });
    expect(credentials).toMatchObject({ regionId: 1, username: expect.any(String) });
    expect(credentials.password.length).toBeGreaterThan(4);
    expect(await pulumi.isSecret(getCloudRegionCredentialsOutput({ regionId: 1 }))).toBe(true);
    expect(await failure(getCloudRegionCredentials({ regionId: 999 }))).toBeInstanceOf(
      NoMatchError,
    );
  });
});

describe("getHostsMetrics, getRacksMetrics", () => {
  it("answer the parsed families; name picks one", async () => {
    const { families } = await getHostsMetrics();
    expect(families.map((f) => f.name)).toContain("serverscom_hosts_count");
    const one = await getRacksMetrics({ name: "serverscom_racks_count" });
    expect(one.families).toHaveLength(1);
    expect(one.families[0]).toMatchObject({ type: "gauge", help: "Count of the racks" });
    expect(one.families[0]?.samples[0]).toMatchObject({ labels: {}, timestampMs: null });
  });
});
