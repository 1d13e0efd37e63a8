// A lookup function's failure, as the user of the real CLI sees it: the message (which
// function, what was asked, what would have fitted; or the API's answer), no stack trace, no
// "Unhandled exception", a failed command, and nothing made.
import { describe, expect, it } from "vitest";
import type { Program } from "../../../scripts/engine/program";
import type { CliResult } from "../support/cli";
import { useLane } from "./lane";
import { printed } from "./output";

/** A volume in a location looked up by a code no location has, in the Output form. */
const unknownCode: Program = (sc) => {
  const location = sc.getLocationOutput({ code: "XX9" });
  new sc.RbsVolume("data", { locationId: location.id, flavorId: 1, size: 100 });
};

/** The same through the Promise form, as `await getLocation(...)` at the top of a program. */
const unknownCodePromise: Program = (sc, pulumi) => {
  const location = pulumi.output(sc.getLocation({ code: "XX9" }));
  new sc.RbsVolume("data", { locationId: location.id, flavorId: 1, size: 100 });
};

const NO_MATCH = 'getLocation: no location matches "XX9"; available: AMS1, DFW1, SIN1';

const bed = useLane("lookup-errors", unknownCode);

/** The command failed with the message, and nothing that looks like a stack trace. */
function expectClearFailure(result: CliResult, message: string): void {
  const text = printed(result);
  expect(result.code, text).toBe(1);
  expect(text).toContain(message);
  expect(text).not.toMatch(/^\s+at .+[:(]\d+/m);
  expect(text).not.toContain("Unhandled exception");
  // Every error line the CLI printed says the same thing (the Automation API's inline runtime
  // repeats it after "One or more errors occurred").
  const errors = text.split("\n").filter((line) => /\berror: /.test(line));
  expect(errors.length).toBeGreaterThan(0);
  for (const line of errors) {
    if (line.includes("Command failed with exit code")) continue;
    expect(line, line).toContain(message);
  }
}

describe("a lookup function's error through the real Pulumi CLI", () => {
  it("an unknown location code fails preview and up with the message alone", async () => {
    bed.lane.stack.program = unknownCode;
    expectClearFailure(await bed.lane.stack.preview(), NO_MATCH);
    const up = await bed.lane.stack.up();
    expectClearFailure(up, NO_MATCH);
    expect((await bed.lane.checked(up)).resources).toEqual([]);
  });

  it("the Promise form, the same", async () => {
    bed.lane.stack.program = unknownCodePromise;
    const up = await bed.lane.stack.up();
    expectClearFailure(up, NO_MATCH);
    expect((await bed.lane.checked(up)).resources).toEqual([]);
  });

  it("the API's refusal (a wrong token) reaches the user as the API's message", async () => {
    bed.lane.stack.program = unknownCode;
    await bed.lane.stack.stack.setConfig("serverscom:apiToken", {
      value: "wrong-token",
      secret: true,
    });
    try {
      const up = await bed.lane.stack.up();
      expectClearFailure(up, "401");
      expect(printed(up)).not.toContain("wrong-token");
      // The Promise form, whose errors keep the SDK's classes for a program that catches them:
      // uncaught, its message alone too.
      bed.lane.stack.program = unknownCodePromise;
      const promised = await bed.lane.stack.up();
      expectClearFailure(promised, "401");
      expect(printed(promised)).not.toContain("wrong-token");
      expect((await bed.lane.checked(promised)).resources).toEqual([]);
    } finally {
      await bed.lane.stack.stack.setConfig("serverscom:apiToken", {
        value: bed.lane.sim.token,
        secret: true,
      });
    }
  });
});
