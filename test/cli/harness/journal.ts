// The steps and the state of one command, in a form both sides give: the real CLI (its engine
// events and `pulumi stack export`) and the engine harness (its journal and its state), so that
// test/cli/harness/against-cli.test.ts can hold one against the other.
//
// Resources are named `<Kind>::<name>` on both sides: the dynamic door's type token
// (pulumi-nodejs:dynamic/serverscom:<Kind>) and the native one's (serverscom:index:<Kind>) name
// the same kind, and the stack, the project and the engine's own resources (the stack, the
// default providers) are not what the harness models.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import {
  EngineHarness,
  type EngineOp,
  type JournalEntry,
  type StoredResource,
} from "../../../scripts/engine/harness";
import { PluginHost } from "../../../scripts/engine/plugin";
import { isSecretValue, type Properties } from "../../../scripts/engine/secrets";
import type { ExportedState } from "../support/state";

const SERVERSCOM_TYPE = /^(?:pulumi-nodejs:dynamic\/serverscom:|serverscom:index:)(\w+)$/;

/** `<Kind>::<name>` of a serverscom resource's URN, undefined for anything else. */
export function resourceKey(urn: string): string | undefined {
  const parts = urn.split("::");
  const kind = SERVERSCOM_TYPE.exec(parts[2] ?? "")?.[1];
  return kind === undefined ? undefined : `${kind}::${parts.at(-1)}`;
}

/** One step as both sides report it. */
export interface Step {
  readonly resource: string;
  readonly op: EngineOp;
  readonly result?: JournalEntry["result"];
}

const OUTCOMES: readonly string[] = ["same", "update", "delete"];

/**
 * The steps of the CLI's engine events, as they started (resourcePreEvent, in the order the
 * engine emitted them), a refresh with the op of its resOutputsEvent when that says what it found
 * (`pulumi refresh` only: pulumi/pulumi v3.274.1 pkg/engine/update.go:1444-1452).
 */
export function cliSteps(events: readonly EngineEvent[]): Step[] {
  const steps: Step[] = [];
  const refreshAt = new Map<string, number>();
  for (const event of events) {
    const pre = event.resourcePreEvent?.metadata;
    if (pre !== undefined) {
      const resource = resourceKey(pre.urn);
      if (resource === undefined) continue;
      refreshAt.delete(resource);
      if (pre.op === "refresh") refreshAt.set(resource, steps.length);
      steps.push({ resource, op: pre.op as EngineOp });
      continue;
    }
    const done = event.resOutputsEvent?.metadata;
    if (done === undefined) continue;
    const resource = resourceKey(done.urn);
    const at = resource === undefined ? undefined : refreshAt.get(resource);
    const step = at === undefined ? undefined : steps[at];
    // The refresh step's own end; a preview's next step of the resource starts a new entry.
    if (resource !== undefined) refreshAt.delete(resource);
    if (step !== undefined && OUTCOMES.includes(done.op)) {
      steps[at as number] = { ...step, result: done.op as JournalEntry["result"] };
    }
  }
  return steps;
}

/** The harness's journal entries, in the same words. */
export function harnessSteps(journal: readonly JournalEntry[], preview = false): Step[] {
  return journal.flatMap((entry) => {
    const resource = resourceKey(entry.urn);
    if (resource === undefined) return [];
    // A preview's events do not say what a refresh found (update.go:1667: `isRefresh` only).
    const result = preview ? undefined : entry.result;
    return [result === undefined ? { resource, op: entry.op } : { resource, op: entry.op, result }];
  });
}

/**
 * Each resource's steps in order. Steps of different resources run in parallel in the engine, so
 * only each resource's own sequence is fixed (and with it the order of a replacement's steps).
 */
export function byResource(steps: readonly Step[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const step of steps) {
    const label = step.result === undefined ? step.op : `${step.op}:${step.result}`;
    out[step.resource] ??= [];
    out[step.resource]?.push(label);
  }
  return out;
}

/** What a state records of one resource, comparable across two runs against two simulators. */
export interface RecordedResource {
  readonly id: boolean;
  /** The inputs; a secret's value is not compared (its ciphertext differs), only its name. */
  readonly inputs: Properties;
  readonly outputKeys: readonly string[];
  /** Top-level inputs and outputs stored sealed. */
  readonly secretInputs: readonly string[];
  readonly secretOutputs: readonly string[];
  readonly initErrors: number;
  /** The engine Reads it before the next command (a lost create's placeholder, plugin door). */
  readonly refreshBeforeUpdate: boolean;
  /** An old generation waiting for its delete. */
  readonly pendingDelete: boolean;
}

/** Inputs the comparison leaves out: the dynamic door's serialised code (identical, and long). */
const UNCOMPARED_INPUTS = ["__provider"];

function secretKeys(props: Properties): string[] {
  return Object.keys(props)
    .filter((key) => isSecretValue(props[key]))
    .sort();
}

function comparable(inputs: Properties, secret: readonly string[]): Properties {
  return Object.fromEntries(
    Object.entries(inputs)
      .filter(([key]) => !UNCOMPARED_INPUTS.includes(key))
      .map(([key, value]) => [key, secret.includes(key) ? "[secret]" : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

function recorded(
  resource: StoredResource,
  pendingDelete: boolean,
  secretInputs: readonly string[],
  secretOutputs: readonly string[],
): RecordedResource {
  return {
    id: resource.id !== "",
    inputs: comparable(resource.inputs, secretInputs),
    outputKeys: Object.keys(resource.outputs).sort(),
    secretInputs: [...secretInputs].sort(),
    secretOutputs: [...secretOutputs].sort(),
    initErrors: resource.initErrors.length,
    refreshBeforeUpdate: resource.refreshBeforeUpdate === true,
    pendingDelete,
  };
}

/** The state `pulumi stack export` gave, resource by resource (old generations as `<key>#old`). */
export function cliState(state: ExportedState): Record<string, RecordedResource> {
  const out: Record<string, RecordedResource> = {};
  for (const [list, pending] of [
    [state.resources, false],
    [state.pendingDeletes, true],
  ] as const) {
    for (const resource of list) {
      const key = `${resourceKey(resource.urn)}${pending ? "#old" : ""}`;
      out[key] = recorded(
        resource,
        pending,
        secretKeys(resource.inputs),
        secretKeys(resource.outputs),
      );
    }
  }
  return out;
}

/**
 * The harness's state in the same form. What it stores sealed: the secret inputs, and as outputs
 * the additional secret outputs and the secret inputs' names (EngineHarness.secretOutputs); with
 * the plugin door, also what the plugin sealed in its answers (it accepts secrets, so the engine
 * keeps its marks: pulumi/pulumi v3.274.1 pkg/resource/plugin/provider_plugin.go, Create with
 * KeepSecrets).
 */
export function harnessState(
  harness: EngineHarness,
  door: "dynamic" | "plugin",
): Record<string, RecordedResource> {
  const out: Record<string, RecordedResource> = {};
  const add = (resource: StoredResource, pending: boolean) => {
    const sealed = door === "plugin" ? (PluginHost.sealedSecrets.get(resource.urn) ?? []) : [];
    const secretOutputs = [
      ...new Set([...EngineHarness.secretOutputs(resource), ...sealed]),
    ].filter((key) => key in resource.outputs);
    const key = `${resourceKey(resource.urn)}${pending ? "#old" : ""}`;
    out[key] = recorded(resource, pending, resource.secretInputs, secretOutputs);
  };
  for (const resource of harness.state.values()) add(resource, false);
  for (const resource of harness.pendingDeletes) add(resource, true);
  return out;
}

/**
 * The provider's progress lines, by the object they name (`serverscom:<Kind> <name>`), each
 * resource's in order, the parts that differ between two runs (ids, durations, times) blanked.
 * The CLI shows them as diagnostics (the dynamic host's stderr, the plugin's engine log); the
 * harness collects them in `stderr`.
 */
export function progressLines(lines: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of lines) {
    const match = /^(serverscom:\w+ \S+)(.*)$/.exec(line.trim());
    if (match === null) continue;
    const [, subject = "", rest = ""] = match;
    const text = rest
      .replace(/\([^()\s]+\)/g, "(id)")
      .replace(/not adopting \S+,/g, "not adopting (id),")
      .replace(/after \d+(?:\.\d+)?m?s/g, "after (time)")
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)");
    out[subject] ??= [];
    out[subject]?.push(text);
  }
  return out;
}

/** The messages of the CLI's diagnostic events at info level (what providers print). */
export function cliDiagnostics(events: readonly EngineEvent[]): string[] {
  return events.flatMap((event) => {
    const diagnostic = event.diagnosticEvent;
    if (diagnostic === undefined || !diagnostic.severity.startsWith("info")) return [];
    return diagnostic.message.split("\n").filter((line) => line.trim() !== "");
  });
}
