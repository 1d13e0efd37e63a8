// client.networkPools against the simulator: pools read, filtered and relabelled; a subnetwork
// allocated by CIDR and by mask, retitled, listed and deleted; bad bodies refused before sending.
import { describe, expect, it } from "vitest";
import {
  InputValidationError,
  NotFoundError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { rejectionOf, useSdkSimulator } from "./support";

describe("client.networkPools on the simulator", () => {
  const bed = useSdkSimulator();

  it("lists and reads pools, filtered by location, type and labels, and relabels one", async () => {
    const api = bed().client.networkPools;
    const pools = await api.list({ locationId: 1, type: "private" }).toArray({ limit: 10 });
    expect(pools.map((pool) => pool.id)).toEqual(["NpAms1Pr"]);
    expect(pools[0]).toMatchObject({ cidr: "10.20.0.0/16", location_codes: ["AMS1"] });
    expect(await api.get("NpAms1Pr")).toEqual(pools[0]);
    const labelled = await api.list({ labelSelector: "env==prod" }).toArray({ limit: 10 });
    expect(labelled.map((pool) => pool.id).sort()).toEqual(["NpAms1Pr", "NpAms1Pu"]);
    const updated = await api.update("NpDfw1Pr", { title: "dfw", labels: { team: "net" } });
    expect(updated).toMatchObject({ title: "dfw", labels: { team: "net" } });
  });

  it("allocates, retitles, lists and deletes subnetworks", async () => {
    const api = bed().client.networkPools;
    const byCidr = await api.createSubnetwork("NpDfw1Pr", { title: "a", cidr: "10.30.1.0/24" });
    expect(byCidr).toMatchObject({
      cidr: "10.30.1.0/24",
      attached: false,
      interface_type: "private",
    });
    const byMask = await api.createSubnetwork("NpDfw1Pr", { mask: 24 });
    expect(byMask.cidr).toBe("10.30.0.0/24");
    expect((await api.updateSubnetwork("NpDfw1Pr", byMask.id, { title: "b" })).title).toBe("b");
    const listed = await api.listSubnetworks("NpDfw1Pr").toArray({ limit: 10 });
    expect(listed.map((s) => s.id).sort()).toEqual([byCidr.id, byMask.id].sort());
    await api.deleteSubnetwork("NpDfw1Pr", byMask.id);
    await rejectionOf(api.getSubnetwork("NpDfw1Pr", byMask.id), NotFoundError);
    const taken = await rejectionOf(
      api.createSubnetwork("NpDfw1Pr", { cidr: "10.30.1.128/25" }),
      UnprocessableEntityError,
    );
    expect(Object.keys(taken.errors)).toEqual(["cidr"]);
  });

  it("refuses a body with both, neither, a bad CIDR or a bad mask before any request", async () => {
    const api = bed().client.networkPools;
    const bad = [
      { cidr: "10.30.1.1/24" },
      { cidr: "10.30.1.0" },
      { mask: 0 },
      { mask: 129 },
      { mask: 24.5 },
      {},
      { cidr: "10.30.2.0/24", mask: 24 },
    ] as unknown as Parameters<typeof api.createSubnetwork>[1][];
    for (const body of bad) {
      await rejectionOf(api.createSubnetwork("NpDfw1Pr", body), InputValidationError);
    }
    expect(() => api.listSubnetworks("")).toThrow(/empty/);
  });
});
