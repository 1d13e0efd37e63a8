// The lifecycle every resource kind goes through the engine's steps (scenario.ts), as one table:
// a row per kind (kinds.ts) says what the kind is created with, what changes it in place and what
// replaces it, how it drifts and is deleted outside Pulumi, and how a create fails. lifecycle()
// runs rows, each through both doors in its own describe, simulator and stack. The table is run by
// two test files (lifecycle-*.test.ts), half the rows each: the harness runs one program at a time
// in a process (pulumi.runtime.setMocks), so files are what runs in parallel. A kind's own test
// file (test/engine/<kind>.test.ts) keeps only what is specific to it.
import { describe, expect } from "vitest";
import type { FaultOptions, Simulator } from "../../simulator";
import { createsHeld } from "../support/held-create";
import type { Program, StepOp, StoredResource } from "./harness";
import {
  type Check,
  engineScenario,
  type FailedCreate,
  type Replacements,
  type ScenarioOptions,
} from "./scenario";

/** A scenario the kind cannot have: the reason, and a check of it against the definition. */
export interface NotApplicable {
  readonly notApplicable: string;
  readonly proof: () => void;
}

/** A change the program makes: the program with it, and what the state then holds. */
export interface Change {
  readonly program: Program;
  readonly check?: Check;
}

export interface EngineRow {
  readonly scenario: ScenarioOptions;
  /** The program of the create, the ups without changes and the targeted replacements. */
  readonly program: Program;
  /** What the create records. */
  readonly created: Check;
  readonly replacements: Replacements;
  readonly inPlace: Change | NotApplicable;
  readonly replace: Change | NotApplicable;
  /** The program after the changes: the drift and the deletion outside run against it. */
  readonly settled: Program;
  /** A change outside Pulumi (scenario.ts, drift), put back with `fix` (default update). */
  readonly drift:
    | { readonly change: Check; readonly check: Check; readonly fix?: StepOp }
    | NotApplicable;
  /** Deletes the object outside Pulumi; `restore` brings back one the API cannot create. */
  readonly deletedOutside: Check;
  readonly restore?: (sim: Simulator) => Promise<void>;
  /** What is left once destroy ran (`last`: the resource as the state last held it). */
  readonly destroyed: (sim: Simulator, last: StoredResource) => Promise<void> | void;
  readonly failedCreate: FailedCreate;
}

function applicable<T extends object>(scenario: T | NotApplicable): scenario is T {
  return !("notApplicable" in scenario);
}

/** Registers each row's lifecycle, in the order successive `pulumi` commands run it. */
export function lifecycle(rows: readonly EngineRow[]): void {
  for (const row of rows) {
    describe(`${row.scenario.kind} through the engine's steps`, () => {
      const s = engineScenario(row.scenario);
      s.up(row.program, row.created);
      s.noChange(row.program);
      s.noChangeAfterRebuild(row.program);
      s.replacements(row.replacements);
      const { inPlace, replace, drift } = row;
      if (applicable(inPlace)) s.inPlace(inPlace.program, inPlace.check);
      else s.notApplicable("an in-place change", inPlace.notApplicable, inPlace.proof);
      if (applicable(replace)) s.replace(replace.program, replace.check);
      else s.notApplicable("a replacing change", replace.notApplicable, replace.proof);
      if (applicable(drift)) s.drift(row.settled, drift.change, drift.check, drift.fix);
      else {
        s.notApplicable(
          "refresh after drift, put back by the next up",
          drift.notApplicable,
          drift.proof,
        );
      }
      s.deletedOutside(row.settled, row.deletedOutside, row.restore);
      s.destroy(row.destroyed);
      s.failedCreate(row.failedCreate);
    });
  }
}

/** How many records of `collection` the simulator holds that pass `live` (default: all). */
export function countOf(
  collection: string,
  live: (record: Record<string, unknown>) => boolean = () => true,
): (sim: Simulator) => Promise<number> {
  return async (sim) => (await sim.control.records(collection)).filter(live).length;
}

/** The first request `method path` answered 500: the create fails before the object exists. */
export function firstRequestFails(method: string, path: string): FaultOptions {
  return { rules: [{ kind: "error5xx", status: 500, probability: 1, method, path, times: 1 }] };
}

/**
 * The create timing out at once while the object comes up (a partial create), then resumed. The
 * POST to `path` is held (createsHeld): the object surely is not ready when the 1 ms ends.
 */
export function timedOut(
  path: string,
  declare: (opts: Record<string, unknown>) => Program,
  resume: Program,
  count?: (sim: Simulator) => Promise<number>,
): FailedCreate {
  return {
    failing: declare({ customTimeouts: { create: "1ms" } }),
    faults: createsHeld(path),
    partial: true,
    resume,
    ...(count === undefined ? {} : { count }),
  };
}

/** The record behind the resource (its key in `collection`: `key`, default the id) removed. */
export function removedOutside(
  collection: string,
  key: (resource: StoredResource) => string = (resource) => resource.id,
): Check {
  return async (resource, sim) => {
    await sim.control.remove(collection, key(resource));
  };
}

/** After destroy: the simulator holds no record of `collection`. */
export function noneLeft(collection: string): (sim: Simulator) => Promise<void> {
  return async (sim) => {
    expect(await sim.control.records(collection)).toEqual([]);
  };
}
