// The provider's settings, as the provider host meets them: every one checked at `configure`,
// before any request, naming the setting, its value and what is allowed; and API errors the
// settings can fix saying which setting, and what the failed request was for.
import * as pulumi from "@pulumi/pulumi";
import { Config as DynamicProviderConfig } from "@pulumi/pulumi/cmd/dynamic-provider/config";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  checkedApiUrl,
  TOKEN_KEY,
  URL_KEY,
  withSettingHint,
} from "../../provider/framework/configuration";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { getLocations } from "../../provider/functions";
import { closeFunctionClients } from "../../provider/functions/framework/settings";
import { resourceProvider } from "../../provider/registry";
import { AuthenticationError, NotFoundError } from "../../sdk/core/errors";
import { type Simulator, startSimulator } from "../../simulator";
import { currentRegistry } from "../support/captured";

const ENV_KEYS = [
  "SERVERSCOM_API_TOKEN",
  "SERVERSCOM_API_URL",
  "SERVERSCOM_POLL_INTERVAL_MS",
  "SERVERSCOM_READ_SNAPSHOT",
  "SERVERSCOM_REQUEST_BUDGET",
  "SERVERSCOM_ORDER_BATCH",
];
let sim: Simulator;
const saved = new Map(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000 });
  currentRegistry().addSecret("simulator token", sim.token);
});

afterEach(() => {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

afterAll(async () => {
  await sim.close();
});

function configure(config: Record<string, string>): Promise<void> {
  return resourceProvider("SshKey").configure({
    config: new DynamicProviderConfig(config, "settings-test"),
  });
}

async function requestCount(): Promise<number> {
  const counts = await sim.control.requestCounts();
  return Object.entries(counts)
    .filter(([route]) => route.includes(" /v1/"))
    .reduce((sum, [, n]) => sum + n, 0);
}

describe("configure checks every setting before any request", () => {
  it.each([
    [
      "SERVERSCOM_POLL_INTERVAL_MS",
      "2O",
      'the environment variable SERVERSCOM_POLL_INTERVAL_MS is "2O", which is not a positive number of milliseconds',
    ],
    ["SERVERSCOM_POLL_INTERVAL_MS", "-5", "is not a positive number of milliseconds"],
    [
      "SERVERSCOM_READ_SNAPSHOT",
      "of",
      'the environment variable SERVERSCOM_READ_SNAPSHOT is "of", which is not one of off, false, 0, on, true, 1',
    ],
    [
      "SERVERSCOM_REQUEST_BUDGET",
      "2000",
      'the environment variable SERVERSCOM_REQUEST_BUDGET is "2000", which is not a request budget: set it to a whole number of requests, at least 1, per hour, minute or second (such as 1000/h or 30/min)',
    ],
    [
      "SERVERSCOM_ORDER_BATCH",
      "yes",
      'the environment variable SERVERSCOM_ORDER_BATCH is "yes", which is not one of off, false, 0, on, true, 1',
    ],
    [
      "SERVERSCOM_API_URL",
      "api.servers.com",
      'the SERVERSCOM_API_URL environment variable is "api.servers.com", which must be an absolute http or https URL, such as https://api.servers.com',
    ],
  ])("refuses %s=%s, naming it, the value and what is allowed", async (key, value, message) => {
    await sim.control.clearRequestCounts();
    process.env[key] = value;
    // The stack's serverscom:apiUrl would win over SERVERSCOM_API_URL.
    const url = key === "SERVERSCOM_API_URL" ? {} : { "serverscom:apiUrl": sim.url };
    await expect(configure({ "serverscom:apiToken": sim.token, ...url })).rejects.toThrow(message);
    expect(await requestCount()).toBe(0);
  });

  it("refuses serverscom:apiUrl without a scheme, naming the setting and how to fix it", async () => {
    await expect(
      configure({ "serverscom:apiToken": sim.token, "serverscom:apiUrl": "api.servers.com/v1" }),
    ).rejects.toThrow(
      'serverscom: the stack setting serverscom:apiUrl is "api.servers.com/v1", which must be an ' +
        "absolute http or https URL, such as https://api.servers.com: run " +
        "`pulumi config set serverscom:apiUrl <url>`, or `pulumi config rm serverscom:apiUrl` " +
        "for https://api.servers.com",
    );
  });

  it("masks credentials in a URL it quotes", () => {
    expect(() => checkedApiUrl({ url: "ftp://user:pw@example.com" }, {})).toThrow(
      'is "ftp://***@example.com", which must be an http or https URL (got the scheme "ftp:")',
    );
  });

  it("accepts the allowed values", async () => {
    process.env.SERVERSCOM_POLL_INTERVAL_MS = "5";
    process.env.SERVERSCOM_REQUEST_BUDGET = "1000/h";
    for (const value of ["off", "ON", "true", "0", ""]) {
      process.env.SERVERSCOM_READ_SNAPSHOT = value;
      await configure({ "serverscom:apiToken": sim.token, "serverscom:apiUrl": `${sim.url}/v1` });
    }
  });
});

/**
 * The message of an AuthenticationError for the token "not-the-token": the 401, where the token
 * comes from and what to do, and never the token itself.
 */
function refusedTokenMessage(error: unknown): string {
  expect(error).toBeInstanceOf(AuthenticationError);
  const message = (error as Error).message;
  expect(message).toContain("401");
  expect(message).toContain(
    "the API refused the token: the API token comes from the stack setting serverscom:apiToken " +
      "(`pulumi config set --secret serverscom:apiToken <token>`) or else the " +
      "SERVERSCOM_API_TOKEN environment variable; check that it is current",
  );
  expect(message).not.toContain("not-the-token");
  return message;
}

describe("errors the settings can fix say what to do", () => {
  it("a refused token: what the request was for, and where the token comes from", async () => {
    delete process.env.SERVERSCOM_API_TOKEN;
    await configure({ "serverscom:apiToken": "not-the-token", "serverscom:apiUrl": sim.url });
    const owner = ownerLabelValue({
      project: "settings-test",
      stack: "dev",
      type: "pulumi-nodejs:dynamic/serverscom:SshKey",
      parent: "",
      name: "deploy",
    });
    const error = await resourceProvider("SshKey")
      .create({
        name: "deploy",
        publicKey:
          "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5 me",
        labels: {},
        [OWNER_INPUT]: owner,
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const message = refusedTokenMessage(error);
    expect(message).toMatch(/^looking for an earlier order of this resource .*: GET /);
  });

  it("a lookup function's refused token says the same: every client gets the hint", async () => {
    delete process.env.SERVERSCOM_API_TOKEN;
    // Lookups run in the program and read its configuration (provider/functions/framework).
    pulumi.runtime.setAllConfig({ [TOKEN_KEY]: "not-the-token", [URL_KEY]: sim.url }, [TOKEN_KEY]);
    try {
      const error = await getLocations({}).then(
        () => undefined,
        (e: unknown) => e,
      );
      refusedTokenMessage(error);
    } finally {
      pulumi.runtime.setAllConfig({}, []);
      await closeFunctionClients();
    }
  });

  it("other errors are left as they are", () => {
    const error = new NotFoundError({
      status: 404,
      method: "GET",
      path: "/v1/ssh_keys/x",
      headers: {},
      body: { code: "NOT_FOUND", message: "not found" },
      retryAfterMs: undefined,
    });
    const before = error.message;
    expect(withSettingHint(error)).toBe(error);
    expect(error.message).toBe(before);
  });
});
