// Property values as the engine exchanges them with a provider plugin that accepts secrets
// (provider/native/server.ts answers Handshake and Configure with acceptSecrets): a secret is an
// object tagged with the signature key, `{"4dabf...": "1b470...", "value": <the value>}`
// (pulumi/pulumi sdk/go/common/resource/sig/sig.go, Key and Secret; marshalled by
// sdk/go/common/resource/plugin/rpc.go, MarshalPropertyValue), at any depth; an unknown value
// (previews only, KeepUnknowns) is the string UnknownStringValue (rpc.go), which is the
// framework's UNKNOWN (framework/unknowns.ts), so the lifecycle reads it as it already does.
// The lifecycle works on plain values: secrets are opened on the way in, and the names of the
// top-level properties that held one are remembered to seal them again on the way out, as the
// engine itself does for providers that do not accept secrets (provider_plugin.go,
// annotateSecrets): secretness is tracked per top-level property.

export type Properties = Record<string, unknown>;

export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export function secret(value: unknown): Properties {
  return { [SIG_KEY]: SECRET_SIG, value };
}

export function isSecret(value: unknown): value is { readonly value: unknown } {
  return (
    typeof value === "object" && value !== null && (value as Properties)[SIG_KEY] === SECRET_SIG
  );
}

/** The value without secret wrappers, and whether there was one anywhere inside. */
function open(value: unknown): [unknown, boolean] {
  if (isSecret(value)) return [open(value.value)[0], true];
  if (Array.isArray(value)) {
    const items = value.map(open);
    return [items.map(([item]) => item), items.some(([, inner]) => inner)];
  }
  if (typeof value === "object" && value !== null) {
    let found = false;
    const out: Properties = {};
    for (const [key, item] of Object.entries(value)) {
      const [plain, inner] = open(item);
      out[key] = plain;
      found ||= inner;
    }
    return [out, found];
  }
  return [value, false];
}

/** Properties in clear, with the names of the top-level ones that held a secret. */
export function openSecrets(props: Properties): { plain: Properties; secretKeys: Set<string> } {
  const plain: Properties = {};
  const secretKeys = new Set<string>();
  for (const [key, value] of Object.entries(props)) {
    const [clear, found] = open(value);
    plain[key] = clear;
    if (found) secretKeys.add(key);
  }
  return { plain, secretKeys };
}

/** The properties with the named ones sealed as secrets. */
export function sealSecrets(props: Properties, keys: ReadonlySet<string>): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(props)) {
    out[key] = keys.has(key) && !isSecret(value) ? secret(value) : value;
  }
  return out;
}
