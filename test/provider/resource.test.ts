// What a program declaring an RbsVolume registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY, ownerLabelValue } from "../../provider/framework/ownership";
import { RbsVolume } from "../../provider/index";
import { labelIssues } from "../../sdk/labels";
import { captureRegistrations, type Registered, settle } from "./mocks";

let registered: Registered[];

beforeEach(async () => {
  registered = await captureRegistrations({ state: (inputs) => ({ ...inputs, status: "active" }) });
});

describe("a program declaring an RbsVolume", () => {
  it("registers the dynamic type token, the inputs, the hidden inputs and the secret outputs", async () => {
    const volume = new RbsVolume(
      "data",
      { locationId: 1, flavorId: 1, size: 100, labels: { env: "prod" } },
      { customTimeouts: { create: "45m", delete: "1h30m" } },
    );
    await settle(volume);
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:RbsVolume");
    expect(entry?.additionalSecretOutputs).toEqual(["username", "password"]);
    const owner = ownerLabelValue({
      project: "proj",
      stack: "dev",
      type: "pulumi-nodejs:dynamic/serverscom:RbsVolume",
      name: "data",
      parent: "",
    });
    expect(entry?.inputs).toMatchObject({
      locationId: 1,
      flavorId: 1,
      size: 100,
      name: "data",
      labels: { env: "prod" },
      __ownerLabel: owner,
      __timeouts: { create: 45 * 60_000, delete: 90 * 60_000 },
    });
    expect(typeof entry?.inputs.__provider).toBe("string");
    expect(String(entry?.inputs.__provider)).toContain('kind: "RbsVolume"');
    // The outputs resolve through the resource's properties.
    expect(await new Promise((resolve) => volume.status.apply(resolve))).toBe("active");
  });

  it("omits the timeouts when none are given, and keeps a declared name", async () => {
    const volume = new RbsVolume("data", {
      locationId: 1,
      flavorId: 1,
      size: 10,
      name: "db-volume",
    });
    await settle(volume);
    expect(registered[0]?.inputs).not.toHaveProperty("__timeouts");
    expect(registered[0]?.inputs.name).toBe("db-volume");
  });

  it("fails at construction on a custom timeout the engine would not parse", () => {
    expect(
      () =>
        new RbsVolume(
          "data",
          { locationId: 1, flavorId: 1, size: 10 },
          { customTimeouts: { create: "1d" } },
        ),
    ).toThrow('RbsVolume data: customTimeouts.create: "1d": unknown unit "d"');
  });

  it("fails at construction on a custom timeout that is not text, naming resource and option", () => {
    // A JavaScript or YAML program can pass a number: once "text.startsWith is not a function".
    const construct = (customTimeouts: unknown) => () =>
      new RbsVolume(
        "data",
        { locationId: 1, flavorId: 1, size: 10 },
        { customTimeouts: customTimeouts as pulumi.CustomTimeouts },
      );
    expect(construct({ create: 30 })).toThrow(
      'RbsVolume data: customTimeouts.create must be a duration string such as "30m" (got 30)',
    );
    expect(construct({ delete: null })).toThrow(/^RbsVolume data: customTimeouts\.delete must be/);
  });
});

describe("the ownership label", () => {
  it("is a valid label, and differs by project, stack, name and parent", async () => {
    const base = { project: "p", stack: "s", type: "t", name: "n", parent: "" };
    const value = ownerLabelValue(base);
    expect(labelIssues({ [OWNER_LABEL_KEY]: value })).toEqual([]);
    expect(value).toHaveLength(41);
    expect(ownerLabelValue(base)).toBe(value);
    for (const change of [{ project: "q" }, { stack: "t" }, { name: "m" }, { parent: "x::y" }]) {
      expect(ownerLabelValue({ ...base, ...change })).not.toBe(value);
    }
    // Parts are length-prefixed: moving characters between parts changes the value.
    expect(ownerLabelValue({ ...base, project: "ab", stack: "c" })).not.toBe(
      ownerLabelValue({ ...base, project: "a", stack: "bc" }),
    );
  });

  it("includes the explicit parent, so two components may each declare a volume 'data'", async () => {
    class Group extends pulumi.ComponentResource {
      constructor(name: string) {
        super("test:index:Group", name);
      }
    }
    const a = new Group("a");
    const b = new Group("b");
    const volumes = [
      new RbsVolume("data", { locationId: 1, flavorId: 1, size: 10 }, { parent: a }),
      new RbsVolume("data", { locationId: 1, flavorId: 1, size: 10 }, { parent: b }),
    ];
    await settle(...volumes);
    const owners = registered.filter((r) => r.name === "data").map((r) => r.inputs.__ownerLabel);
    expect(owners).toHaveLength(2);
    expect(owners[0]).toBe(
      ownerLabelValue({
        project: "proj",
        stack: "dev",
        type: "pulumi-nodejs:dynamic/serverscom:RbsVolume",
        name: "data",
        parent: "test:index:Group::a",
      }),
    );
    expect(owners[0]).not.toBe(owners[1]);
  });
});
