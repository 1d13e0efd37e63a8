// The package schema as the real CLI reads it from the native plugin: `pulumi package get-schema`
// on the plugin's executable (the package's bin, as a user's node_modules/.bin holds it) starts
// the plugin, asks for its schema over gRPC (GetSchema), and prints it as the CLI's schema types
// read it (empty fields left out). It must load with nothing on stderr (no warning, no plugin
// noise) and say what the committed provider/native/generated.json says.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import { cliSetup, expectSuccess, pulumi } from "./support/cli";
import { installPackage } from "./support/project";

const REPO = repoRoot();

interface Member {
  readonly description?: string;
  readonly required?: string[];
  readonly properties?: Record<string, { readonly description?: string }>;
  readonly outputs?: Member;
}
interface Schema {
  readonly resources: Record<string, Member>;
  readonly functions: Record<string, Member>;
  readonly types: Record<string, Member>;
}

/** What a reader of the schema sees of each resource, function and type. */
function summary(schema: Schema): Record<string, unknown> {
  const of = (member: Member) => ({
    description: member.description,
    required: member.required ?? member.outputs?.required ?? [],
    // Sorted: the CLI's maps come out in key order.
    properties: Object.entries(member.properties ?? member.outputs?.properties ?? {})
      .map(([name, property]) => [name, property.description])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  });
  const all = { ...schema.resources, ...schema.functions, ...schema.types };
  return Object.fromEntries(Object.entries(all).map(([token, member]) => [token, of(member)]));
}
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-schema-"));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("pulumi package get-schema", () => {
  it("loads the plugin's schema with no warning, and it is the committed one", async () => {
    const setup = cliSetup(root);
    const projectDir = join(root, "project");
    installPackage(projectDir);
    const plugin = join(projectDir, "node_modules", ".bin", "pulumi-resource-serverscom");
    const result = expectSuccess(
      await pulumi(setup, projectDir, ["package", "get-schema", plugin]),
    );
    expect(result.stderr).toBe("");
    const committed = JSON.parse(
      readFileSync(join(REPO, "provider", "native", "generated.json"), "utf8"),
    ) as { schema: Schema };
    expect(summary(JSON.parse(result.stdout) as Schema)).toEqual(summary(committed.schema));
  });
});
