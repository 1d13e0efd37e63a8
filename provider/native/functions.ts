// Invoke: every lookup function of the package (`getX`, the Promise form), by the token
// `serverscom:index:getX`. They are the functions TypeScript programs call, with the same argument
// checks and messages; the plugin gives them its configuration in place of the program's.
import * as pulumi from "@pulumi/pulumi";
import type { StackSettings } from "../framework/configuration";
import { TOKEN_KEY, URL_KEY } from "../framework/configuration";
import * as functions from "../functions";
import { nameOfToken } from "./generated";
import { openSecrets, type Properties, sealSecrets } from "./values";

type Lookup = (args: Properties) => Promise<unknown>;

/** Every `getX` the package exports, by name. */
export const lookups: ReadonlyMap<string, Lookup> = new Map(
  Object.entries(functions).flatMap(([name, value]) =>
    /^get[A-Z]/.test(name) && !name.endsWith("Output") && typeof value === "function"
      ? [[name, value as Lookup]]
      : [],
  ),
);

/**
 * The lookups read `serverscom:apiToken` and `serverscom:apiUrl` from the program's configuration
 * (functions/framework/settings.ts); in the plugin, the provider's configuration is that.
 */
export function configureLookups(settings: StackSettings): void {
  const values: Record<string, string> = {};
  if (settings.token !== undefined) values[TOKEN_KEY] = settings.token;
  if (settings.url !== undefined) values[URL_KEY] = settings.url;
  pulumi.runtime.setAllConfig(values, settings.token === undefined ? [] : [TOKEN_KEY]);
}

/**
 * Functions whose result is a credential: their Output form is secret whatever the arguments
 * (getServerOobCredentialsOutput), so through Invoke every result property is sealed too, and a
 * program in another language cannot put them in its state in clear.
 */
const SECRET_RESULTS: ReadonlySet<string> = new Set([
  "getServerOobCredentials",
  "getCloudRegionCredentials",
]);

/**
 * Runs the function a token names. A secret argument makes every result property secret, as
 * Pulumi's Output form of a function does; so does a function whose result is a credential.
 */
export async function invoke(token: string, args: Properties): Promise<Properties> {
  const name = nameOfToken(token);
  const lookup = name === undefined ? undefined : lookups.get(name);
  if (lookup === undefined) {
    throw new Error(
      `serverscom: unknown function ${token} (known: ${[...lookups.keys()].map((n) => `serverscom:index:${n}`).join(", ")})`,
    );
  }
  const { plain, secretKeys } = openSecrets(args);
  // A protobuf Struct holds no undefined: JSON drops it, as the engine would.
  const result = JSON.parse(JSON.stringify(await lookup(plain))) as Properties;
  const secret = secretKeys.size > 0 || SECRET_RESULTS.has(name ?? "");
  return secret ? sealSecrets(result, new Set(Object.keys(result))) : result;
}
