// The simulator under the secret scan: the setup file (secret-scan.ts) substitutes these for the
// simulator's own runSimulator and MemoryStore, for every simulator a test file starts, so the
// scan knows each one's API token and every secret a simulator stored, at the moment it is
// stored. Reading the records after the tests would miss most of them: a destroyed volume's
// record, and with it its password, is gone, and so is the simulator by then.
import type { Step, WireRecord } from "../../simulator/framework/contract";
import type { runSimulator } from "../../simulator/framework/simulator";
import type { MemoryStore, StoreSnapshot } from "../../simulator/framework/store";
import { currentRegistry } from "./captured";

/**
 * The internal fields ("_"-prefixed, never sent by the API's record endpoints) that hold secrets:
 * RBS iSCSI credentials (shown only by the credentials endpoint, secret outputs of RbsVolume),
 * SSL certificates' private keys, and user data (secret in every kind that takes it: it often
 * carries credentials).
 */
export const SECRET_FIELDS: Readonly<Record<string, string>> = {
  _password: "RBS password",
  _username: "RBS username",
  _private_key: "certificate private key",
  _user_data: "user data",
};

function learn(record: WireRecord | undefined): void {
  if (record === undefined) return;
  for (const [field, label] of Object.entries(SECRET_FIELDS)) {
    if (field in record) currentRegistry().addSecret(label, record[field]);
  }
}

function learnSteps(steps: readonly Step[] | undefined): void {
  for (const step of steps ?? []) learn(step.set);
}

/** runSimulator that also records the token every simulator is started with. */
export function capturingRunSimulator(run: typeof runSimulator): typeof runSimulator {
  return async (areas, options) => {
    const sim = await run(areas, options);
    currentRegistry().addSecret("API token", sim.token);
    return sim;
  };
}

/** MemoryStore that records the secret fields of every record written or restored. */
export function capturingStore(Base: typeof MemoryStore): typeof MemoryStore {
  return class CapturingStore extends Base {
    override insert(
      collection: string,
      record: WireRecord,
      steps?: readonly Step[],
      key?: string,
    ): WireRecord {
      learn(record);
      learnSteps(steps);
      return super.insert(collection, record, steps, key);
    }

    override update(
      collection: string,
      key: string,
      patch: WireRecord,
      steps?: readonly Step[],
    ): WireRecord {
      learn(patch);
      learnSteps(steps);
      return super.update(collection, key, patch, steps);
    }

    override schedule(collection: string, key: string, steps: readonly Step[]): void {
      learnSteps(steps);
      super.schedule(collection, key, steps);
    }

    override restore(snapshot: StoreSnapshot): void {
      for (const records of Object.values(snapshot.collections)) {
        for (const { record, steps } of Object.values(records)) {
          learn(record);
          for (const step of steps) learn(step.set);
        }
      }
      super.restore(snapshot);
    }
  };
}
