import { beforeAll, describe, expect, it } from "vitest";
import { expectSuccess } from "../support/cli";
import { certificateFiles } from "./program";
import { mergedBody, readExamples } from "./schema-examples";
import { useYamlStack } from "./stack";

const examples = readExamples();

// The stack's configuration holds the token and `sslPrivateKey` as secrets (stack.ts); the
// SslCertificate example also reads the certificate itself.
const bed = useYamlStack("schema-examples", () => mergedBody(examples));
beforeAll(async () => {
  const { cert } = certificateFiles();
  expectSuccess(await bed.stack.raw(["config", "set-all", `--plaintext=sslCertificate=${cert}`]));
});

describe(`the schema's ${examples.length} example programs through the real CLI`, () => {
  it("up runs every example: its resources created, its outputs exported", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    const state = await bed.stack.state();
    const declared = new Set(examples.flatMap((e) => Object.keys(e.program.resources ?? {})));
    expect(state.resources.map((r) => r.name).sort()).toEqual([...declared].sort());
    for (const resource of state.resources) expect(resource.initErrors, resource.name).toEqual([]);
    const outputs = JSON.parse(
      expectSuccess(await bed.stack.raw(["stack", "output", "--json"])).stdout,
    ) as Record<string, unknown>;
    for (const example of examples) {
      for (const name of Object.keys(example.program.outputs ?? {})) {
        expect(outputs, `${example.file}: ${name}`).toHaveProperty(name);
      }
    }
  });

  it("preview --expect-no-changes", async () => {
    expectSuccess(await bed.stack.run(["preview", "--expect-no-changes"]));
  });

  it("destroy --yes leaves nothing", async () => {
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect((await bed.stack.state()).resources).toEqual([]);
  });
});
