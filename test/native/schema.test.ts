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
  sdkNames,
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
  required?: string[];
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
        { value: "dedicated_server" },
        { value: "kubernetes_baremetal_node" },
        { value: "sbm_server" },
      ],
    });
    expect(committed.defaults.RbsVolume).toEqual({ name: { resourceName: true } });
  });
});

/** Every description-bearing place: resources, functions, object types, and their properties. */
function describable(spec: Json): [string, unknown][] {
  const out: [string, unknown][] = [];
  const properties = (where: string, of: unknown) => {
    for (const [name, property] of Object.entries((of ?? {}) as Record<string, Json>)) {
      out.push([`${where}.${name}`, property.description]);
    }
  };
  for (const [token, resource] of Object.entries(spec.resources as Record<string, Json>)) {
    out.push([token, resource.description]);
    properties(`${token} output`, resource.properties);
    properties(`${token} input`, resource.inputProperties);
  }
  for (const [token, fn] of Object.entries(spec.functions as Record<string, Json>)) {
    out.push([token, fn.description]);
    properties(`${token} argument`, (fn.inputs as Json | undefined)?.properties);
    properties(`${token} result`, (fn.outputs as Json).properties);
  }
  for (const [token, type] of Object.entries(spec.types as Record<string, Json>)) {
    if (type.type === "object") out.push([token, type.description]);
    properties(token, type.properties);
  }
  return out;
}

/**
 * Wording that holds for TypeScript only (or for this repository's readers only): the schema is
 * where every language's docs and SDK comments come from, and Pulumi's SDK generators rename
 * properties and functions per language (`public_key`, `get_location`), so a description names a
 * property as "the `publicKey` property" and a resource option in words.
 */
const TYPESCRIPT_ONLY: readonly RegExp[] = [
  /dynamic provider/i,
  /TypeScript/,
  /pulumi\.(secret|output|all|interpolate|Output|Input)\b/,
  /\bPromise\b/,
  /\bOutput form\b/,
  /\bget[A-Z]\w*Output\b/,
  /`(customTimeouts|deleteBeforeReplace|ignoreChanges|additionalSecretOutputs|replaceOnChanges)`/,
  /\bundefined\b/,
  /\w\(\{/, // a call with an object literal: getHost({ id })
  /\bnew [A-Z]\w*\(/,
  /=>|\?\?/,
  /labelSelector\(\)|pulumi-serverscom\/sdk/,
  /`check`/,
  /\b[\w/-]+\.(ts|md)\b/, // a file of this repository
];

/** The `pulumi.json#/Any` left, each with the reason no type can be given. */
const ANY_ALLOWED: Readonly<Record<string, string>> = {
  "serverscom:index:getLoadBalancer result.vhostZones":
    "the zones as the API answers them: L4 and L7 zones differ, and every field the API sends is kept",
  "serverscom:index:getLoadBalancer result.upstreamZones":
    "the zones as the API answers them: L4 and L7 zones differ, and every field the API sends is kept",
};

describe("the package schema reads as well in every language", () => {
  const spec = committed.schema as Json;
  const all = describable(spec);

  it("describes every resource, function, object type and property", () => {
    const missing = all.filter(([, text]) => typeof text !== "string" || text.trim() === "");
    expect(missing.map(([where]) => where)).toEqual([]);
    // 20 resources, every function the package exports (55 today).
    expect(Object.keys(spec.resources as Json)).toHaveLength(20);
    expect(Object.keys(spec.functions as Json).length).toBeGreaterThanOrEqual(55);
  });

  it("uses no wording that holds for TypeScript only", () => {
    // Example programs (`{{% examples %}}` blocks, one per language) are code, not wording.
    const prose = (text: unknown) =>
      String(text).replace(/\{\{% examples %\}\}[\s\S]*?\{\{% \/examples %\}\}/g, "");
    const found = all.flatMap(([where, text]) =>
      TYPESCRIPT_ONLY.filter((phrase) => phrase.test(prose(text))).map(
        (phrase) => `${where}: ${phrase}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("the wording check catches what it is meant to", () => {
    const caught = (text: string) => TYPESCRIPT_ONLY.some((phrase) => phrase.test(text));
    expect(caught("`pulumi import` does not work with dynamic providers")).toBe(true);
    expect(caught("wrap it with `pulumi.secret`")).toBe(true);
    expect(caught("Timeouts (the `customTimeouts` option)")).toBe(true);
    expect(caught('getHost({ id: "x" })')).toBe(true);
    expect(caught("see docs/wire.md")).toBe(true);
    expect(caught("the custom timeouts resource option")).toBe(false);
    expect(caught("the `publicKey` property")).toBe(false);
  });

  it("types every value it can: `Any` only where listed, with the reason", () => {
    const anys: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (node === null || typeof node !== "object") return;
      if ((node as Json).$ref === "pulumi.json#/Any") anys.push(where);
      for (const [key, value] of Object.entries(node as Json)) walk(value, `${where}/${key}`);
    };
    walk(spec, "");
    const listed = Object.keys(ANY_ALLOWED).map((where) => {
      const [token, rest] = where.split(" result.") as [string, string];
      return `/functions/${token}/outputs/properties/${rest}/items/additionalProperties`;
    });
    expect(anys.sort()).toEqual(listed.sort());
  });

  it("types ids and counts as integers and label selectors as text", () => {
    const numbers: string[] = [];
    const selectors: unknown[] = [];
    const walk = (node: unknown, where: string, name: string) => {
      if (node === null || typeof node !== "object") return;
      const spec = node as Json;
      if (spec.type === "number" && (name === "id" || /(Id|Ids|Count|Number)$/.test(name))) {
        numbers.push(where);
      }
      if (name === "labelSelector" && "type" in spec) selectors.push(spec.type);
      for (const [key, value] of Object.entries(spec)) {
        walk(value, `${where}/${key}`, key === "items" ? name : key);
      }
    };
    walk(spec, "", "");
    expect(numbers).toEqual([]);
    expect(selectors.length).toBeGreaterThanOrEqual(11);
    expect(new Set(selectors)).toEqual(new Set(["string"]));
  });

  it("no type takes a name the SDKs give a resource or a function", () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    const claim = (kind: "resource" | "function" | "type", token: string) => {
      for (const name of sdkNames(kind, token.split(":")[2] as string)) {
        const owner = owners.get(name);
        if (owner !== undefined && owner !== token) clashes.push(`${name}: ${owner} and ${token}`);
        owners.set(name, token);
      }
    };
    for (const token of Object.keys(spec.resources as Json)) claim("resource", token);
    for (const token of Object.keys(spec.functions as Json)) claim("function", token);
    for (const token of Object.keys(spec.types as Json)) claim("type", token);
    expect(clashes).toEqual([]);
    // The check would see the collision this schema once had: the type GetHostResult (the item
    // of getHosts) and getHost's own result.
    expect(sdkNames("type", "GetHostResult")).toContain(sdkNames("function", "getHost")[2]);
  });

  it("marks required the outputs the API always returns, and only outputs there are", () => {
    for (const [token, resource] of Object.entries(schema.resources)) {
      const required = (resource.required ?? []) as string[];
      expect(required.length, token).toBeGreaterThan(0);
      for (const name of required) expect(resource.properties, token).toHaveProperty([name]);
    }
    // The SDK's RbsVolumeSchema requires id, name and status; labels are {} when absent; the
    // credentials come from their own request, whose fields are required.
    expect(schema.resources["serverscom:index:RbsVolume"]?.required).toEqual([
      "name",
      "status",
      "labels",
      "username",
      "password",
    ]);
    // Nullable on the wire: never required (api-spec.md: ip_address is null right after creation).
    expect(schema.resources["serverscom:index:RbsVolume"]?.required).not.toContain("ipAddress");
    // A function's result: every field it never leaves null (getAccountBalance has none).
    const functions = spec.functions as Record<string, { outputs: Json }>;
    const withRequired = Object.values(functions).filter((fn) => fn.outputs.required);
    expect(withRequired.length).toBe(Object.keys(functions).length - 1);
    expect(functions["serverscom:index:getLocation"]?.outputs.required).toEqual([
      "id",
      "name",
      "code",
      "supportedFeatures",
      "ipxeBoot",
    ]);
  });
});
