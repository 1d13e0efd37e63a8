// What the discovery suites share: the package's `serverscom-discover` bin run from a project's
// node_modules/.bin, as a user runs it after `npm install pulumi-serverscom`, and the ownership
// label taken off objects a first stack made (objects made outside Pulumi carry none).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { expect } from "vitest";
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import type { Finding } from "../../../scripts/soak/inventory";
import { OBJECT_KINDS } from "../../../scripts/soak/kinds";
import type { Simulator, WireRecord } from "../../../simulator";
import type { CliSetup } from "../support/cli";

/** One entry of the import file `serverscom-discover --out` writes (`pulumi import --file`). */
export interface ImportSpec {
  type: string;
  name: string;
  id: string;
  parent?: string;
}

export interface DiscoverResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node_modules/.bin/serverscom-discover <args>` in the project folder, token from the environment. */
export function discoverBin(
  setup: CliSetup,
  projectDir: string,
  sim: Simulator,
  args: readonly string[],
): Promise<DiscoverResult> {
  return new Promise((resolve, reject) => {
    execFile(
      join(projectDir, "node_modules", ".bin", "serverscom-discover"),
      args,
      {
        cwd: projectDir,
        env: { ...setup.env, SERVERSCOM_API_TOKEN: sim.token, SERVERSCOM_API_URL: sim.url },
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== "number") {
          reject(new Error(`serverscom-discover: ${error.message}\n${stderr}`));
          return;
        }
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}

/** Collections whose objects carry labels. */
const LABELLED = [
  ...new Set(
    Object.values(OBJECT_KINDS)
      .filter((k) => k.unlabeled !== true)
      .map((k) => k.collection),
  ),
];

/** Takes the ownership label off every object but those whose ids are kept. */
export async function forgetOwnership(sim: Simulator, keep: readonly string[]): Promise<void> {
  for (const collection of LABELLED) {
    for (const record of await sim.control.records(collection)) {
      const labels = record.labels as WireRecord["labels"];
      if (typeof labels !== "object" || labels === null || Array.isArray(labels)) continue;
      if (!(OWNER_LABEL_KEY in labels)) continue;
      if (keep.includes(String(record.id))) continue;
      const { [OWNER_LABEL_KEY]: _, ...rest } = labels;
      const key = collection === "ssh_keys" ? String(record.fingerprint) : String(record.id);
      await sim.control.patch(collection, key, { labels: rest });
    }
  }
}

/**
 * The inventory after the adoption: nothing recorded twice, nothing lost; unrecorded (orphan)
 * only what another stack manages (`others`, the ids it kept) and its zone's DNS record.
 */
export function expectOnlyOthersUnrecorded(
  findings: readonly Finding[],
  others: readonly (string | undefined)[],
): void {
  for (const finding of findings) {
    expect(finding.finding, JSON.stringify(finding)).toBe("orphan");
    expect(
      others.some((id) => id !== undefined && finding.object.endsWith(id)) ||
        finding.kind === "DnsRecord",
      JSON.stringify(finding),
    ).toBe(true);
  }
}
