// The package needs Node.js 22.19 or newer (package.json `engines`): the highest minimum among its
// dependencies, undici 8's `>=22.19.0` (test/package/node-version.test.ts checks the two agree).
// On an older version undici fails while loading, with a TypeError from deep inside it that names
// neither the package nor the cause (22.12: "Cannot read properties of undefined (reading 'bind')"
// in undici/lib/interceptor/decompress.js), and npm does not enforce `engines` by default. The
// entry points load this first, so the user reads what is wrong (the Pulumi CLI shows it as the
// program's or provider's error).

/** The oldest Node.js version the package runs on, as [major, minor, patch]. */
export const MINIMUM_NODE_VERSION = [22, 19, 0] as const;

/** The minimum as text, "22.19.0". */
export const MINIMUM_NODE = MINIMUM_NODE_VERSION.join(".");

/**
 * Whether a Node.js version (`process.versions.node`, "22.18.0", or with a leading "v") is older
 * than the minimum, comparing major, then minor, then patch. Text that is not a version is not
 * judged: the guard must never stop a Node.js it cannot read.
 */
export function isNodeTooOld(version: string): boolean {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return false;
  const found = [Number(match[1]), Number(match[2]), Number(match[3])];
  for (const [index, needed] of MINIMUM_NODE_VERSION.entries()) {
    const part = found[index] ?? 0;
    if (part !== needed) return part < needed;
  }
  return false;
}

/** The error the entry points throw on a Node.js older than the minimum. */
export function nodeTooOldMessage(version: string, execPath: string): string {
  return (
    `pulumi-serverscom needs Node.js ${MINIMUM_NODE} or newer, but runs on Node.js v${version.replace(/^v/, "")} ` +
    `(${execPath}): install a newer Node.js (24 LTS is the one tested) and run Pulumi with it on ` +
    "PATH"
  );
}

if (isNodeTooOld(process.versions.node)) {
  throw new Error(nodeTooOldMessage(process.versions.node, process.execPath));
}
