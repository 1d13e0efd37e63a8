// Shared by the provider suites: a simulator whose clock only moves when the provider's waits
// "sleep" (virtual time: no test sleeps for real), a client for it, and a provider context that
// collects progress lines.

import type { PropertyBag } from "../../provider/framework/check";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import type { ProviderContext } from "../../provider/framework/lifecycle";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { typeToken } from "../../provider/framework/resource";
import { ServersComClient } from "../../sdk/client";
import type { Clock } from "../../sdk/wait";
import { type Simulator, startSimulator } from "../../simulator";

/**
 * A clock for sdk/wait.ts whose sleep advances the simulator by the same amount: a 30-minute wait
 * runs in milliseconds and every transition happens exactly when the provider would see it.
 */
export function simulatedClock(sim: Simulator): Clock {
  let now = 0;
  return {
    now: () => now,
    async sleep(ms) {
      now += ms;
      await sim.control.advance(ms);
    },
  };
}

export interface TestBed {
  readonly sim: Simulator;
  readonly client: ServersComClient;
  readonly context: ProviderContext;
  /** Every progress line printed so far. */
  readonly lines: string[];
  close(): Promise<void>;
}

/** Speed 0: simulated time moves only through the advance hook (the provider's waits). */
export async function startTestBed(): Promise<TestBed> {
  const sim = await startSimulator({ speed: 0 });
  // The SDK's own retry backoff would sleep for real: make it instant.
  const client = new ServersComClient({
    token: sim.token,
    baseUrl: sim.url,
    retry: { sleep: async () => {} },
  });
  const lines: string[] = [];
  const clock = simulatedClock(sim);
  const context: ProviderContext = {
    client: () => client,
    progress: (line) => lines.push(line),
    waitTuning: () => ({ clock, random: () => 0.5 }),
  };
  return {
    sim,
    client,
    context,
    lines,
    async close() {
      await client.close();
      await sim.close();
    },
  };
}

/** A stand-in for the serialised provider text the engine passes along with the inputs. */
export const PROVIDER_TEXT = "exports.handler = __f0; /* shim */";

/** Inputs as the engine would send them for an RbsVolume named `name` in project/stack p/s. */
export function volumeInputs(name: string, fields: PropertyBag): Record<string, unknown> {
  return {
    __provider: PROVIDER_TEXT,
    [OWNER_INPUT]: ownerLabelValue({
      project: "p",
      stack: "s",
      type: typeToken("RbsVolume"),
      name,
      parent: "",
    }),
    name,
    ...fields,
  };
}
