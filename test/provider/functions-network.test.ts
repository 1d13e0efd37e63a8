// Lookup functions over network pools (the simulator's three seeded pools, one of them given the
// ownership label here) and the subnetworks allocated from one.
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  AmbiguousMatchError,
  getNetworkPool,
  getNetworkPools,
  getSubnetworks,
  LookupError,
  NoMatchError,
} from "../../provider/functions";
import { labelSelector } from "../../sdk/labels";
import { lookupBed } from "./functions-support";

const { failure } = lookupBed({}, async ({ sim, client }) => {
  await client.networkPools.update("NpAms1Pr", {
    labels: { env: "prod", [OWNER_LABEL_KEY]: `o${"1".repeat(40)}` },
  });
  await client.networkPools.createSubnetwork("NpAms1Pr", { title: "db", cidr: "10.20.0.0/29" });
  await client.networkPools.createSubnetwork("NpAms1Pr", { title: "web", mask: 28 });
  const attached = await client.networkPools.createSubnetwork("NpAms1Pr", { mask: 30 });
  await sim.control.patch("subnetworks", attached.id, { attached: true });
});

describe("getNetworkPools", () => {
  it("lists every pool, or those the filters select; labels without the ownership label", async () => {
    const all = (await getNetworkPools()).networkPools;
    expect(all.map((pool) => pool.id)).toEqual(["NpAms1Pr", "NpAms1Pu", "NpDfw1Pr"]);
    expect(all[0]).toEqual({
      id: "NpAms1Pr",
      title: "AMS1 private",
      cidr: "10.20.0.0/16",
      type: "private",
      locationIds: [1],
      locationCodes: ["AMS1"],
      labels: { env: "prod" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const ids = async (args: Parameters<typeof getNetworkPools>[0]) =>
      (await getNetworkPools(args)).networkPools.map((pool) => pool.id);
    expect(await ids({ locationId: 2 })).toEqual(["NpDfw1Pr"]);
    expect(
      await ids({ labelSelector: labelSelector().eq("env", "prod"), type: "private" }),
    ).toEqual(["NpAms1Pr"]);
    expect(await ids({ searchPattern: "dfw1" })).toEqual(["NpDfw1Pr"]);
    const bad = await failure(getNetworkPools({ type: "shared" as "public" }));
    expect(bad).toBeInstanceOf(LookupError);
    expect(bad.message).toBe('getNetworkPools: type must be one of private, public (got "shared")');
  });
});

// By id, by CIDR and by title, and an unknown id: functions-lookups.test.ts.
describe("getNetworkPool", () => {
  it("finds a pool by title words among the pools of a type", async () => {
    expect((await getNetworkPool({ title: "ams1", type: "public" })).id).toBe("NpAms1Pu");
  });

  it("says what did not fit", async () => {
    const filtered = await failure(getNetworkPool({ id: "NpDfw1Pr", locationId: 1 }));
    expect(filtered.message).toBe(
      "getNetworkPool: the network pool NpDfw1Pr does not fit the filters given",
    );
    const cidr = await failure(getNetworkPool({ cidr: "10.99.0.0/16" }));
    expect(cidr.message).toBe("getNetworkPool: no network pool has the range 10.99.0.0/16");
    const badCidr = await failure(getNetworkPool({ cidr: "10.99.0.1/16" }));
    expect(badCidr.message).toMatch(/^getNetworkPool: cidr must start at the network's first/);
    expect(await failure(getNetworkPool({ title: "ams1" }))).toBeInstanceOf(AmbiguousMatchError);
    expect((await failure(getNetworkPool({ id: "a", cidr: "10.0.0.0/8" }))).message).toBe(
      "getNetworkPool: give only one of id, title, cidr (got id and cidr)",
    );
  });
});

describe("getSubnetworks", () => {
  it("lists a pool's subnetworks, only the attached, or only the free ones", async () => {
    const all = (await getSubnetworks({ networkPoolId: "NpAms1Pr" })).subnetworks;
    expect(all.map((s) => s.cidr).sort()).toEqual([
      "10.20.0.0/29",
      "10.20.0.16/28",
      "10.20.0.8/30",
    ]);
    expect(all.find((s) => s.title === "db")).toMatchObject({
      networkPoolId: "NpAms1Pr",
      attached: false,
      interfaceType: "private",
    });
    const attached = (await getSubnetworks({ networkPoolId: "NpAms1Pr", attached: true }))
      .subnetworks;
    expect(attached.map((s) => s.cidr)).toEqual(["10.20.0.8/30"]);
    const free = (await getSubnetworks({ networkPoolId: "NpAms1Pr", attached: false })).subnetworks;
    expect(free).toHaveLength(2);
    const web = (await getSubnetworks({ networkPoolId: "NpAms1Pr", searchPattern: "web" }))
      .subnetworks;
    expect(web.map((s) => s.title)).toEqual(["web"]);
    const missing = await failure(getSubnetworks({ networkPoolId: "NoSuchPl" }));
    expect(missing).toBeInstanceOf(NoMatchError);
    expect(missing.message).toMatch(/^getSubnetworks: no network pool has id NoSuchPl/);
  });
});
