// Secrets as the engine carries them: Pulumi's RPC encoding wraps a secret value in an object
// tagged with a signature (runtime/rpc.js, specialSigKey / specialSecretSig).
//
// The dynamic provider host answers Configure with acceptSecrets false
// (cmd/dynamic-provider/index.js), so the engine sends it secret inputs in clear and marks the
// outputs of the same names secret again (pkg/resource/plugin/provider_plugin.go,
// annotateSecrets). The harness does the same with the helpers below.

/** JSON-like property values as the engine and the host exchange them. */
export type Properties = Record<string, unknown>;

const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export function secretValue(value: unknown): Properties {
  return { [SIG_KEY]: SECRET_SIG, value };
}

export function isSecretValue(value: unknown): value is { value: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** The value with every secret wrapper removed, and whether there was one anywhere inside. */
function reveal(value: unknown): [unknown, boolean] {
  if (isSecretValue(value)) return [reveal(value.value)[0], true];
  if (Array.isArray(value)) {
    const items = value.map(reveal);
    return [items.map(([item]) => item), items.some(([, secret]) => secret)];
  }
  if (typeof value === "object" && value !== null) {
    let secret = false;
    const out: Properties = {};
    for (const [key, item] of Object.entries(value)) {
      const [plain, inner] = reveal(item);
      out[key] = plain;
      secret ||= inner;
    }
    return [out, secret];
  }
  return [value, false];
}

/**
 * Inputs as the engine sends them to a provider that does not accept secrets: in clear, with the
 * top-level names that held a secret (the engine's secretness is per top-level property).
 */
export function revealSecrets(props: Properties): { plain: Properties; secretKeys: string[] } {
  const plain: Properties = {};
  const secretKeys: string[] = [];
  for (const [key, value] of Object.entries(props)) {
    const [clear, secret] = reveal(value);
    plain[key] = clear;
    if (secret) secretKeys.push(key);
  }
  return { plain, secretKeys };
}

/** The properties with the named ones wrapped as secrets. */
export function markSecrets(props: Properties, keys: readonly string[]): Properties {
  return Object.fromEntries(
    Object.entries(props).map(([key, value]) => [
      key,
      keys.includes(key) && !isSecretValue(value) ? secretValue(value) : value,
    ]),
  );
}
