// A program the provider's check refuses, as the user of the real CLI sees it: the engine's own
// wording (pulumi/pulumi v3.274.1 sdk/go/common/diag/errors.go:41, "<type> resource '<name>':
// property <p> value <v> has a problem: <reason>", printed by pkg/resource/deploy/
// step_generator.go:3203), a secret input's value redacted, a failed command, nothing made.
import { describe, expect, it } from "vitest";
import { CERTIFICATE, typeOf } from "./all-kinds";
import { useLane } from "./lane";
import { printed } from "./output";

/** Not a private key, but secret all the same: it must not be printed. */
const NOT_A_KEY = "not-a-pem-key-but-still-a-secret-3e9d";

const bed = useLane("check-errors", (sc) => {
  new sc.RbsVolume("data", { locationId: 1, flavorId: 1, size: 5000 });
});

describe("a check failure through the real Pulumi CLI", () => {
  it("names the resource, the property, its value and the rule; preview and up fail", async () => {
    const message =
      `${typeOf("RbsVolume")} resource 'data': property size value {5000} has a problem: ` +
      "size must be at most 2048 GB (got 5000 GB)";
    for (const result of [await bed.lane.stack.preview(), await bed.lane.stack.up()]) {
      expect(result.code, printed(result)).toBe(1);
      expect(printed(result)).toContain(message);
      expect((await bed.lane.checked(result)).resources).toEqual([]);
    }
  });

  it("a secret input's value is redacted in the message", async () => {
    bed.lane.stack.program = (sc) => {
      new sc.SslCertificate("site", { publicKey: CERTIFICATE, privateKey: NOT_A_KEY });
    };
    const result = await bed.lane.stack.up();
    expect(result.code, printed(result)).toBe(1);
    expect(printed(result)).toMatch(
      new RegExp(
        `${typeOf("SslCertificate")} resource 'site': property privateKey value \\{\\[secret\\]\\} has a problem`,
      ),
    );
    expect(printed(result)).not.toContain(NOT_A_KEY);
    expect((await bed.lane.checked(result)).resources).toEqual([]);
  });
});
