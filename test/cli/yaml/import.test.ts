// `pulumi import` through the real CLI, for every kind: objects a first stack made (then forgot,
// and stripped of their ownership labels, as objects made outside Pulumi carry none) are
// imported one by one with `--out`, the generated YAML names the right type, the README's
// additions (README.md, "Other languages and `pulumi import`", the import table) are written in,
// and `pulumi preview --expect-no-changes` passes; then all at once with `--file`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import type { StoredResource } from "../../../scripts/engine/harness";
import { expectSuccess } from "../support/cli";
import { secretsInFiles } from "../support/state";
import { ADDITIONS, WARNED } from "./additions";
import {
  certificateFiles,
  DECLARED,
  declaration,
  KEY_CONFIG,
  programBody,
  USER_DATA,
} from "./program";
import { useYamlStack } from "./stack";

/** What the first stack made: resource name → its state entry. */
const made = new Map<string, StoredResource>();
/** The imported program's resources, as the generated code and the additions make them. */
const imported: Record<string, { type: string; properties: Record<string, unknown> }> = {};

/** Collections whose objects carry labels (the ownership label among them). */
const LABELLED = [
  "rbs_volumes",
  "sbm_servers",
  "dedicated_servers",
  "cloud_instances",
  "l2_segments",
  "ssh_keys",
  "ssl_certificates",
  "kubernetes_clusters",
  "l4_load_balancers",
  "l7_load_balancers",
  "cloud_volumes",
  "cloud_backups",
  "dns_domains",
];

/** Removes the ownership label from every object: what nothing made through Pulumi carries. */
async function forgetOwnership(): Promise<void> {
  for (const collection of LABELLED) {
    for (const record of await bed.sim.control.records(collection)) {
      const labels = record.labels;
      if (typeof labels !== "object" || labels === null || Array.isArray(labels)) continue;
      if (!(OWNER_LABEL_KEY in labels)) continue;
      const { [OWNER_LABEL_KEY]: _, ...rest } = labels;
      const key = collection === "ssh_keys" ? String(record.fingerprint) : String(record.id);
      await bed.sim.control.patch(collection, key, { labels: rest });
    }
  }
}

/**
 * The id the README's import table gives for the object: a snapshot's names its instance
 * ("<regionId>/<instanceId>/<snapshotId>"); `--file` below imports it by its id alone.
 */
function importId(name: string, kind: string): string {
  const id = made.get(name)?.id ?? "";
  if (kind !== "CloudSnapshot") return id;
  const [region, snapshot] = id.split("/");
  return `${region}/${made.get("app")?.id ?? ""}/${snapshot}`;
}

/** The named inputs as the first stack's program declared them (the README's additions). */
function added(name: string, keys: readonly string[]): Record<string, unknown> {
  const declared = declaration(name, { userData: true }).properties;
  return Object.fromEntries(keys.flatMap((key) => (key in declared ? [[key, declared[key]]] : [])));
}

/**
 * The inputs the CLI's warnings name ("property drives value {<nil>} has a problem"), sorted; any
 * other warning fails the test.
 */
function warnedProperties(printed: string): string[] {
  const names = new Set<string>();
  for (const line of printed.split("\n")) {
    if (!line.includes("warning:")) continue;
    const property = /property (\w+) value .* has a problem/.exec(line)?.[1];
    if (property !== undefined) names.add(property);
    else if (!line.includes("One or more imported inputs failed to validate"))
      names.add(line.trim());
  }
  return [...names].sort();
}

/**
 * A type token in full. pulumi-yaml's code generator writes a token of the `index` module in its
 * short form, `serverscom:RbsVolume` (pulumi/pulumi-yaml v1.25.0 pkg/pulumiyaml/codegen/gen_program.go:867,
 * collapseToken), which YAML programs read as `serverscom:index:RbsVolume`.
 */
function typeOf(token: string | undefined): string | undefined {
  const parts = token?.split(":");
  return parts?.length === 2 ? `${parts[0]}:index:${parts[1]}` : token;
}

/** The program of the imported resources (a Pulumi.yaml body), the key still from config. */
function importedProgram(override: typeof imported = {}): string {
  return stringify(
    {
      config: { [KEY_CONFIG]: { type: "string", secret: true } },
      resources: { ...imported, ...override },
    },
    { aliasDuplicateObjects: false, lineWidth: 0 },
  );
}

const bed = useYamlStack("yaml-import", () => programBody({ userData: true }));

describe("pulumi import of every kind through the real CLI", () => {
  it("a first stack makes one object of every kind, then is removed, leaving them", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    for (const resource of (await bed.stack.state()).resources) made.set(resource.name, resource);
    expectSuccess(await bed.stack.raw(["stack", "rm", "--force", "--yes"]));
  });

  // Issue 25, item 4: an object that still carries another resource's owner label is refused.
  it("pulumi import of an object another resource owns is refused, naming the owner", async () => {
    await bed.stack.init("takeover", bed.sim);
    const result = await bed.stack.raw([
      "import",
      "serverscom:index:RbsVolume",
      "data",
      made.get("data")?.id ?? "",
      "--yes",
      "--protect=false",
    ]);
    const printed = `${result.stdout}\n${result.stderr}`;
    expect(result.code, printed).not.toBe(0);
    expect(printed).toContain(`${OWNER_LABEL_KEY}=`);
    expect(printed).toContain("pulumi state delete");
    expect((await bed.stack.state()).resources.filter((r) => r.type.includes("RbsVolume"))).toEqual(
      [],
    );
    expectSuccess(await bed.stack.raw(["stack", "rm", "--force", "--yes"]));
    await forgetOwnership();
    await bed.stack.init("imported", bed.sim);
    bed.stack.program = importedProgram();
  });

  for (const { name, kind } of DECLARED) {
    it(`pulumi import serverscom:index:${kind} ${name} <id> --out: the generated code names the type`, async () => {
      const id = importId(name, kind);
      const out = join(bed.stack.dir, `${name}.import.yaml`);
      const result = expectSuccess(
        await bed.stack.raw([
          "import",
          `serverscom:index:${kind}`,
          name,
          id,
          "--out",
          out,
          "--yes",
          "--protect=false",
        ]),
      );
      const generated = parse(readFileSync(out, "utf8")) as {
        resources: Record<string, { type: string; properties?: Record<string, unknown> }>;
      };
      const resource = generated.resources[name];
      expect(typeOf(resource?.type)).toBe(`serverscom:index:${kind}`);
      // The backup's volume, which its record names only by the platform's uuid, is found.
      if (kind === "CloudVolumeBackup") {
        expect(resource?.properties?.volumeId).toBe(made.get("vol")?.id);
      }
      // The snapshot's instance comes from the import id, checked against the API; the state
      // keeps the resource's own id, "<regionId>/<snapshotId>".
      if (kind === "CloudSnapshot") {
        expect(resource?.properties?.instanceId).toBe(made.get("app")?.id);
        const entry = (await bed.stack.state()).resources.find((r) => r.name === name);
        expect(entry?.id).toBe(made.get(name)?.id);
      }
      // A clean import: the engine's import Check (step.go, ImportStep) warns only about the
      // write-only inputs the README's table says to add, nothing else.
      const printed = `${result.stdout}\n${result.stderr}`;
      expect(warnedProperties(printed), printed).toEqual([...(WARNED[kind] ?? [])].sort());
      // The README's additions: write-only values taken as declared, never a reason to
      // reinstall or replace (an SbmServer's userData included: issue 25, item 1).
      const additions = ADDITIONS[kind] ?? [];
      imported[name] = {
        type: `serverscom:index:${kind}`,
        properties: { ...resource?.properties, ...added(name, additions) },
      };
    });
  }

  it("with every object imported and the README's additions: preview --expect-no-changes", async () => {
    bed.stack.program = importedProgram();
    expectSuccess(await bed.stack.run(["preview", "--expect-no-changes", "--diff"]));
  });

  it("pulumi import --file: every kind at once into another stack, then no change", async () => {
    expectSuccess(await bed.stack.raw(["stack", "rm", "--force", "--yes"]));
    await bed.stack.init("bulk", bed.sim);
    bed.stack.program = importedProgram();
    const file = bed.stack.writeFile(
      "import.json",
      JSON.stringify({
        resources: DECLARED.map(({ name, kind }) => ({
          type: `serverscom:index:${kind}`,
          name,
          id: made.get(name)?.id ?? "",
        })),
      }),
    );
    const out = join(bed.stack.dir, "bulk.import.yaml");
    const result = expectSuccess(
      await bed.stack.run(["import", "--file", file, "--out", out, "--yes", "--protect=false"]),
    );
    const printed = `${result.stdout}\n${result.stderr}`;
    const warned = DECLARED.flatMap(({ kind }) => WARNED[kind] ?? []);
    expect(warnedProperties(printed), printed).toEqual([...new Set(warned)].sort());
    const generated = parse(readFileSync(out, "utf8")) as {
      resources: Record<string, { type: string }>;
    };
    for (const { name, kind } of DECLARED) {
      expect(typeOf(generated.resources[name]?.type), name).toBe(`serverscom:index:${kind}`);
    }
    // By "<regionId>/<snapshotId>" alone, the snapshot's instance is found by asking the
    // region's instances; imported together, the code refers to it.
    const golden = (generated.resources as Record<string, { properties?: Record<string, unknown> }>)
      .golden;
    expect(golden?.properties?.instanceId).toBe(`\${app.id}`);
    expectSuccess(await bed.stack.run(["preview", "--expect-no-changes", "--diff"]));
  });

  it("destroy --yes deletes the imported objects", async () => {
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect((await bed.stack.state()).resources).toEqual([]);
  });

  it("no secret in clear in any file the CLI wrote", async () => {
    const { key } = certificateFiles();
    const passwords = (await bed.sim.control.records("rbs_volumes")).map((v) =>
      String(v._password),
    );
    const keyLines = key.split("\n").filter((line) => line.length >= 40);
    expect(
      secretsInFiles([bed.root], [bed.sim.token, key.trim(), ...keyLines, ...passwords]),
    ).toEqual([]);
    // User data is a secret input (the schema says so): sealed in every state, though the
    // program holds it in clear.
    expect(secretsInFiles([bed.stack.setup.backend], [USER_DATA])).toEqual([]);
  });
});
