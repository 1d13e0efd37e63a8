// The local API simulator's public entry point (`pulumi-serverscom/simulator`).
// First: a clear error on a Node.js that is too old.
import "../sdk/core/node-version";
import { areas } from "./areas";
import type { SimulatorOptions } from "./framework/options";
import { runSimulator, type Simulator } from "./framework/simulator";

export type { Json, TransitionName, WireRecord } from "./framework/contract";
export { SimulatorControl, SimulatorHookError } from "./framework/control";
export { DEFAULT_SPEED } from "./framework/engine";
export type { FaultKind, FaultOptions, FaultRule } from "./framework/faults";
export type { SeedOptions, SimulatorOptions } from "./framework/options";
export type { Simulator } from "./framework/simulator";
export type { Catalogue, CatalogueOverrides } from "./seed/catalogue";
export { AMS1, DFW1, SIN1 } from "./seed/catalogue";

/**
 * Starts the simulator on loopback and answers once it listens. Every option is optional: a free
 * port, a random token (read it from `token`), speed 60, fresh seed state, no faults.
 */
export function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return runSimulator(areas, options);
}
