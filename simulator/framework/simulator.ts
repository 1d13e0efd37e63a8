// startSimulator: the engine behind a node:http server on loopback.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Area } from "./contract";
import { SimulatorControl } from "./control";
import { Engine } from "./engine";
import { registerHooks } from "./hooks";
import type { SimulatorOptions } from "./options";

/** The shortest token a simulator accepts. */
const MIN_TOKEN_LENGTH = 8;

import { createListener } from "./server";

export interface Simulator {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234 (SERVERSCOM_API_URL accepts it). */
  readonly url: string;
  /** The bearer token requests must carry. */
  readonly token: string;
  /** The hooks: advance time, peek, drift, delete behind the back, request counts, reset. */
  readonly control: SimulatorControl;
  /** Stops listening, closes connections and writes the state file a last time. */
  close(): Promise<void>;
}

export async function runSimulator(
  areas: readonly Area[],
  options: SimulatorOptions = {},
): Promise<Simulator> {
  // A shared simulator stands for an API: a guessable token is none (issue 25, minor).
  if (options.token !== undefined && options.token.length < MIN_TOKEN_LENGTH) {
    throw new RangeError(`token must be at least ${MIN_TOKEN_LENGTH} characters`);
  }
  const engine = new Engine(options, areas);
  // With a state file, a restart keeps the token of the first start unless told otherwise.
  const token =
    options.token ?? engine.savedToken ?? `sim-${randomBytes(18).toString("base64url")}`;
  engine.token = token;
  registerHooks(engine);
  const server = createServer(createListener(engine, token));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  engine.origin = url;
  // First write at start: the file exists (and the seed is saved) before the first change.
  await engine.persist();

  let closing: Promise<void> | undefined;
  return {
    url,
    token,
    control: new SimulatorControl(url, token),
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        );
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections();
        await stopped;
        await engine.persist();
      })();
      return closing;
    },
  };
}
