// What a program declaring an L2Segment registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { L2Segment } from "../../provider/index";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, resolved } from "./mocks";

const registered = registrationsOfEachTest({ state: inputsAnd({ status: "active" }) });

describe("a program declaring an L2Segment", () => {
  it("registers the type token, the inputs with the name defaulted, and the hidden inputs", async () => {
    const segment = new L2Segment(
      "backend",
      {
        type: "private",
        locationGroupId: 1,
        members: [
          { id: "L2Ams001", mode: "native" },
          { id: pulumi.output("L2Ams002"), mode: "trunk" },
        ],
        labels: { env: "prod" },
      },
      { customTimeouts: { update: "45m" } },
    );
    expect(await resolved(segment.status)).toBe("active");
    const entry = onlyRegistration(registered, "L2Segment");
    expect(entry.additionalSecretOutputs).toEqual([]);
    expect(entry.inputs).toMatchObject({
      type: "private",
      locationGroupId: 1,
      members: [
        { id: "L2Ams001", mode: "native" },
        { id: "L2Ams002", mode: "trunk" },
      ],
      name: "backend",
      labels: { env: "prod" },
      __ownerLabel: owner("L2Segment", "backend"),
      __timeouts: { update: 45 * 60_000 },
    });
    expect(entry.inputs).not.toHaveProperty("adoptId");
    expect(await resolved(segment.name)).toBe("backend");
  });

  it("keeps a declared name and passes adoptId", async () => {
    const segment = new L2Segment("backend", {
      type: "public",
      locationGroupId: 2,
      members: [{ id: "L2Ams001", mode: "native" }],
      name: "edge",
      adoptId: "Seg00001",
    });
    expect(await resolved(segment.name)).toBe("edge");
    expect(registered[0]?.inputs).toMatchObject({ name: "edge", adoptId: "Seg00001" });
  });
});
