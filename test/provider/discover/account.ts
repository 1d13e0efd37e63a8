// A simulated account holding objects of every kind, for the discovery tests: the all-kinds
// TypeScript program (test/cli/typescript/all-kinds.ts) run through the engine harness makes one
// object of each, then its stack is forgotten. Most objects lose the ownership label (objects
// made outside Pulumi carry none); those of OWNED keep it: another stack still manages them.
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import { repoRoot } from "../../../scripts/engine/repo";
import { OBJECT_KINDS } from "../../../scripts/soak/kinds";
import { type Simulator, startSimulator, type WireRecord } from "../../../simulator";
import { allKinds } from "../../cli/typescript/all-kinds";
import { simulatorHarness } from "../../engine/harness";

/** Objects another stack keeps (by the all-kinds program's resource name). */
export const OWNED = ["data", "zone"] as const;

export interface SeededAccount {
  readonly sim: Simulator;
  /** Resource name -> [kind, id] of what the program made. */
  readonly made: ReadonlyMap<string, { kind: string; id: string }>;
}

/** The collections of objects that carry labels, and the key each is stored by. */
export const LABELLED_COLLECTIONS = [
  ...new Set(
    Object.values(OBJECT_KINDS)
      .filter((k) => k.unlabeled !== true)
      .map((k) => k.collection),
  ),
];

function labelsOf(record: WireRecord): Record<string, string> | undefined {
  const labels = record.labels;
  return typeof labels === "object" && labels !== null && !Array.isArray(labels)
    ? (labels as Record<string, string>)
    : undefined;
}

export async function seededAccount(): Promise<SeededAccount> {
  const sim = await startSimulator({ speed: 3000 });
  const harness = simulatorHarness(sim, {
    projectDir: repoRoot(),
    project: "discover-seed",
    stack: "seed",
    reuseHost: true,
  });
  try {
    await harness.up(allKinds());
  } finally {
    await harness.close();
  }
  const made = new Map<string, { kind: string; id: string }>();
  for (const r of harness.state.values()) {
    const kind = r.type.split(":").at(-1) ?? r.type;
    made.set(r.name, { kind, id: r.id });
  }
  const keep = new Set(OWNED.map((name) => made.get(name)?.id));
  for (const collection of LABELLED_COLLECTIONS) {
    for (const record of await sim.control.records(collection)) {
      const labels = labelsOf(record);
      if (labels === undefined || !(OWNER_LABEL_KEY in labels)) continue;
      if (keep.has(String(record.id))) continue;
      const { [OWNER_LABEL_KEY]: _, ...rest } = labels;
      const key = collection === "ssh_keys" ? String(record.fingerprint) : String(record.id);
      await sim.control.patch(collection, key, { labels: rest });
    }
  }
  return { sim, made };
}
