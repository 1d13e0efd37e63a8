// Reinstall consent through the real CLI (issue 25, item 1), the native plugin's door: a trigger
// the state never recorded confirms nothing, whether the server was created without one or the
// state was written by an older version (a state file without the trigger, put back with
// `pulumi stack import`); the trigger alone is recorded by an update that reinstalls nothing; a
// change of the recorded trigger makes the preview say REINSTALLS in words, and `up` reinstalls
// once.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectSuccess } from "../support/cli";
import { AMS1_LOCATION, ref, SECRET_KEY_CONFIG, yamlText } from "./program";
import { useYamlStack } from "./stack";

const REINSTALL = "POST /v1/hosts/sbm_servers/:id/reinstall";
const NEVER_RECORDED = "The state records no reinstallTrigger";

/** The program: one SBM server with this system and, when given, this trigger. */
function program(operatingSystemId: number, reinstallTrigger?: string): string {
  return yamlText({
    config: SECRET_KEY_CONFIG,
    variables: { location: AMS1_LOCATION },
    resources: {
      web: {
        type: "serverscom:index:SbmServer",
        properties: {
          locationId: ref("location.id"),
          sbmFlavorModelId: 601,
          operatingSystemId,
          hostname: "web-1",
          ...(reinstallTrigger === undefined ? {} : { reinstallTrigger }),
        },
      },
    },
  });
}

async function reinstalls(): Promise<number> {
  return (await bed.sim.control.requestCounts())[REINSTALL] ?? 0;
}

function printed(result: { stdout: string; stderr: string }): string {
  return `${result.stdout}\n${result.stderr}`;
}

/** A state as an older version wrote it: the server's recorded trigger left out. */
async function asOlderVersion(): Promise<void> {
  const file = join(bed.root, "older.json");
  expectSuccess(await bed.stack.raw(["stack", "export", "--file", file]));
  const exported = JSON.parse(readFileSync(file, "utf8")) as {
    deployment: { resources?: { type: string; inputs?: object; outputs?: object }[] };
  };
  for (const resource of exported.deployment.resources ?? []) {
    if (resource.type !== "serverscom:index:SbmServer") continue;
    for (const bag of [resource.inputs, resource.outputs] as Record<string, unknown>[]) {
      delete bag.reinstallTrigger;
    }
  }
  writeFileSync(file, JSON.stringify(exported));
  expectSuccess(await bed.stack.raw(["stack", "import", "--file", file]));
}

const bed = useYamlStack("yaml-reinstall", () => program(302));

describe("reinstall consent through the real CLI (native plugin)", () => {
  it("a server made without a trigger: a first trigger with a new system is refused, nothing sent", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    await bed.sim.control.clearRequestCounts();
    bed.stack.program = program(301, "2026-11-01");
    const preview = await bed.stack.run(["preview"], ["SbmServer"]);
    expect(preview.code, printed(preview)).not.toBe(0);
    expect(printed(preview)).toContain(NEVER_RECORDED);
    const up = await bed.stack.run(["up", "--yes"], ["SbmServer"]);
    expect(up.code, printed(up)).not.toBe(0);
    expect(printed(up)).toContain(NEVER_RECORDED);
    expect(await reinstalls()).toBe(0);
  });

  it("a state of an older version (no trigger recorded) confirms nothing either", async () => {
    // The trigger recorded by an update that reinstalls nothing...
    bed.stack.program = program(302, "2026-11-01");
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    expect(await reinstalls()).toBe(0);
    // ...then the state put back as an older version wrote it.
    await asOlderVersion();
    bed.stack.program = program(301, "2026-11-24");
    const preview = await bed.stack.run(["preview"], ["SbmServer"]);
    expect(preview.code, printed(preview)).not.toBe(0);
    expect(printed(preview)).toContain(NEVER_RECORDED);
    expect(await reinstalls()).toBe(0);
    // The trigger alone: recorded, no reinstall.
    bed.stack.program = program(302, "2026-11-24");
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    expect(await reinstalls()).toBe(0);
  });

  it("with the recorded trigger changed, the preview says REINSTALLS in words and up reinstalls once", async () => {
    bed.stack.program = program(301, "2026-12-01");
    const preview = expectSuccess(await bed.stack.run(["preview", "--diff"]));
    expect(printed(preview)).toMatch(
      /this update REINSTALLS the .*\(operatingSystemId changes, confirmed by reinstallTrigger\), which erases/,
    );
    expect(await reinstalls()).toBe(0);
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    expect(await reinstalls()).toBe(1);
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
  });
});
