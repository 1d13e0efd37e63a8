// The schema's example programs (examples/schema, the source of every language's example in the
// schema's descriptions) through the real Pulumi CLI and the native plugin: all of them merged
// into one stack (schema-examples.ts says why that is honest), `up`, every example's outputs
// there, no change on a second preview, `destroy`, the simulator's inventory compared with the
// exported state after every command (stack.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../../simulator";
import { expectSuccess } from "../support/cli";
import { certificateFiles } from "./program";
import { mergedBody, readExamples } from "./schema-examples";
import { YamlStack } from "./stack";

const examples = readExamples();
let sim: Simulator;
let root: string;
let stack: YamlStack;

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000 });
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-examples-"));
  // The stack's configuration holds the token and `sslPrivateKey` as secrets (stack.ts); the
  // SslCertificate example also reads the certificate itself.
  stack = await YamlStack.create(sim, root, "schema-examples", mergedBody(examples));
  const { cert } = certificateFiles();
  expectSuccess(await stack.raw(["config", "set-all", `--plaintext=sslCertificate=${cert}`]));
});
afterAll(async () => {
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

describe(`the schema's ${examples.length} example programs through the real CLI`, () => {
  it("up runs every example: its resources created, its outputs exported", async () => {
    expectSuccess(await stack.run(["up", "--yes"]));
    const state = await stack.state();
    const declared = new Set(examples.flatMap((e) => Object.keys(e.program.resources ?? {})));
    expect(state.resources.map((r) => r.name).sort()).toEqual([...declared].sort());
    for (const resource of state.resources) expect(resource.initErrors, resource.name).toEqual([]);
    const outputs = JSON.parse(
      expectSuccess(await stack.raw(["stack", "output", "--json"])).stdout,
    ) as Record<string, unknown>;
    for (const example of examples) {
      for (const name of Object.keys(example.program.outputs ?? {})) {
        expect(outputs, `${example.file}: ${name}`).toHaveProperty(name);
      }
    }
  });

  it("preview --expect-no-changes", async () => {
    expectSuccess(await stack.run(["preview", "--expect-no-changes"]));
  });

  it("destroy --yes leaves nothing", async () => {
    expectSuccess(await stack.run(["destroy", "--yes"]));
    expect((await stack.state()).resources).toEqual([]);
  });
});
