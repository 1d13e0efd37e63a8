// The command line, as a function: cli.ts only wires it to the process, so tests can run it
// in-process with arguments and read what it prints.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Area } from "./contract";
import { DEFAULT_SPEED } from "./engine";
import { type FaultOptions, validateFaultOptions } from "./faults";
import type { SeedOptions, SimulatorOptions } from "./options";
import { type RateLimitOptions, validateRateLimitOptions } from "./rate-limit";
import { runSimulator, type Simulator } from "./simulator";

export const DEFAULT_CLI_PORT = 8080;

export const USAGE = `Usage: serverscom-simulator [options]

A local simulator of the servers.com public API (every path under /v1).

Options:
  --port <n>          TCP port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <address>    interface to listen on (default 127.0.0.1)
  --token <text>      bearer token to require (default: a random one, printed)
  --speed <factor>    simulated ms per real ms (default ${DEFAULT_SPEED}: a minute per second;
                      1 is real time, 0 stops the clock except for the advance hook)
  --state-file <path> keep the state in this file; a restart resumes it
  --faults <json>     fault injection: JSON text or the path of a JSON file, e.g.
                      '{"seed":1,"rules":[{"kind":"rateLimit","probability":0.1}]}'
                      kinds: latency (with delayMs), error5xx, rateLimit, dropConnection,
                      dropResponseAfterApply, lateCommit (504 now, applied delayMs of
                      simulated time later; status 0 drops the connection instead),
                      foreignTwin (504, the caller's create never applied; the same
                      create without labels applied as another program's),
                      rateLimitHeaders (the answer carries the rule's "headers" as
                      they are, hostile rate-limit values; with status 429 the
                      request is refused with them),
                      holdTransitions (applied, but what it starts waits until the
                      faults change: set through the hooks; here, for the whole run);
                      a rule may name a method and a path
  --rate-limit <n/s>  enforce a rate limit: n requests per s simulated seconds (e.g. 2000/3600),
                      with X-RateLimit-* headers on every answer and 429 past the budget
  --seed <json>       changes to the seed (catalogue, account, records): JSON text or a file
  --start-time <iso>  simulated time at the first start (default now)
  -h, --help          show this help
`;

export class CliUsageError extends Error {
  override name = "CliUsageError";
}

/** JSON given inline (it starts with "{") or as the path of a file holding it. */
function jsonArgument(name: string, value: string): unknown {
  const text = value.trimStart().startsWith("{") ? value : readFileSync(value, "utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliUsageError(`--${name}: not valid JSON (${String(error)})`);
  }
}

function numberArgument(name: string, value: string, test: (n: number) => boolean): number {
  const n = Number(value);
  if (value.trim() === "" || !test(n))
    throw new CliUsageError(`--${name}: invalid value ${JSON.stringify(value)}`);
  return n;
}

/** The simulator options the arguments ask for, or "help". Throws CliUsageError. */
export function parseCliArgs(argv: readonly string[]): SimulatorOptions | "help" {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  if (v.help === true) return "help";
  let faults: FaultOptions | undefined;
  if (v.faults !== undefined) {
    try {
      faults = validateFaultOptions(jsonArgument("faults", v.faults));
    } catch (error) {
      if (error instanceof RangeError) throw new CliUsageError(`--faults: ${error.message}`);
      throw error;
    }
  }
  const port = numberArgument(
    "port",
    v.port ?? String(DEFAULT_CLI_PORT),
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  );
  return {
    port,
    ...(v.host === undefined ? {} : { host: v.host }),
    ...(v.token === undefined ? {} : { token: v.token }),
    ...(v.speed === undefined
      ? {}
      : { speed: numberArgument("speed", v.speed, (n) => Number.isFinite(n) && n >= 0) }),
    ...(v["state-file"] === undefined ? {} : { stateFile: v["state-file"] }),
    ...(faults === undefined ? {} : { faults }),
    ...(v["rate-limit"] === undefined ? {} : { rateLimit: rateLimitArgument(v["rate-limit"]) }),
    ...(v.seed === undefined ? {} : { seed: jsonArgument("seed", v.seed) as SeedOptions }),
    ...(v["start-time"] === undefined ? {} : { startTime: v["start-time"] }),
  };
}

/** `<requests>/<seconds>`, such as 2000/3600 (the API's documented 2,000 requests per hour). */
function rateLimitArgument(text: string): RateLimitOptions {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  try {
    return validateRateLimitOptions({
      limit: match === null ? Number.NaN : Number(match[1]),
      windowSeconds: match === null ? Number.NaN : Number(match[2]),
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CliUsageError(
        `--rate-limit: "${text}" is not <requests>/<seconds> (such as 2000/3600): ${error.message}`,
      );
    }
    throw error;
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      speed: { type: "string" },
      "state-file": { type: "string" },
      faults: { type: "string" },
      "rate-limit": { type: "string" },
      seed: { type: "string" },
      "start-time": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** The lines printed at start: paste them into a shell to point the SDK and the provider here. */
export function startBanner(sim: Simulator, options: SimulatorOptions): string {
  const state = options.stateFile === undefined ? "in memory" : `state file ${options.stateFile}`;
  return [
    `serverscom-simulator listening on ${sim.url} (speed ${options.speed ?? DEFAULT_SPEED}, ${state})`,
    `export SERVERSCOM_API_URL=${sim.url}`,
    `export SERVERSCOM_API_TOKEN=${sim.token}`,
    "",
  ].join("\n");
}

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Starts the simulator the arguments describe; undefined after printing the help. */
export async function runCli(
  areas: readonly Area[],
  argv: readonly string[],
  io: CliIo,
): Promise<Simulator | undefined> {
  const options = parseCliArgs(argv);
  if (options === "help") {
    io.out(USAGE);
    return undefined;
  }
  const sim = await runSimulator(areas, options);
  io.out(startBanner(sim, options));
  return sim;
}
