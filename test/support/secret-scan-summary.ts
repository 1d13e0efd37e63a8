// The secret scan's totals across a run (vitest globalSetup): gives every test file's process a
// folder of this run for its totals (secret-scan.ts writes them after the file), then adds them
// up, writes test/.secret-scan/summary.json and prints one line, so "N texts scanned, 0 hits" is
// a number a reviewer can quote rather than a belief.
//
// Each run has a folder of its own: several runs may share the repository at once (a watch
// mode, a second terminal). A folder left by a run that crashed is removed after an hour.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot } from "../../scripts/engine/repo";
import type { ChannelTotals, Hit } from "./captured";

const HOUR_MS = 60 * 60 * 1000;

interface FileTotals {
  readonly file: string;
  readonly texts: number;
  readonly bytes: number;
  readonly secrets: number;
  readonly byChannel: Record<string, ChannelTotals>;
  readonly hits: readonly Hit[];
}

function removeStaleRuns(runs: string): void {
  for (const entry of readdirSync(runs)) {
    const path = join(runs, entry);
    try {
      if (Date.now() - statSync(path).mtimeMs > HOUR_MS) rmSync(path, { recursive: true });
    } catch {
      // Another run removed it first.
    }
  }
}

export default function setup(project: TestProject): () => void {
  const root = join(repoRoot(), "test", ".secret-scan");
  const runs = join(root, "runs");
  mkdirSync(runs, { recursive: true });
  removeStaleRuns(runs);
  const dir = join(runs, `${process.pid}-${Date.now()}`);
  mkdirSync(dir);
  project.provide("secretScanDir", dir);

  return () => {
    const files = readdirSync(dir).map(
      (name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as FileTotals,
    );
    rmSync(dir, { recursive: true, force: true });
    const sum = (pick: (f: FileTotals) => number) => files.reduce((n, f) => n + pick(f), 0);
    const byChannel: Record<string, ChannelTotals> = {};
    for (const f of files) {
      for (const [channel, totals] of Object.entries(f.byChannel)) {
        const into = byChannel[channel] ?? { texts: 0, bytes: 0 };
        byChannel[channel] = into;
        into.texts += totals.texts;
        into.bytes += totals.bytes;
      }
    }
    const summary = {
      finishedAt: new Date().toISOString(),
      files: files.length,
      filesWithCaptures: files.filter((f) => f.texts > 0).length,
      texts: sum((f) => f.texts),
      bytes: sum((f) => f.bytes),
      // Each file searches for the secrets it came to know: a sum over files, not distinct ones.
      secretsSearched: sum((f) => f.secrets),
      hits: sum((f) => f.hits.length),
      byChannel,
      perFile: files
        .map(({ file, texts, bytes, secrets, hits }) => ({
          file,
          texts,
          bytes,
          secrets,
          hits: hits.length,
        }))
        .sort((a, b) => a.file.localeCompare(b.file)),
      hitsFound: files.flatMap((f) => f.hits.map((hit) => ({ file: f.file, ...hit }))),
    };
    writeFileSync(join(root, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `secret scan: ${summary.texts} texts (${summary.bytes} bytes) captured by ` +
        `${summary.filesWithCaptures} of ${summary.files} test files, searched for their ` +
        `secrets (${summary.secretsSearched}, counted per file): ${summary.hits} hits ` +
        "(test/.secret-scan/summary.json)",
    );
  };
}
