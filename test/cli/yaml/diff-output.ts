// What `pulumi preview --diff` printed, per resource: the step (refresh, update, replace, ...)
// and the changed properties (the "~ name: a => b", "- geoip: true", "+ x: 1" lines), from the
// CLI's diff display (pulumi/pulumi v3.274.1 pkg/backend/display/diff.go).

export interface DiffBlock {
  readonly kind: string;
  readonly op: string;
  readonly urn: string;
  /** The top-level properties the block names as changed. */
  readonly properties: readonly string[];
}

const HEADER = /^\s*[~+\-±<>]*\s*serverscom:index:(\w+): \(([\w-]+)\)\s*$/;
const URN = /^\s*\[urn=([^\]]+)\]\s*$/;
const PROPERTY = /^ {6}[~+\-±]{1,3} ([\w$]+)\s*:/;

export function diffBlocks(stdout: string): DiffBlock[] {
  const blocks: { kind: string; op: string; urn: string; properties: string[] }[] = [];
  for (const line of stdout.split("\n")) {
    const header = HEADER.exec(line);
    if (header !== null) {
      blocks.push({ kind: header[1] ?? "", op: header[2] ?? "", urn: "", properties: [] });
      continue;
    }
    const current = blocks.at(-1);
    if (current === undefined) continue;
    const urn = URN.exec(line);
    if (urn !== null && current.urn === "") {
      current.urn = urn[1] ?? "";
      continue;
    }
    const property = PROPERTY.exec(line);
    if (property !== null) current.properties.push(property[1] ?? "");
  }
  return blocks;
}
