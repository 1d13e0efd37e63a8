// The provider's settings: API token and URL (architecture.md, item 2). `configure` receives the
// whole stack configuration with secrets decrypted (the engine passes every key, namespaced, to
// dynamic providers: pkg/resource/deploy/target.go, GetPackageConfig; the host unwraps secrets,
// cmd/dynamic-provider/index.js, configure). The environment is the fallback, read when a client
// is needed, never at module load: the module is loaded once per provider process, and a value
// read then would outlive a change made for the next call in tests and tools.
import { createHash } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ServersComClient } from "../../sdk/client";
import {
  AuthenticationError,
  InputValidationError,
  PermissionDeniedError,
} from "../../sdk/core/errors";
import type { RateLimitOptions } from "../../sdk/core/rate-limit";
import { apiRootOf } from "../../sdk/core/transport";

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
  return { token, url: checkedApiUrl(stack, env) ?? DEFAULT_API_URL };
}

/**
 * The configured API URL, checked: a wrong one is reported naming the setting it came from and
 * its value (credentials in it masked), before any request is sent. Undefined when none is set.
 */
export function checkedApiUrl(
  stack: StackSettings,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const fromEnv = nonEmpty(env[URL_ENV]);
  const url = stack.url ?? fromEnv;
  if (url === undefined) return undefined;
  try {
    apiRootOf(url);
  } catch (error) {
    if (!(error instanceof InputValidationError)) throw error;
    const setting =
      stack.url === undefined
        ? `the ${URL_ENV} environment variable`
        : `the stack setting ${URL_KEY}`;
    const fix =
      stack.url === undefined
        ? `set ${URL_ENV} to the API's address, or unset it for ${DEFAULT_API_URL}`
        : `run \`pulumi config set ${URL_KEY} <url>\`, or \`pulumi config rm ${URL_KEY}\` for ${DEFAULT_API_URL}`;
    throw new Error(
      `serverscom: ${setting} is "${withoutCredentials(url)}", which ${error.rule}, such as ` +
        `${DEFAULT_API_URL}: ${fix}`,
    );
  }
  return url;
}

/** A URL's text with any user:password@ part masked: a URL may carry credentials. */
function withoutCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@\s]*@/i, "$1***@");
}

/**
 * What to do about an API error that the settings can fix, added to its message: a refused token
 * names where the token comes from. The error keeps its class and fields.
 */
export function withSettingHint(error: unknown): unknown {
  const api = error instanceof Error && !isHintable(error) ? error.cause : error;
  const hint = settingHint(api);
  if (!(error instanceof Error) || hint === undefined) return error;
  if (!error.message.includes(hint)) error.message = `${error.message} (${hint})`;
  return error;
}

/**
 * The hint for a refused (401) or insufficient (403) token, else undefined. Every client made
 * here passes it to the SDK (ClientOptions.errorHint), so lookup functions, which run in the
 * program, say it too.
 */
export function settingHint(error: unknown): string | undefined {
  if (!isHintable(error)) return undefined;
  const source =
    `the API token comes from the stack setting ${TOKEN_KEY} ` +
    `(\`pulumi config set --secret ${TOKEN_KEY} <token>\`) or else the ${TOKEN_ENV} environment variable`;
  return error instanceof AuthenticationError
    ? `the API refused the token: ${source}; check that it is current`
    : `the token may not do this: ${source}; use a token with access to this object`;
}

function isHintable(error: unknown): error is AuthenticationError | PermissionDeniedError {
  return error instanceof AuthenticationError || error instanceof PermissionDeniedError;
}

/**
 * A provider whose every method adds the settings' hints to the errors it throws
 * (withSettingHint), for every kind alike.
 */
export function withSettingHints<P extends object>(provider: P): P {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(provider)) {
    wrapped[name] =
      typeof member === "function"
        ? async (...args: unknown[]) => {
            try {
              return await (member as (...a: unknown[]) => unknown).apply(provider, args);
            } catch (error) {
              throw withSettingHint(error);
            }
          }
        : member;
  }
  return wrapped as P;
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

  /** One client (so one request budget, rate-limit.ts) per token and URL. */
  client(settings: ResolvedSettings, rateLimit?: RateLimitOptions): ServersComClient {
    const key = `${createHash("sha256").update(settings.token).digest("hex")} ${settings.url}`;
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = new ServersComClient({
        token: settings.token,
        baseUrl: settings.url,
        errorHint: settingHint,
        ...(rateLimit === undefined ? {} : { rateLimit }),
      });
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
