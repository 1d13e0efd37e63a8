// The provider's settings: API token and URL (architecture.md, item 2). `configure` receives the
// whole stack configuration with secrets decrypted (the engine passes every key, namespaced, to
// dynamic providers: pkg/resource/deploy/target.go, GetPackageConfig; the host unwraps secrets,
// cmd/dynamic-provider/index.js, configure). The environment is the fallback, read when a client
// is needed, never at module load: the module is loaded once per provider process, and a value
// read then would outlive a change made for the next call in tests and tools.
import { createHash } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ServersComClient } from "../../sdk/client";

export const TOKEN_KEY = "serverscom:apiToken";
export const URL_KEY = "serverscom:apiUrl";
export const TOKEN_ENV = "SERVERSCOM_API_TOKEN";
export const URL_ENV = "SERVERSCOM_API_URL";
export const DEFAULT_API_URL = "https://api.servers.com";

/** Settings from the stack configuration; empty until `configure` runs. */
export interface StackSettings {
  readonly token?: string;
  readonly url?: string;
}

export interface ResolvedSettings {
  readonly token: string;
  readonly url: string;
}

/** Reads the settings from the request of the dynamic provider's `configure`. */
export function settingsFromConfig(req: dynamic.ConfigureRequest): StackSettings {
  const token = nonEmpty(req.config.get(TOKEN_KEY));
  const url = nonEmpty(req.config.get(URL_KEY));
  return { ...(token === undefined ? {} : { token }), ...(url === undefined ? {} : { url }) };
}

/** Stack configuration first, then the environment; the message names both ways to set a token. */
export function resolveSettings(
  stack: StackSettings,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedSettings {
  const token = stack.token ?? nonEmpty(env[TOKEN_ENV]);
  if (token === undefined) {
    throw new Error(
      `serverscom: no API token. Set it with \`pulumi config set --secret ${TOKEN_KEY} <token>\` ` +
        `or the ${TOKEN_ENV} environment variable.`,
    );
  }
  return { token, url: stack.url ?? nonEmpty(env[URL_ENV]) ?? DEFAULT_API_URL };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * One SDK client per (token, URL) for the life of the provider process, so every resource of a
 * deployment shares one connection pool and one rate-limit budget. Keyed by a hash of the token:
 * the map must not become one more place that holds it in clear.
 */
export class ClientCache {
  readonly #clients = new Map<string, ServersComClient>();

  client(settings: ResolvedSettings): ServersComClient {
    const key = `${createHash("sha256").update(settings.token).digest("hex")} ${settings.url}`;
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = new ServersComClient({ token: settings.token, baseUrl: settings.url });
      this.#clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    const clients = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(clients.map((client) => client.close()));
  }
}
