// Lookup functions as a Pulumi program uses them (pulumi.runtime.setMocks): Output forms feeding
// another resource's inputs, the configuration read in the program (secret token, URL, the
// environment fallbacks), unknown arguments during a preview, dependsOn, and one client per
// (token, URL).
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TOKEN_ENV, TOKEN_KEY, URL_ENV, URL_KEY } from "../../provider/framework/configuration";
import { closeFunctionClients, functionClient } from "../../provider/functions/framework/settings";
import {
  getHostNetworksOutput,
  getKubernetesClustersOutput,
  getLocation,
  getLocationOutput,
  getLocations,
  getRbsFlavorOutput,
  RbsVolume,
} from "../../provider/index";
import { AbortError, AuthenticationError } from "../../sdk/core/errors";
import { labelSelector } from "../../sdk/labels";
import { type Simulator, startSimulator } from "../../simulator";
import { captureRegistrations, type Registered, resolved } from "./mocks";

let sim: Simulator;
let registered: Registered[];
const savedEnv = { token: process.env[TOKEN_ENV], url: process.env[URL_ENV] };

function useStackConfig(token: string | undefined, url: string | undefined): void {
  const config: Record<string, string> = {};
  if (token !== undefined) config[TOKEN_KEY] = token;
  if (url !== undefined) config[URL_KEY] = url;
  pulumi.runtime.setAllConfig(config, token === undefined ? [] : [TOKEN_KEY]);
}

beforeAll(async () => {
  sim = await startSimulator({ speed: 0 });
});

beforeEach(async () => {
  delete process.env[TOKEN_ENV];
  delete process.env[URL_ENV];
  useStackConfig(sim.token, sim.url);
  registered = await captureRegistrations();
});

afterEach(() => {
  for (const entry of registered) expect(JSON.stringify(entry.inputs)).not.toContain(sim.token);
});

afterAll(async () => {
  pulumi.runtime.setAllConfig({}, []);
  if (savedEnv.token === undefined) delete process.env[TOKEN_ENV];
  else process.env[TOKEN_ENV] = savedEnv.token;
  if (savedEnv.url === undefined) delete process.env[URL_ENV];
  else process.env[URL_ENV] = savedEnv.url;
  await closeFunctionClients();
  await sim.close();
});

describe("a program using a lookup's output as another resource's input", () => {
  it("registers the looked-up ids as the RbsVolume's locationId and flavorId", async () => {
    const location = getLocationOutput({ code: "dfw1" });
    const flavor = getRbsFlavorOutput({ locationId: location.id, name: "ultra" });
    const volume = new RbsVolume("data", {
      locationId: location.id,
      flavorId: flavor.id,
      size: 100,
    });
    await resolved(volume.id);
    expect(registered).toHaveLength(1);
    expect(registered[0]?.inputs).toMatchObject({ locationId: 2, flavorId: 4, size: 100 });
    expect(await resolved(location.ipxeBoot)).toEqual({ private: true, public: true });
  });

  it("fails the program with the lookup's error", async () => {
    // The engine reads an Output's value, known-ness and secret-ness; each carries the failure.
    const location = getLocationOutput({ code: "ams9" }) as unknown as {
      promise(): Promise<unknown>;
      isKnown: Promise<boolean>;
      isSecret: Promise<boolean>;
    };
    const outcomes = await Promise.allSettled([
      location.promise(),
      location.isKnown,
      location.isSecret,
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      if (outcome.status === "rejected") {
        expect(String(outcome.reason)).toBe(
          'NoMatchError: getLocation: no location matches "ams9"; close matches: AMS1',
        );
      }
    }
  });

  it("takes a label selector builder, also inside an Output", async () => {
    const direct = getKubernetesClustersOutput({
      labelSelector: labelSelector().eq("env", "prod"),
    });
    expect((await resolved(direct)).kubernetesClusters.map((c) => c.id)).toEqual(["K8sProd1"]);
    const later = pulumi.output("staging").apply((env) => labelSelector().in("env", [env, "qa"]));
    const viaOutput = getKubernetesClustersOutput({ labelSelector: later });
    expect((await resolved(viaOutput)).kubernetesClusters.map((c) => c.id)).toEqual(["K8sStag1"]);
  });

  it("keeps a secret argument's result secret", async () => {
    const location = getLocationOutput({ code: pulumi.secret("AMS1") });
    expect(await pulumi.isSecret(location)).toBe(true);
    expect(await pulumi.isSecret(getLocationOutput({ code: "AMS1" }))).toBe(false);
  });

  it("waits for dependsOn, and passes the dependency on to what uses the result", async () => {
    const first = new RbsVolume("first", { locationId: 1, flavorId: 1, size: 10 });
    const location = getLocationOutput({ code: "AMS1" }, { dependsOn: first });
    const second = new RbsVolume("second", { locationId: location.id, flavorId: 1, size: 10 });
    await resolved(second.id);
    const entry = registered.find((r) => r.name === "second");
    expect(entry?.inputs.locationId).toBe(1);
    expect(entry?.dependencies).toContain(await resolved(first.urn));
  });
});

describe("a preview with unknown arguments", () => {
  it("leaves the result unknown and sends no request", async () => {
    registered = await captureRegistrations({ preview: true });
    // No configuration at all: a lookup that ran would fail for want of a token.
    useStackConfig(undefined, undefined);
    const server = new RbsVolume("server", { locationId: 1, flavorId: 1, size: 10 });
    const networks = getHostNetworksOutput({ hostId: server.id });
    let ran = false;
    networks.apply(() => {
      ran = true;
    });
    const volume = new RbsVolume("after", {
      locationId: 1,
      flavorId: 1,
      size: 10,
      name: networks.apply((n) => `n${n.networks.length}`),
    });
    await resolved(volume.urn);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(false);
    expect(pulumi.isUnknown(registered.find((r) => r.name === "after")?.inputs.name)).toBe(true);
  });
});

describe("the configuration a lookup reads in the program", () => {
  it("takes the secret token and the URL from the stack configuration", async () => {
    useStackConfig(sim.token, `${sim.url}/v1`);
    expect((await getLocations()).locations).toHaveLength(3);
  });

  it("falls back to SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL", async () => {
    useStackConfig(undefined, undefined);
    process.env[TOKEN_ENV] = sim.token;
    process.env[URL_ENV] = sim.url;
    expect((await getLocation({ code: "SIN1" })).id).toBe(3);
  });

  it("prefers the stack configuration to the environment", async () => {
    useStackConfig("wrong-token-in-config", sim.url);
    process.env[TOKEN_ENV] = sim.token;
    const error = await getLocation({ code: "AMS1" }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).not.toContain("wrong-token-in-config");
  });

  it("says how to set a token when there is none", async () => {
    useStackConfig(undefined, sim.url);
    await expect(getLocation({ code: "AMS1" })).rejects.toThrow(
      "serverscom: no API token. Set it with `pulumi config set --secret serverscom:apiToken " +
        "<token>` or the SERVERSCOM_API_TOKEN environment variable.",
    );
  });

  it("reports a wrong argument before a missing token", async () => {
    useStackConfig(undefined, undefined);
    await expect(getLocation({})).rejects.toThrow("getLocation: give one of id, code, name");
  });

  it("stops when the program's signal aborts", async () => {
    const error = await getLocations({}, { signal: AbortSignal.abort() }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AbortError);
  });

  it("keeps one client per token and URL for the life of the program", () => {
    useStackConfig(sim.token, sim.url);
    const client = functionClient();
    expect(functionClient()).toBe(client);
    useStackConfig("another-token", sim.url);
    expect(functionClient()).not.toBe(client);
    useStackConfig(sim.token, sim.url);
    expect(functionClient()).toBe(client);
  });
});
