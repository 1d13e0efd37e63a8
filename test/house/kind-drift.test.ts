// One definition per kind is the source of truth: provider/<kind>/definition.ts (its property
// rules) and the class a program declares (provider/<kind>/resource.ts, read into the native
// schema provider/native/generated.json by scripts/schema/, which test/native/schema.test.ts keeps
// up to date) must name the same inputs and outputs. A property added to one and not the other
// fails here: an input the class accepts but the diff never compares, an output the diff reads
// that the class never declares, a secret the schema does not mark.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ResourceKind } from "../../provider/framework/kind";
import { KUBERNETES_CLUSTER_REPLACEMENT } from "../../provider/kubernetes-cluster/definition";
import { DELETE_FIRST } from "../../provider/native/delete-first";

const root = join(__dirname, "..", "..");

/**
 * Every ResourceKind the provider's folders export (a value with a name, properties and
 * secretOutputs), found by reading the modules: a new kind is checked without a line here.
 */
async function discoverKinds(): Promise<ReadonlyArray<ResourceKind<object>>> {
  const found = new Map<string, ResourceKind<object>>();
  const folder = join(root, "provider");
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || ["framework", "native", "functions"].includes(entry.name)) continue;
    for (const file of readdirSync(join(folder, entry.name))) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const source = readFileSync(join(folder, entry.name, file), "utf8");
      if (!/export const \w+Kind\b/.test(source)) continue;
      const module = (await import(join(folder, entry.name, file))) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        const kind = value as Partial<ResourceKind<object>> | undefined;
        if (
          exported.endsWith("Kind") &&
          typeof kind?.name === "string" &&
          typeof kind.properties === "object" &&
          Array.isArray(kind.secretOutputs)
        ) {
          found.set(kind.name, kind as ResourceKind<object>);
        }
      }
    }
  }
  return [...found.values()];
}

interface SchemaResource {
  readonly properties: Record<string, { readonly secret?: boolean }>;
  readonly inputProperties: Record<string, { readonly secret?: boolean }>;
}

const schema = JSON.parse(readFileSync(join(root, "provider", "native", "generated.json"), "utf8"))
  .schema as { resources: Record<string, SchemaResource> };

/** Inputs every class has besides its kind's properties (check.ts: the adoption input). */
const STANDARD_INPUTS = ["adoptId"];
/**
 * Kinds without a standard input, and why. KubernetesBaremetalNodePower manages one fact of the
 * node its `nodeId` names (provider/kubernetes-baremetal-node-power/definition.ts): its create
 * always takes that node, so there is nothing to adopt by another id.
 */
const WITHOUT_STANDARD: Readonly<Record<string, readonly string[]>> = {
  KubernetesBaremetalNodePower: ["adoptId"],
};

/** The inputs only the class or only the definition names. */
function inputDrift(kind: ResourceKind<object>, resource: SchemaResource): string[] {
  const declared = Object.keys(resource.inputProperties);
  const standard = STANDARD_INPUTS.filter((input) => !WITHOUT_STANDARD[kind.name]?.includes(input));
  const diffed = [...Object.keys(kind.properties), ...standard];
  return [
    ...declared.filter((input) => !diffed.includes(input)).map((i) => `class only: ${i}`),
    ...diffed.filter((input) => !declared.includes(input)).map((i) => `definition only: ${i}`),
  ];
}

describe("every kind's definition against its class (the native schema)", () => {
  let kinds: ReadonlyArray<ResourceKind<object>> = [];
  beforeAll(async () => {
    kinds = await discoverKinds();
  });

  /** Per kind, what `drift` finds; an empty object when nothing drifts. */
  const driftOf = (drift: (kind: ResourceKind<object>, resource: SchemaResource) => string[]) => {
    const out: Record<string, string[]> = {};
    for (const kind of kinds) {
      const resource = schema.resources[`serverscom:index:${kind.name}`];
      const found = resource === undefined ? ["not in the schema"] : drift(kind, resource);
      if (found.length > 0) out[kind.name] = found;
    }
    return out;
  };

  it("finds every kind the schema has but KubernetesCluster (its own provider, no definition)", () => {
    const names = kinds.map((kind) => kind.name).sort();
    const inSchema = Object.keys(schema.resources)
      .map((token) => token.replace("serverscom:index:", ""))
      .filter((name) => name !== "KubernetesCluster")
      .sort();
    expect(names).toEqual(inSchema);
  });

  it("the native door deletes first for exactly the kinds whose definition says so, for its reason", () => {
    const fromDefinitions = Object.fromEntries(
      kinds.flatMap((kind) =>
        kind.replaceDeletesFirst === undefined
          ? []
          : [[kind.name, kind.replaceDeletesFirst.reason]],
      ),
    );
    expect(DELETE_FIRST).toEqual({
      ...fromDefinitions,
      KubernetesCluster: KUBERNETES_CLUSTER_REPLACEMENT.reason,
    });
  });

  it("the class takes every property the definition diffs, and no other input", () => {
    const drift = driftOf(inputDrift);
    expect(drift).toEqual({});
  });

  it("the class declares every output the definition compares an input with", () => {
    const drift = driftOf((kind, resource) => {
      const outputs = Object.keys(resource.properties);
      return (
        Object.entries(kind.properties)
          // Write-only values are never read back; an ignored one is never compared.
          .filter(([, rule]) => rule.writeOnly !== true && rule.rule !== "ignore")
          .map(([property, rule]) => rule.output ?? property)
          .filter((output) => !outputs.includes(output))
      );
    });
    expect(drift).toEqual({});
  });

  it("the class declares exactly the outputs the kind registers (outputNames)", () => {
    const drift = driftOf((kind, resource) => {
      const declared = Object.keys(resource.properties);
      return [
        ...declared.filter((o) => !kind.outputNames.includes(o)).map((o) => `class only: ${o}`),
        ...kind.outputNames.filter((o) => !declared.includes(o)).map((o) => `kind only: ${o}`),
      ];
    });
    expect(drift).toEqual({});
  });

  it("the schema marks every secret of the definition (an output, or an input the state keeps)", () => {
    const drift = driftOf((kind, resource) => {
      const marked = [
        ...Object.entries(resource.properties),
        ...Object.entries(resource.inputProperties),
      ]
        .filter(([, property]) => property.secret === true)
        .map(([name]) => name);
      return kind.secretOutputs.filter((output) => !marked.includes(output));
    });
    expect(drift).toEqual({});
  });

  it("reports drift where there is some (the check's own proof)", () => {
    const kind = kinds.find((k) => k.name === "SshKey");
    const resource = schema.resources["serverscom:index:SshKey"];
    if (kind === undefined || resource === undefined) throw new Error("SshKey not found");
    expect(inputDrift(kind, resource)).toEqual([]);
    const widened = { ...resource, inputProperties: { ...resource.inputProperties, extra: {} } };
    expect(inputDrift(kind, widened)).toEqual(["class only: extra"]);
    const { name: _name, ...narrowed } = resource.inputProperties;
    expect(inputDrift(kind, { ...resource, inputProperties: narrowed })).toEqual([
      "definition only: name",
    ]);
  });
});
