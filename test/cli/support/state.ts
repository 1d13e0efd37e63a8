// What the real CLI recorded: the stack's state through `pulumi stack export` (as a user reads
// it), and every file the CLI wrote, searched for secrets in clear.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { StoredResource } from "../../../scripts/engine/harness";
import { type CliSetup, expectSuccess, pulumi } from "./cli";

/** One resource of an exported deployment (apitype.ResourceV3, the fields read here). */
export interface ExportedResource {
  readonly urn: string;
  readonly type: string;
  readonly id?: string;
  readonly custom?: boolean;
  readonly inputs?: Record<string, unknown>;
  readonly outputs?: Record<string, unknown>;
  readonly initErrors?: string[];
  /** The provider asked the engine to Read it before the next update (a partial create). */
  readonly refreshBeforeUpdate?: boolean;
  readonly additionalSecretOutputs?: string[];
  readonly delete?: boolean;
  readonly pendingReplacement?: boolean;
}

export interface ExportedState {
  /** The custom resources of the serverscom provider (both doors), not pending deletion. */
  readonly resources: StoredResource[];
  /** Old generations the engine still has to delete (`delete: true`). */
  readonly pendingDeletes: StoredResource[];
  /** The deployment as exported (secrets stay sealed). */
  readonly raw: { deployment?: { resources?: ExportedResource[]; pending_operations?: unknown[] } };
}

const SERVERSCOM_TYPE = /^(pulumi-nodejs:dynamic\/serverscom:|serverscom:index:)/;

function stored(resource: ExportedResource): StoredResource {
  const name = resource.urn.split("::").at(-1) ?? resource.urn;
  return {
    urn: resource.urn,
    type: resource.type,
    name,
    id: resource.id ?? "",
    inputs: (resource.inputs ?? {}) as StoredResource["inputs"],
    outputs: (resource.outputs ?? {}) as StoredResource["outputs"],
    initErrors: resource.initErrors ?? [],
    refreshBeforeUpdate: resource.refreshBeforeUpdate === true,
    additionalSecretOutputs: resource.additionalSecretOutputs ?? [],
    secretInputs: [],
  };
}

/** `pulumi stack export --stack <stack>` in the project's folder, parsed. */
export async function exportState(
  setup: CliSetup,
  projectDir: string,
  stack: string,
): Promise<ExportedState> {
  const result = expectSuccess(
    await pulumi(setup, projectDir, ["stack", "export", "--stack", stack]),
  );
  const raw = JSON.parse(result.stdout) as ExportedState["raw"];
  const all = (raw.deployment?.resources ?? []).filter(
    (resource) => resource.custom === true && SERVERSCOM_TYPE.test(resource.type),
  );
  return {
    resources: all.filter((resource) => resource.delete !== true).map(stored),
    pendingDeletes: all.filter((resource) => resource.delete === true).map(stored),
    raw,
  };
}

/** Every file under `root` (the backend, PULUMI_HOME, the project's stack files). */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.name === "node_modules") continue;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile() && statSync(path).size < 64 * 1024 * 1024) out.push(path);
  }
  return out;
}

/**
 * The files under the given folders that hold one of `secrets` in clear (or base64, as a
 * checkpoint's raw bytes might), as `file: secret` lines. Empty when nothing leaked.
 */
export function secretsInFiles(folders: readonly string[], secrets: readonly string[]): string[] {
  const wanted = secrets.filter((secret) => secret.length >= 8);
  const hits: string[] = [];
  for (const folder of folders) {
    for (const file of filesUnder(folder)) {
      const text = readFileSync(file, "utf8");
      for (const secret of wanted) {
        const forms = [secret, Buffer.from(secret).toString("base64")];
        if (forms.some((form) => text.includes(form))) hits.push(`${file}: ${secret.slice(0, 4)}…`);
      }
    }
  }
  return hits;
}
