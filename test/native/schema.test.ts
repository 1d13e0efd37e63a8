// The native plugin's package schema (provider/native/generated.json): valid against Pulumi's
// metaschema (draft 2020-12) with ajv, the one the pinned Pulumi Go module ships
// (codegen/schema/pulumi.json of github.com/pulumi/pulumi/pkg/v3 at the version of
// scripts/pulumi-cli/cli/go.mod, in the Go module cache once `npm run -s pulumi-cli` ran); what the
// generator makes of the current sources (scripts/schema/generate.ts; regenerate with
// `npm run build && node scripts/schema/update.mjs`); and what it says of the kinds.
// Needs a current dist/ (npm test builds it first): the replace rules come from the built diff.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import {
  type Generated,
  generateSchema,
  markReplaceOnChanges,
} from "../../scripts/schema/generate";

const REPO = repoRoot();

/**
 * Pulumi's metaschema from the Go module the CLI is built from: `go list` in our CLI module
 * (scripts/pulumi-cli/cli) names the pinned pkg's folder in the module cache. Undefined where Go
 * or that folder is not there (a plain clone on a machine without Go).
 */
function pinnedMetaschema(): string | undefined {
  let dir: string;
  try {
    dir = execFileSync("go", ["list", "-m", "-f", "{{.Dir}}", "github.com/pulumi/pulumi/pkg/v3"], {
      cwd: join(REPO, "scripts", "pulumi-cli", "cli"),
      encoding: "utf8",
      env: { ...process.env, GOFLAGS: "-mod=readonly" },
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
  const file = join(dir, "codegen", "schema", "pulumi.json");
  return dir !== "" && existsSync(file) ? file : undefined;
}

const METASCHEMA = pinnedMetaschema();
const METASCHEMA_SKIP =
  " (skipped: Pulumi's metaschema comes from the Go module cache, filled by `npm run -s pulumi-cli`, which needs Go)";

type Json = Record<string, unknown>;
interface Spec extends Json {
  inputProperties: Record<string, Json>;
  properties: Record<string, Json>;
  requiredInputs: string[];
}

const committed = JSON.parse(
  readFileSync(join(REPO, "provider", "native", "generated.json"), "utf8"),
) as Generated;
const schema = committed.schema as { resources: Record<string, Spec>; types: Record<string, Json> };

describe.skipIf(METASCHEMA === undefined)(
  `the package schema against Pulumi's metaschema${METASCHEMA === undefined ? METASCHEMA_SKIP : ""}`,
  () => {
    it("is valid against Pulumi's package metaschema", () => {
      const ajv = new Ajv2020({
        allErrors: true,
        // The metaschema's `"type": [..]` lists are intended (ajv's strict mode asks to say so).
        allowUnionTypes: true,
        // The two formats the metaschema uses, checked as the Go schema loader would read them.
        formats: {
          regex: (text: string) => {
            try {
              new RegExp(text);
              return true;
            } catch {
              return false;
            }
          },
          "uri-reference": (text: string) => URL.canParse(text, "https://example.invalid/"),
        },
      });
      const validate = ajv.compile(JSON.parse(readFileSync(METASCHEMA ?? "", "utf8")) as Json);
      const valid = validate(committed.schema);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    });

    it("the metaschema check fails on a broken schema (the validator is not a no-op)", () => {
      const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, validateFormats: false });
      const validate = ajv.compile(JSON.parse(readFileSync(METASCHEMA ?? "", "utf8")) as Json);
      expect(validate({ ...committed.schema, name: "not a name!" })).toBe(false);
    });
  },
);

describe("the package schema", () => {
  describe("is what the generator makes of the current sources", () => {
    let generated: Generated;
    beforeAll(async () => {
      generated = await markReplaceOnChanges(REPO, generateSchema(REPO));
    }, 60_000);

    it("(else: npm run build && node scripts/schema/update.mjs)", () => {
      expect(generated).toEqual(committed);
    });
  });

  it("every $ref names a type the schema defines", () => {
    const refs = JSON.stringify(committed.schema).match(/"\$ref":"#\/types\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const token = ref.slice('"$ref":"#/types/'.length, -1);
      expect(schema.types, token).toHaveProperty([token]);
    }
  });

  it("says what the kinds define: replacing properties, secrets, defaults, enums, types", () => {
    const volume = schema.resources["serverscom:index:RbsVolume"] as Spec;
    expect(volume.inputProperties.locationId).toMatchObject({
      type: "integer",
      replaceOnChanges: true,
    });
    expect(volume.inputProperties.size).toMatchObject({ type: "integer" });
    expect(volume.inputProperties.size).not.toHaveProperty("replaceOnChanges");
    expect(volume.properties.password).toMatchObject({ type: "string", secret: true });
    expect(volume.requiredInputs).toEqual(["locationId", "flavorId", "size"]);
    expect(volume.inputProperties.labels).toEqual({
      type: "object",
      additionalProperties: { type: "string" },
      description: "The complete label set; omitted means none.",
    });
    const power = schema.resources["serverscom:index:KubernetesBaremetalNodePower"] as Spec;
    expect(power.inputProperties.poweredOn).toMatchObject({ type: "boolean", default: true });
    const ssl = schema.resources["serverscom:index:SslCertificate"] as Spec;
    expect(ssl.inputProperties.privateKey).toMatchObject({ secret: true });
    const ptr = schema.resources["serverscom:index:PtrRecord"] as Spec;
    expect(ptr.inputProperties.hostType).toMatchObject({
      $ref: "#/types/serverscom:index:PtrRecordHostType",
      replaceOnChanges: true,
    });
    expect(schema.types["serverscom:index:PtrRecordHostType"]).toEqual({
      type: "string",
      enum: [
        { value: "kubernetes_baremetal_node" },
        { value: "dedicated_server" },
        { value: "sbm_server" },
      ],
    });
    expect(committed.defaults.RbsVolume).toEqual({ name: { resourceName: true } });
  });
});
