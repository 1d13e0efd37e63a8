// The house's rules, read from the sources: no circle of imports in provider/, sdk/, simulator/
// or scripts/ (type-only imports count: a circle of types is still two modules that cannot be
// read apart), the arrows that run one way (docs/architecture.md, "The house"), and the size of
// the provider's framework modules (issue 27: none over 400 lines, so each keeps one job).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const FOLDERS = ["provider", "sdk", "simulator", "scripts"];

function sourcesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The file a relative specifier names (`./x` is x.ts or x/index.ts), or undefined. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    try {
      if (statSync(candidate).isFile() && candidate.endsWith(".ts")) return candidate;
    } catch {
      // Not this candidate.
    }
  }
  return undefined;
}

/** Every module of the folders, with the modules it imports (type-only and re-exports included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    for (const file of sourcesUnder(join(root, folder))) {
      const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = info.importedFiles
        .map((ref) => resolveImport(file, ref.fileName))
        .filter((target): target is string => target !== undefined);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/** The circles of the graph, each as the path that closes it (Tarjan's components, size > 1 or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((component) => component.map((file) => relative(root, file)).sort());
}

describe("the import graph", () => {
  const graph = importGraph();

  it("reads the modules it checks", () => {
    // A guard against a graph that checks nothing (a moved folder, a changed resolver).
    expect(graph.size).toBeGreaterThan(200);
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(edges).toBeGreaterThan(500);
  });

  it("has no circle of imports", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("finds a circle where there is one (the check's own proof)", () => {
    const made = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(made)).toHaveLength(1);
  });

  it("keeps the arrows one way: sdk/ imports nothing above it, nor @pulumi/pulumi", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = relative(root, file);
      for (const target of targets) {
        const to = relative(root, target);
        if (from.startsWith("sdk/") && !to.startsWith("sdk/")) wrong.push(`${from} -> ${to}`);
        if (from.startsWith("provider/") && /^(simulator|scripts)\//.test(to)) {
          wrong.push(`${from} -> ${to}`);
        }
        if (from.startsWith("simulator/") && /^(provider|scripts)\//.test(to)) {
          wrong.push(`${from} -> ${to}`);
        }
      }
      if (from.startsWith("sdk/") && readFileSync(file, "utf8").includes('"@pulumi/pulumi')) {
        wrong.push(`${from} -> @pulumi/pulumi`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the provider's framework", () => {
  it("has no module over 400 lines", () => {
    const folder = join(root, "provider", "framework");
    const long = sourcesUnder(folder)
      .map((file) => ({
        file: relative(root, file),
        lines: readFileSync(file, "utf8").split("\n").length,
      }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
