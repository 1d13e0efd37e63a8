// The provider's own configuration through the native door: `serverscom:apiToken` (a secret) and
// `serverscom:apiUrl`, from the stack configuration for the default provider or from an explicit
// provider's inputs. The engine sends them under their short names (apiToken, apiUrl): to
// CheckConfig and DiffConfig as properties, to Configure as `args` with secrets kept, plus the
// deprecated `variables` keyed "serverscom:config:<key>" (pkg/resource/plugin/provider_plugin.go,
// Configure). The environment stays the fallback (framework/configuration.ts), read when a
// client is made.
import type { StackSettings } from "../framework/configuration";
import { isUnknown } from "../framework/unknowns";
import { openSecrets, type Properties } from "./values";

export const TOKEN = "apiToken";
export const URL = "apiUrl";
/** Keys the engine may add to a provider's inputs that are no configuration of ours. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

export interface ConfigFailure {
  readonly property: string;
  readonly reason: string;
}

/** CheckConfig: each key is a non-empty string (unknowns pass); the URL is http(s). */
export function checkConfig(news: Properties): { inputs: Properties; failures: ConfigFailure[] } {
  const { plain } = openSecrets(news);
  const failures: ConfigFailure[] = [];
  for (const [key, value] of Object.entries(plain)) {
    if (ENGINE_KEYS.has(key) || value === undefined || isUnknown(value)) continue;
    if (key !== TOKEN && key !== URL) {
      failures.push({
        property: key,
        reason: `serverscom:${key} is not a setting of this provider (settings: ${TOKEN}, ${URL})`,
      });
      continue;
    }
    if (typeof value !== "string" || value.trim() === "") {
      failures.push({ property: key, reason: `serverscom:${key} must be a non-empty string` });
      continue;
    }
    if (key === URL && !isHttpUrl(value)) {
      failures.push({
        property: key,
        reason: `serverscom:${URL} must be an http or https URL such as https://api.servers.com`,
      });
    }
  }
  return { inputs: news, failures };
}

function isHttpUrl(text: string): boolean {
  if (!globalThis.URL.canParse(text)) return false;
  const { protocol } = new globalThis.URL(text);
  return protocol === "https:" || protocol === "http:";
}

/**
 * DiffConfig: which settings changed. A new token or URL changes how the resources are reached,
 * never which objects they are: nothing is replaced.
 */
export function diffConfig(olds: Properties, news: Properties): string[] {
  const old = openSecrets(olds).plain;
  const now = openSecrets(news).plain;
  return [TOKEN, URL].filter((key) => isUnknown(now[key]) || old[key] !== now[key]);
}

/** Configure: the settings from `args`, else from the deprecated `variables`. */
export function settingsFrom(
  args: Properties,
  variables: ReadonlyMap<string, string>,
): StackSettings {
  const { plain } = openSecrets(args);
  const pick = (key: string): string | undefined => {
    const value = plain[key] ?? variables.get(`serverscom:config:${key}`);
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const token = pick(TOKEN);
  const url = pick(URL);
  return { ...(token === undefined ? {} : { token }), ...(url === undefined ? {} : { url }) };
}
