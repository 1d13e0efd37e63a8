// A simulated clock for the SDK's waits, shared by the SDK-against-simulator and provider suites.
import type { Clock } from "../../sdk/wait";
import type { Simulator } from "../../simulator";

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
