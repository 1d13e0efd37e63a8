// What the README's import table says to add to the code `pulumi import` generates, per kind:
// inputs the API never returns (README.md, "Other languages and `pulumi import`").
export const ADDITIONS: Readonly<Record<string, readonly string[]>> = {
  SbmServer: ["userData"],
  DedicatedServer: ["drives", "userData"],
  CloudInstance: ["userData"],
  SshKey: ["publicKey"],
  SslCertificate: ["publicKey", "privateKey", "chainKey"],
};

/**
 * The required ones among them: the engine's import Check names them in a warning (that the
 * generated code needs them); no other input of any kind may be named.
 */
export const WARNED: Readonly<Record<string, readonly string[]>> = {
  DedicatedServer: ["drives"],
  SshKey: ["publicKey"],
  SslCertificate: ["privateKey", "publicKey"],
};
