// An account brought under Pulumi in one step, through the real CLI (README.md, "Bring an
// existing account under Pulumi"): a first stack makes one object of every kind and is removed
// (its objects stripped of the ownership label, as objects made outside Pulumi carry none, but
// one: another stack still manages it); `serverscom-discover --out` lists the account;
// `pulumi import --file` imports all of it into a YAML project through the native plugin; with
// the README's additions written into the generated code, `pulumi preview --expect-no-changes`
// passes, and the only object no state records is the one another stack manages.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { ADDITIONS } from "../../../provider/discover/kinds";
import { expectSuccess } from "../support/cli";
import { secretsInFiles } from "../support/state";
import {
  certificateFiles,
  DECLARED,
  declaration,
  KEY_CONFIG,
  programBody,
  USER_DATA,
} from "../yaml/program";
import { useYamlStack } from "../yaml/stack";
import { discoverBin, forgetOwnership, type ImportSpec } from "./support";

/** What the first stack made: id -> its resource name there. */
const madeBy = new Map<string, string>();
/** The first stack's resource name -> id. */
const idOf = new Map<string, string>();
/** Kept by another stack. */
const OWNED = "data";

let specs: ImportSpec[] = [];

/** A type token in full (pulumi-yaml writes `serverscom:RbsVolume` for the index module). */
function typeOf(token: string | undefined): string | undefined {
  const parts = token?.split(":");
  return parts?.length === 2 ? `${parts[0]}:index:${parts[1]}` : token;
}

/** A declared value with references to the first stack's resources made literal ids. */
function literal(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const ref = /^\$\{([a-z0-9-]+)\.id\}$/.exec(value);
  return ref === null ? value : (idOf.get(ref[1] as string) ?? value);
}

const bed = useYamlStack("yaml-discover", () => programBody({ userData: true }));

describe("serverscom-discover, pulumi import --file, preview: a YAML project", () => {
  it("a first stack makes one object of every kind, then is removed, leaving them", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    for (const r of (await bed.stack.state()).resources) {
      if (!r.type.startsWith("serverscom:index:")) continue;
      madeBy.set(r.id, r.name);
      idOf.set(r.name, r.id);
    }
    expect(idOf.size).toBe(DECLARED.length);
    expectSuccess(await bed.stack.raw(["stack", "rm", "--force", "--yes"]));
    await forgetOwnership(bed.sim, [idOf.get(OWNED) ?? ""]);
    await bed.stack.init("adopted", bed.sim);
  });

  it("serverscom-discover --out: every object, the other stack's named and left out", async () => {
    const file = join(bed.stack.dir, "import.json");
    const result = await discoverBin(bed.stack.setup, bed.stack.dir, bed.sim, ["--out", file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    specs = (JSON.parse(readFileSync(file, "utf8")) as { resources: ImportSpec[] }).resources;
    const ids = specs.map((s) => s.id);
    for (const [name, id] of idOf) {
      if (name === OWNED) expect(ids).not.toContain(id);
      else expect(ids, name).toContain(id);
    }
    expect(result.stderr).toContain(`left out RbsVolume ${idOf.get(OWNED)} (`);
    expect(result.stderr).not.toContain(bed.sim.token);
  });

  it("pulumi import --file imports it all; with the additions, preview --expect-no-changes", async () => {
    bed.stack.program = stringify({ config: { [KEY_CONFIG]: { type: "string", secret: true } } });
    const out = join(bed.stack.dir, "adopted.yaml");
    const result = expectSuccess(
      await bed.stack.raw([
        "import",
        "--file",
        join(bed.stack.dir, "import.json"),
        "--out",
        out,
        "--yes",
        "--protect=false",
      ]),
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain("error:");
    const generated = parse(readFileSync(out, "utf8")) as {
      resources: Record<
        string,
        { type: string; properties?: Record<string, unknown>; options?: Record<string, unknown> }
      >;
    };
    const resources: typeof generated.resources = {};
    for (const spec of specs) {
      const resource = generated.resources[spec.name];
      expect(typeOf(resource?.type), spec.name).toBe(spec.type);
      if (resource === undefined) continue;
      // The README's additions, with the values the first stack declared.
      const kind = spec.type.replace("serverscom:index:", "") as keyof typeof ADDITIONS;
      const first = madeBy.get(spec.id);
      const declared = first === undefined ? {} : declaration(first, { userData: true }).properties;
      const added: Record<string, unknown> = {};
      for (const { property } of ADDITIONS[kind] ?? []) {
        if (property in declared) added[property] = literal(declared[property]);
      }
      resources[spec.name] = { ...resource, properties: { ...resource.properties, ...added } };
    }
    // Children come with the object they live on as their parent.
    const ptr = specs.find((s) => s.type === "serverscom:index:PtrRecord");
    expect(generated.resources[ptr?.name ?? ""]?.options?.parent).toBe(`\${${ptr?.parent}}`);
    bed.stack.program = stringify(
      { config: { [KEY_CONFIG]: { type: "string", secret: true } }, resources },
      { aliasDuplicateObjects: false, lineWidth: 0 },
    );
    expectSuccess(await bed.stack.raw(["preview", "--expect-no-changes", "--diff"]));
    // Nothing imported twice, nothing lost; unrecorded only the object another stack manages.
    const findings = await bed.stack.inventory.check(await bed.stack.state());
    expect(findings.map((f) => `${f.finding} ${f.object}`)).toEqual([
      `orphan rbs_volumes/${idOf.get(OWNED)}`,
    ]);
  });

  it("no secret in clear in any file the CLI wrote", async () => {
    const { key } = certificateFiles();
    const keyLines = key.split("\n").filter((line) => line.length >= 40);
    expect(
      secretsInFiles(
        [bed.stack.setup.backend],
        [bed.sim.token, key.trim(), ...keyLines, USER_DATA],
      ),
    ).toEqual([]);
  });
});
