// What a program declaring an RbsVolume registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import {
  OWNER_LABEL_KEY,
  ownerLabelForUrn,
  ownerLabelValue,
  resourceUrn,
} from "../../provider/framework/ownership";
import { RbsVolume } from "../../provider/index";
import { labelIssues } from "../../sdk/labels";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, settle } from "./mocks";

const registered = registrationsOfEachTest({ state: inputsAnd({ status: "active" }) });

describe("a program declaring an RbsVolume", () => {
  it("registers the dynamic type token, the inputs, the hidden inputs and the secret outputs", async () => {
    const volume = new RbsVolume(
      "data",
      { locationId: 1, flavorId: 1, size: 100, labels: { env: "prod" } },
      { customTimeouts: { create: "45m", delete: "1h30m" } },
    );
    await settle(volume);
    const entry = onlyRegistration(registered, "RbsVolume");
    expect(entry.additionalSecretOutputs).toEqual(["username", "password"]);
    expect(entry.inputs).toMatchObject({
      locationId: 1,
      flavorId: 1,
      size: 100,
      name: "data",
      labels: { env: "prod" },
      __ownerLabel: owner("RbsVolume", "data"),
      __timeouts: { create: 45 * 60_000, delete: 90 * 60_000 },
    });
    expect(typeof entry.inputs.__provider).toBe("string");
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
    for (const change of [
      { project: "q" },
      { stack: "t" },
      { name: "m" },
      { parent: "urn:pulumi:s::p::x::y" },
    ]) {
      expect(ownerLabelValue({ ...base, ...change })).not.toBe(value);
    }
  });

  it("hashes the URN, which identifies the resource exactly: collisions are impossible by construction", () => {
    // The text hashed is the URN the engine gives the resource. The engine refuses two resources
    // with one URN in a stack, and the URN holds the stack and the project, so two distinct
    // resources always hash two distinct texts (a SHA-256 collision aside). Item 3 of issue 12:
    // components of one type and name under parents of different types.
    const type = "pulumi-nodejs:dynamic/serverscom:RbsVolume";
    const underA = resourceUrn({
      project: "p",
      stack: "s",
      type,
      name: "data",
      parent: "urn:pulumi:s::p::my:A$my:Group::g",
    });
    const underB = resourceUrn({
      project: "p",
      stack: "s",
      type,
      name: "data",
      parent: "urn:pulumi:s::p::my:B$my:Group::g",
    });
    expect(underA).toBe(`urn:pulumi:s::p::my:A$my:Group$${type}::data`);
    expect(underB).toBe(`urn:pulumi:s::p::my:B$my:Group$${type}::data`);
    expect(ownerLabelForUrn(underA)).not.toBe(ownerLabelForUrn(underB));
    // The root stack is no parent type, as in the engine's URNs.
    expect(
      resourceUrn({
        project: "p",
        stack: "s",
        type,
        name: "data",
        parent: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s",
      }),
    ).toBe(resourceUrn({ project: "p", stack: "s", type, name: "data" }));
  });

  it("follows the parent's whole type chain in a program", async () => {
    class Group extends pulumi.ComponentResource {
      constructor(type: string, name: string, opts: pulumi.ComponentResourceOptions = {}) {
        super(type, name, {}, opts);
      }
    }
    // Two components of one type and name, under parents of different types.
    const a = new Group("test:index:Group", "g", { parent: new Group("test:index:A", "top") });
    const b = new Group("test:index:Group", "g", { parent: new Group("test:index:B", "top") });
    const volumes = [
      new RbsVolume("data", { locationId: 1, flavorId: 1, size: 10 }, { parent: a }),
      new RbsVolume("data", { locationId: 1, flavorId: 1, size: 10 }, { parent: b }),
    ];
    await settle(...volumes);
    const owners = registered.filter((r) => r.name === "data").map((r) => r.inputs.__ownerLabel);
    expect(owners).toHaveLength(2);
    // The parents' URNs as the engine gave them (the mocks' own URNs keep only the last
    // parent type; the engine's keep the chain, which resourceUrn follows from the parent's).
    const parents = await Promise.all(
      [a, b].map((g) => new Promise<string>((resolve) => g.urn.apply(resolve))),
    );
    const type = "pulumi-nodejs:dynamic/serverscom:RbsVolume";
    parents.forEach((parent, i) => {
      expect(owners[i]).toBe(
        ownerLabelValue({ project: "proj", stack: "dev", type, name: "data", parent }),
      );
    });
    expect(owners[0]).not.toBe(owners[1]);
  });
});
