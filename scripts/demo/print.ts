// What the demo prints, in the shape of the Pulumi CLI's output: one line per step with the
// resource's type, name and id, its outputs below it, then the stack outputs and a summary.
// Secret values are printed as [secret], as the CLI does.
import { EngineHarness, type StepOp, type StoredResource } from "../engine/harness";
import type { StackOutput } from "../engine/program";

const SECRET = "[secret]";

const SYMBOLS: Readonly<Record<StepOp, string>> = {
  create: "+ ",
  update: "~ ",
  replace: "+-",
  delete: "- ",
  same: "  ",
};

const PAST: Readonly<Record<StepOp, string>> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
  same: "unchanged",
};

const PLANNED: Readonly<Record<StepOp, string>> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
  same: "",
};

/** A value as the CLI shows it: strings quoted, objects and lists over indented lines. */
export function formatValue(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = `${indent}    `;
    const items = value.map((item, i) => `${inner}[${i}]: ${formatValue(item, inner)}`);
    return `[\n${items.join("\n")}\n${indent}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = `${indent}    `;
    const width = Math.max(...entries.map(([key]) => key.length));
    const lines = entries.map(
      ([key, item]) => `${inner}${key.padEnd(width)}: ${formatValue(item, inner)}`,
    );
    return `{\n${lines.join("\n")}\n${indent}}`;
  }
  if (value === undefined) return "undefined";
  return JSON.stringify(value);
}

/** `name: value` lines, aligned, with secrets masked. */
export function formatEntries(
  entries: readonly (readonly [string, unknown, boolean])[],
  indent: string,
): string[] {
  if (entries.length === 0) return [];
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries.map(
    ([key, value, secret]) =>
      `${indent}${key.padEnd(width)}: ${secret ? SECRET : formatValue(value, indent)}`,
  );
}

/** A resource's outputs, without the provider's own (`__provider`, the hidden inputs). */
export function resourceOutputLines(resource: StoredResource, indent: string): string[] {
  const secrets = EngineHarness.secretOutputs(resource);
  const entries = Object.entries(resource.outputs)
    .filter(([key, value]) => !key.startsWith("__") && value !== undefined)
    .map(([key, value]) => [key, value, secrets.includes(key)] as const);
  return formatEntries(entries, indent);
}

/** The line of one step: what happened (or, in a preview, would happen) to which resource. */
export function stepLine(op: StepOp, resource: StoredResource, planned: boolean): string {
  const status = planned ? PLANNED[op] : PAST[op];
  const id = resource.id === "" ? "" : `  id ${resource.id}`;
  return ` ${SYMBOLS[op]}  ${resource.type}  ${resource.name}  ${status}${id}`.trimEnd();
}

export function stackOutputLines(outputs: ReadonlyMap<string, StackOutput>): string[] {
  if (outputs.size === 0) return [];
  const entries = [...outputs].map(([name, { value, secret }]) => [name, value, secret] as const);
  return ["Outputs:", ...formatEntries(entries, "    ")];
}

/** "Resources:" with a count per kind of step, as the CLI's summary. */
export function summaryLines(ops: readonly StepOp[], planned: boolean): string[] {
  const counts = new Map<StepOp, number>();
  for (const op of ops) counts.set(op, (counts.get(op) ?? 0) + 1);
  const lines = [...counts].map(([op, count]) =>
    op === "same"
      ? `    ${count} unchanged`
      : `    ${SYMBOLS[op].trim()} ${count} ${planned ? `to ${PLANNED[op]}` : PAST[op]}`,
  );
  return ["Resources:", ...(lines.length === 0 ? ["    none"] : lines)];
}
