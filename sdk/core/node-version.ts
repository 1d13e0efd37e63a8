// The package needs Node.js 22 or newer (package.json `engines`). On older versions undici fails
// while loading, with a TypeError from deep inside it that names neither the package nor the
// cause, and npm does not enforce `engines` by default. The entry points load this first, so the
// user reads what is wrong (the Pulumi CLI shows it as the program's or provider's error).

/** The oldest Node.js major version the package runs on. */
export const MINIMUM_NODE_MAJOR = 22;

const major = Number.parseInt(process.versions.node, 10);
if (major < MINIMUM_NODE_MAJOR) {
  throw new Error(
    `pulumi-serverscom needs Node.js ${MINIMUM_NODE_MAJOR} or newer, but runs on Node.js ` +
      `${process.version} (${process.execPath}): install a newer Node.js (24 LTS is the one ` +
      "tested) and run Pulumi with it on PATH",
  );
}
