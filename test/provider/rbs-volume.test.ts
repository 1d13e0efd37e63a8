// RbsVolume's provider implementation against the simulator, on virtual time.
import { afterEach, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { failsOnEach } from "./check-cases";
import { createdBy, kindSuite, recordCount, volumeInputs } from "./support";

/** Every password the simulator issued, checked with the messages at the end. */
const passwords = new Set<string>();
// Secrets: no progress line and no error message holds a password or the API token.
const { bed, provider, messages, failure } = kindSuite(rbsVolumeKind, {
  atLeast: 10,
  secrets: passwords,
});

afterEach(async () => {
  for (const volume of await bed.sim.control.records("rbs_volumes")) {
    passwords.add(String(volume._password));
  }
});

const AMS1 = { locationId: 1, flavorId: 1 };

async function volumeCount(): Promise<number> {
  return recordCount(bed, "rbs_volumes");
}

async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, volumeInputs(name, { ...AMS1, size: 100, ...fields }));
}

// The lifecycle every kind shares (create, read, in-place update, label removal, replacement,
// delete, drift, deletion outside Pulumi, a lost create answer) is test/conformance's RbsVolume
// row; here, what is the RBS volume's own.
describe("sizes: a volume only grows", () => {
  it("refuses to shrink a volume in update, leaving it unchanged", async () => {
    const { inputs, id, outs } = await created("data", { size: 200 });
    const error = await failure(provider.update(id, outs, { ...inputs, size: 100 }));
    expect(error.message).toBe(
      `serverscom:RbsVolume data (${id}): an RBS volume can only grow: it has 200 GB and the ` +
        "program asks for 100 GB. Set size to 200 or more",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect((await bed.sim.control.peek("rbs_volumes", id))?.size).toBe(200);
  });

  it("sees a volume grown outside Pulumi, and refuses to shrink it back", async () => {
    const { inputs, id, outs } = await created("data");
    await bed.sim.control.patch("rbs_volumes", id, { size: 300 });
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      updates: ["size"],
    });
    const error = await failure(provider.update(id, read.props as PropertyBag, inputs));
    expect(error.message).toContain("it has 300 GB and the program asks for 100 GB");
  });
});

describe("idempotent create: the ownership label", () => {
  it("a later create never adopts an object with this resource's label: it reports it by id", async () => {
    // An earlier `pulumi up` POSTed the volume (with this resource's ownership label) and was
    // killed before it saw the answer; or it is the generation a create-before-delete
    // replacement is about to delete; or someone copied the label (issue 12, items 1 and 4).
    // Nothing tells them apart, so none is adopted: the create makes its own and names the other.
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const inputs = volumeInputs("data", { ...AMS1, size: 100 });
    const lost = await failure(
      bed.client.rbsVolumes.create({
        name: "data",
        location_id: 1,
        flavor_id: 1,
        size: 100,
        labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
      }),
    );
    expect(lost.name).toBe("ConnectionError");
    const [earlier] = await bed.sim.control.records("rbs_volumes");

    const result = await provider.create(inputs);
    expect(await volumeCount()).toBe(2);
    expect(result.id).not.toBe(earlier?.id);
    expect(bed.lines[0]).toContain(`serverscom:RbsVolume data: not adopting ${earlier?.id},`);
    expect(bed.lines[0]).toContain("adopt it (adoptId) or delete it");
    // The earlier volume is untouched: its labels and name are as they were.
    const after = (await bed.sim.control.records("rbs_volumes")).find((v) => v.id === earlier?.id);
    expect(after?.labels).toEqual({ [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) });
  });

  it("does not adopt the volume of a resource with another name", async () => {
    await created("one");
    await created("two");
    expect(await volumeCount()).toBe(2);
  });

  it("does not adopt a volume that is being replaced (another location)", async () => {
    const { inputs } = await created("data");
    await provider.create({ ...inputs, locationId: 2, flavorId: 3 });
    expect(await volumeCount()).toBe(2);
  });
});

describe("adoption by adoptId", () => {
  it("takes over an existing volume and brings it to the declared name, size and labels", async () => {
    const existing = await bed.client.rbsVolumes.create({
      name: "legacy",
      location_id: 1,
      flavor_id: 1,
      size: 50,
      labels: { keep: "no" },
    });
    const inputs = volumeInputs("data", {
      ...AMS1,
      size: 80,
      labels: { env: "prod" },
      adoptId: existing.id,
    });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(existing.id);
    expect(outs).toMatchObject({
      name: "data",
      size: 80,
      labels: { env: "prod" },
      adoptId: existing.id,
      status: "active",
    });
    expect(await volumeCount()).toBe(1);
    const stored = await bed.sim.control.peek("rbs_volumes", id);
    expect(stored?.labels).toEqual({ env: "prod", [OWNER_LABEL_KEY]: inputs.__ownerLabel });
    // adoptId keeps naming the same object: no diff; naming another one replaces.
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({ changes: false });
    expect(
      await provider.diff(id, outs as PropertyBag, { ...inputs, adoptId: "other" }),
    ).toMatchObject({
      replaces: ["adoptId"],
    });
  });

  it("refuses an id that does not exist", async () => {
    const error = await failure(
      provider.create(volumeInputs("data", { ...AMS1, size: 10, adoptId: "nope1234" })),
    );
    expect(error.message).toBe('adoptId: there is no RBS volume with id "nope1234" to adopt');
  });

  it("refuses a volume whose location or flavor differs", async () => {
    const existing = await bed.client.rbsVolumes.create({
      name: "x",
      location_id: 1,
      flavor_id: 2,
      size: 50,
    });
    const error = await failure(
      provider.create(volumeInputs("data", { ...AMS1, size: 50, adoptId: existing.id })),
    );
    expect(error.message).toBe(
      `adoptId: the RBS volume "${existing.id}" cannot be adopted as declared: flavorId is 2 there ` +
        "but 1 in the program. These properties cannot be changed in place: make the program match the object.",
    );
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = volumeInputs("data", { ...AMS1, size: 100 });

  async function reasons(news: PropertyBag, olds: PropertyBag = {}) {
    const result = await provider.check(olds, news);
    for (const failure of result.failures ?? []) messages.push(failure.reason);
    return result.failures ?? [];
  }

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
  });

  failsOnEach(reasons, valid, [
    [{ locationId: undefined }, "locationId", "locationId is required"],
    [{ flavorId: "1" }, "flavorId", 'flavorId must be a whole number (got "1")'],
    [{ size: 10.5 }, "size", "size must be a whole number (got 10.5)"],
    [{ size: 0 }, "size", "size must be at least 1 GB (got 0 GB)"],
    [{ size: 4096 }, "size", "size must be at most 2048 GB (got 4096 GB)"],
    [{ name: "" }, "name", 'name must be a non-empty string (got "")'],
    [{ labels: "env=prod" }, "labels", "labels must be an object of string keys to string values"],
    [
      { labels: { "Env/x": "1" } },
      "labels",
      'labels["Env/x"]: a prefix may contain only lowercase letters, digits, dashes and dots',
    ],
    [
      { labels: { env: "-bad" } },
      "labels",
      "labels.env: a value must start and end with a Latin letter or digit",
    ],
    [
      { labels: { "servers.com/x": "1" } },
      "labels",
      'labels["servers.com/x"]: the prefix servers.com and its subdomains are reserved for the service',
    ],
    [
      { labels: { [OWNER_LABEL_KEY]: "x" } },
      "labels",
      `labels: the key ${OWNER_LABEL_KEY} is reserved for the provider`,
    ],
    [
      { labels: { [CREATE_LABEL_KEY]: "x" } },
      "labels",
      `labels: the key ${CREATE_LABEL_KEY} is reserved for the provider`,
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
    [
      { __timeouts: { create: -1 } },
      "__timeouts",
      "create must be a positive number of milliseconds",
    ],
  ]);

  it("refuses to shrink compared with the previous inputs", async () => {
    expect(await reasons({ ...valid, size: 50 }, valid)).toEqual([
      {
        property: "size",
        reason:
          "size can only grow: the RBS volume has 100 GB, and 50 GB would shrink it. Keep 100 GB " +
          "or more (or replace the volume: a new one starts empty)",
      },
    ]);
  });

  it("allows any size when the volume is replaced anyway", async () => {
    expect(await reasons({ ...valid, size: 50, locationId: 2, flavorId: 3 }, valid)).toEqual([]);
  });

  it("tolerates values unknown during preview", async () => {
    expect(
      await reasons(
        { ...valid, size: UNKNOWN, locationId: UNKNOWN, labels: { env: UNKNOWN } },
        valid,
      ),
    ).toEqual([]);
    expect(await reasons({ ...valid, labels: UNKNOWN, name: UNKNOWN })).toEqual([]);
  });
});

describe("diff: unknowns may change, hidden inputs never do", () => {
  const outs = {
    name: "data",
    size: 100,
    locationId: 1,
    flavorId: 1,
    labels: { env: "prod" },
    status: "active",
    __ownerLabel: "oabc",
  };
  const news = volumeInputs("data", { ...AMS1, size: 100, labels: { env: "prod" } });

  it("reports no change for equal values, whatever the hidden inputs", async () => {
    expect(
      await provider.diff("v1", outs, { ...news, __timeouts: { create: 1 }, __ownerLabel: "ozzz" }),
    ).toMatchObject({
      changes: false,
    });
  });

  it("treats an unknown as a possible change, replacing for replace-only properties", async () => {
    expect(await provider.diff("v1", outs, { ...news, labels: { env: UNKNOWN } })).toMatchObject({
      changes: true,
      updates: ["labels"],
    });
    expect(await provider.diff("v1", outs, { ...news, locationId: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: ["locationId"],
    });
  });
});
