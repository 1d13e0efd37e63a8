// The settings of lookup functions, which run in the Pulumi program (not in the provider host):
// the same `serverscom:apiToken` and `serverscom:apiUrl` as the resources, with the same
// environment fallbacks, and one SDK client per (token, URL) for the life of the program.
import * as pulumi from "@pulumi/pulumi";
import type { ServersComClient } from "../../../sdk/client";
import {
  ClientCache,
  resolveSettings,
  type StackSettings,
  TOKEN_KEY,
  URL_KEY,
} from "../../framework/configuration";

/**
 * The program's configuration, read at each call (a test or an automation program may change it
 * between calls). `pulumi.runtime.getConfig` gives the value in clear whether or not it is a
 * secret, which is what a client needs: `Config.getSecret` wraps it in an Output that a Promise
 * function could only unwrap by a detour through `apply`, and `Config.get` of a secret key is
 * slated to warn (pulumi/pulumi#7127). The token goes from here into the client and nowhere else.
 */
export function programSettings(): StackSettings {
  const token = nonEmpty(pulumi.runtime.getConfig(TOKEN_KEY));
  const url = nonEmpty(pulumi.runtime.getConfig(URL_KEY));
  return { ...(token === undefined ? {} : { token }), ...(url === undefined ? {} : { url }) };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

const clients = new ClientCache();

/** The client for the current settings: configuration first, then SERVERSCOM_API_TOKEN/_URL. */
export function functionClient(): ServersComClient {
  return clients.client(resolveSettings(programSettings(), process.env));
}

/**
 * @internal Closes the program's clients (their connection pools). A program need not call it:
 * idle connections do not keep Node.js running. Tests do, to leave no socket behind.
 */
export function closeFunctionClients(): Promise<void> {
  return clients.close();
}
