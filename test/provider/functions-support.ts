// Shared by the lookup functions' suites: a simulator the lookups read through the program's
// configuration (the token set as a secret, as `pulumi config set --secret` leaves it), an SDK
// client for the suite's own setup, and the failure of a lookup, whose message must never hold
// the token.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, expect } from "vitest";
import { TOKEN_KEY, URL_KEY } from "../../provider/framework/configuration";
import { closeFunctionClients } from "../../provider/functions/framework/settings";
import { ServersComClient } from "../../sdk/client";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../simulator";

export interface LookupBed {
  readonly sim: Simulator;
  /** A client of the simulator, for what a suite sets up before its lookups. */
  readonly client: ServersComClient;
  /** The error `lookup` fails with; its message does not hold the token. */
  failure(lookup: Promise<unknown>): Promise<Error>;
}

/**
 * Starts a simulator (speed 0: its clock moves only when told) before the suite's tests, with
 * `options` (a seed), and `setUp` run once it is configured; closes everything after them.
 */
export function lookupBed(
  options: SimulatorOptions = {},
  setUp: (bed: LookupBed) => Promise<void> = async () => {},
): LookupBed {
  let sim: Simulator | undefined;
  let client: ServersComClient | undefined;
  const bed: LookupBed = {
    get sim() {
      if (sim === undefined) throw new Error("the simulator starts in beforeAll");
      return sim;
    },
    get client() {
      if (client === undefined) throw new Error("the client is made in beforeAll");
      return client;
    },
    async failure(lookup) {
      try {
        await lookup;
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        expect(error.message).not.toContain(bed.sim.token);
        return error;
      }
      throw new Error("expected the lookup to fail");
    },
  };
  beforeAll(async () => {
    sim = await startSimulator({ ...options, speed: 0 });
    pulumi.runtime.setAllConfig({ [TOKEN_KEY]: sim.token, [URL_KEY]: sim.url }, [TOKEN_KEY]);
    client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
    await setUp(bed);
  });
  afterAll(async () => {
    pulumi.runtime.setAllConfig({}, []);
    await closeFunctionClients();
    await client?.close();
    await sim?.close();
  });
  return bed;
}
