// What the README's import table says to add to the code `pulumi import` generates, per kind:
// inputs the API never returns (README.md, "Other languages and `pulumi import`").
export const ADDITIONS: Readonly<Record<string, readonly string[]>> = {
  SbmServer: ["userData"],
  DedicatedServer: ["drives", "userData"],
  CloudInstance: ["userData"],
  SshKey: ["publicKey"],
  SslCertificate: ["publicKey", "privateKey", "chainKey"],
  // The API never names a snapshot's instance: only a replacement (a new snapshot) uses it.
  CloudSnapshot: ["instanceId"],
};

/**
 * The required ones among them: the engine's import Check names them in a warning (that the
 * generated code needs them); no other input of any kind may be named.
 */
export const WARNED: Readonly<Record<string, readonly string[]>> = {
  DedicatedServer: ["drives"],
  SshKey: ["publicKey"],
  SslCertificate: ["privateKey", "publicKey"],
  CloudSnapshot: ["instanceId"],
};

/**
 * An addition the README promises that the provider refuses today: an imported SbmServer with
 * its `userData` written in asks for reinstall consent, as if the user data changed (the
 * reinstall-consent bug of provider/framework/reinstall-trigger.ts, fixed elsewhere). Its test
 * (import.test.ts) is marked as failing; the program of every kind leaves it out meanwhile.
 */
export const REINSTALL_CONSENT_BUG: Readonly<Record<string, string>> = { SbmServer: "userData" };
