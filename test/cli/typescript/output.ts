// Reading what the real CLI printed: everything of a command, and the per-resource blocks of a
// `--diff` preview (InlineStack already gives the CLI's own exit code: support/inline.ts).
import type { CliResult } from "../support/cli";

/** Everything the command printed (the Automation API puts a failed command's in stderr). */
export const printed = (result: CliResult) => `${result.stdout}\n${result.stderr}`;

/** One resource's block of a `--diff` display: `<type>: (<op>)`, its `[urn=...]`, its lines. */
export interface DiffBlock {
  readonly type: string;
  readonly op: string;
  readonly name: string;
  readonly body: string;
}

const HEADER = /^\s*(?:\+-|[-+~])?\s*([\w:/-]+): \(([\w-]+)\)\s*$/;

/** The blocks of a `pulumi preview --diff` output, in order (a refresh block, then the step's). */
export function diffBlocks(text: string): DiffBlock[] {
  const blocks: { type: string; op: string; lines: string[] }[] = [];
  for (const line of text.split("\n")) {
    const header = HEADER.exec(line);
    if (header !== null) {
      blocks.push({ type: header[1] ?? "", op: header[2] ?? "", lines: [] });
      continue;
    }
    blocks.at(-1)?.lines.push(line);
  }
  return blocks.map(({ type, op, lines }) => {
    const urn = lines.map((line) => /\[urn=([^\]]+)\]/.exec(line)?.[1]).find((u) => u);
    return { type, op, name: urn?.split("::").at(-1) ?? "", body: lines.join("\n") };
  });
}

/** The block of one resource and operation; throws, with the output, when there is none. */
export function blockOf(text: string, type: string, name: string, op: string): DiffBlock {
  const found = diffBlocks(text).find(
    (block) => block.type === type && block.name === name && block.op === op,
  );
  if (found === undefined) throw new Error(`no (${op}) block for ${type} ${name} in:\n${text}`);
  return found;
}
