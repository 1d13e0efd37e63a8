// Subnetwork's provider implementation against the simulator (its seeded network pools), on
// virtual time: what its conformance row (test/conformance/kinds/subnetwork.ts) does not cover:
// allocation by mask, clearing the title, IPv6, an attachment by hand, adoption and every check
// rule.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { UNKNOWN } from "../../provider/framework/unknowns";
import {
  parseSubnetworkResourceId,
  subnetworkKind,
  subnetworkResourceId,
} from "../../provider/subnetwork/definition";
import { failsOnEachContaining } from "./check-cases";
import { engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, failure, checkFailures } = kindSuite(subnetworkKind, {
  atLeast: 10,
});

const POOL = "NpAms1Pr"; // 10.20.0.0/16, private
const POST = "POST /v1/network_pools/:pool_id/subnetworks";

const inputsOf = (fields: PropertyBag) =>
  engineInputs("Subnetwork", "private", { networkPoolId: POOL, ...fields });
const subnetworks = () => recordCount(bed, "subnetworks");

async function created(fields: PropertyBag) {
  const inputs = inputsOf(fields);
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as PropertyBag };
}

describe("the lifecycle", () => {
  it("allocates by mask: the API's range is an output, and the mask is compared with it", async () => {
    const { inputs, id, outs } = await created({ mask: 28 });
    expect(outs).toMatchObject({ cidr: "10.20.0.0/28", mask: 28, title: null });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    expect(await provider.diff(id, outs, { ...inputs, mask: 27 })).toMatchObject({
      replaces: ["mask"],
      deleteBeforeReplace: true,
    });
  });

  // The row (test/conformance/kinds/subnetwork.ts) retitles in place and replaces for pool and
  // cidr.
  it("removing the title clears it; an unknown cidr shows as a replacement", async () => {
    const { inputs, id, outs } = await created({ cidr: "10.20.0.0/29", title: "db" });
    const untitled = { ...inputs, title: undefined };
    expect(await provider.diff(id, outs, untitled)).toMatchObject({ changes: true });
    const { outs: cleared } = await provider.update(id, outs, untitled);
    expect((cleared as PropertyBag).title).toBeNull();
    // An unknown value (preview) may change: it shows as the replacement it may be.
    expect(await provider.diff(id, outs, { ...inputs, cidr: UNKNOWN })).toMatchObject({
      replaces: ["cidr"],
    });
  });

  it("compares IPv6 networks by value, not by spelling", async () => {
    const { outs } = await created({ cidr: "10.20.0.0/29" });
    const live = { ...outs, cidr: "2001:db8::/48" };
    const inputs = inputsOf({ cidr: "2001:DB8:0::/48" });
    expect(await provider.diff("x", live, inputs)).toMatchObject({ changes: false });
  });
});

// The row covers a retitle and a deletion by hand.
describe("drift", () => {
  it("an attachment made outside Pulumi shows in read", async () => {
    const { id, outs } = await created({ cidr: "10.20.0.0/29", title: "db" });
    await bed.sim.control.patch("subnetworks", String(outs.subnetworkId), { attached: true });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ title: "db", attached: true });
  });
});

describe("creates that must not duplicate", () => {
  it("never adopts a subnetwork with the declared CIDR and title: it stops, naming it and adoptId", async () => {
    // Issue 12: an earlier object is named, not adopted (it may be another resource's with the
    // same inputs). The API refuses an overlapping CIDR, so the create stops before its POST.
    const made = await bed.client.networkPools.createSubnetwork(POOL, {
      title: "db",
      cidr: "10.20.0.0/29",
    });
    const error = await failure(created({ cidr: "10.20.0.0/29", title: "db" }));
    const id = subnetworkResourceId(POOL, made.id);
    expect(error.message).toContain(`already has the subnetwork 10.20.0.0/29 (${id})`);
    expect(error.message).toContain(`set adoptId: "${id}"`);
    expect(await subnetworks()).toBe(1);
    expect(await bed.sim.control.requestCounts()).toMatchObject({ [POST]: 1 });
  });

  it("after a lost create answer, adoptId takes the subnetwork the error names", async () => {
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const error = await failure(created({ cidr: "10.20.0.0/29", title: "db" }));
    const adoptId = /set adoptId: "([^"]+)"/.exec(error.message)?.[1];
    const { id, outs } = await created({ cidr: "10.20.0.0/29", title: "db", adoptId });
    expect(id).toBe(adoptId);
    expect(outs).toMatchObject({ cidr: "10.20.0.0/29", title: "db" });
    expect(await subnetworks()).toBe(1);
  });

  it("stops at a subnetwork with the declared CIDR and another title, naming adoptId", async () => {
    await bed.client.networkPools.createSubnetwork(POOL, { title: "theirs", cidr: "10.20.0.0/29" });
    const error = await failure(created({ cidr: "10.20.0.0/29", title: "db" }));
    expect(error.message).toMatch(/already has the subnetwork 10.20.0.0\/29 .* titled "theirs"/);
    expect(error.message).toContain("adoptId");
    expect(await subnetworks()).toBe(1);
  });

  it("adoptId takes over a subnetwork by its path and sets the title", async () => {
    const made = await bed.client.networkPools.createSubnetwork(POOL, { title: "t", mask: 29 });
    const adoptId = subnetworkResourceId(POOL, made.id);
    const { id, outs } = await created({ mask: 29, title: "mine", adoptId });
    expect(id).toBe(adoptId);
    expect(outs.title).toBe("mine");
    const wrongPool = await failure(
      created({
        networkPoolId: "NpDfw1Pr",
        mask: 29,
        adoptId: subnetworkResourceId("NpDfw1Pr", made.id),
      }),
    );
    expect(wrongPool.message).toContain(
      'adoptId: there is no subnetwork with id "network_pools/NpDfw1Pr',
    );
    const wrongMask = await failure(created({ mask: 28, adoptId }));
    expect(wrongMask.message).toContain("mask is 29 there but 28 in the program");
  });

  it("the API's refusal of a taken range is a plain error, nothing recorded", async () => {
    await created({ cidr: "10.20.0.0/28" });
    const error = await failure(created({ cidr: "10.20.0.8/29" }));
    expect(error.message).toContain("cidr");
    expect(error).not.toHaveProperty("id");
    const missing = await failure(created({ networkPoolId: "NoSuchPl", cidr: "10.0.0.0/29" }));
    expect(missing.message).toContain('there is no network pool "NoSuchPl"');
  });

  // Issue 25: check sees only the pool's id; create reads the pool before ordering.
  it.each([
    [
      "an IPv6 CIDR",
      { cidr: "2001:db8::/64" },
      'cidr 2001:db8::/64 is IPv6, but the network pool "NpAms1Pr" is IPv4',
    ],
    ["mask 33", { cidr: undefined, mask: 33 }, "mask 33 does not fit"],
    ["mask 8, wider than the pool", { cidr: undefined, mask: 8 }, "a mask from 16 to 32"],
    ["a CIDR outside the pool", { cidr: "10.99.0.0/29" }, "is not inside the network pool"],
  ])("%s for an IPv4 pool is refused before the POST", async (_title, fields, words) => {
    await bed.sim.control.clearRequestCounts();
    const error = await failure(created(fields));
    expect(error.message).toContain(words);
    expect((await bed.sim.control.requestCounts())[POST]).toBeUndefined();
    expect(await subnetworks()).toBe(0);
  });

  it("an id that is no subnetwork path is refused", () => {
    expect(parseSubnetworkResourceId("abc")).toBeInstanceOf(Error);
    expect(parseSubnetworkResourceId("network_pools/a/subnetworks/b")).toEqual({
      pool: "a",
      id: "b",
    });
  });
});

describe("check", () => {
  const valid = inputsOf({ cidr: "10.20.0.0/29", title: "db" });

  const failures = (news: PropertyBag) => checkFailures(provider, { ...valid, ...news });

  it("accepts valid inputs, and unknown values", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await failures({ cidr: UNKNOWN })).toEqual([]);
    expect(await failures({ cidr: undefined, mask: UNKNOWN })).toEqual([]);
  });

  failsOnEachContaining(failures, [
    [{ networkPoolId: undefined }, "networkPoolId", "networkPoolId is required"],
    [
      { networkPoolId: "x".repeat(256) },
      "networkPoolId",
      "networkPoolId must be at most 255 characters",
    ],
    [
      { cidr: "10.20.0.1/29" },
      "cidr",
      'cidr must start at the network\'s first address: 10.20.0.1/29 has host bits set (the /29 network holding 10.20.0.1 starts at 10.20.0.0) (got "10.20.0.1/29")',
    ],
    [{ cidr: "10.20.0.0" }, "cidr", "CIDR notation"],
    [{ cidr: "10.20.0.0/33" }, "cidr", "from 0 to 32"],
    [{ cidr: undefined, mask: 0 }, "mask", "mask must be at least 1 (got 0)"],
    [{ cidr: undefined, mask: 129 }, "mask", "mask must be at most 128 (got 129)"],
    [{ cidr: undefined, mask: 28.5 }, "mask", "mask must be a whole number (got 28.5)"],
    [{ mask: 29 }, "mask", "a subnetwork takes cidr or mask, not both"],
    [{ cidr: undefined }, "cidr", "a subnetwork needs cidr"],
    [{ title: "" }, "title", "title must be a non-empty string"],
  ]);
});
