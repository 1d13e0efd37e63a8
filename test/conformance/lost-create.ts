// What both doors' lost-create steps share (dynamic.test.ts, native.test.ts): a create whose
// order the API commits only after the create gave up looking for it (the late-commit window,
// provider/framework/late-commit.ts), and what then finds the order (lost-create.ts).

import type { PropertyBag } from "../../provider/framework/check";
import { CREATE_LABEL_KEY } from "../../provider/framework/ownership";
import { PLACEHOLDER_PREFIX } from "../../provider/framework/placeholder";
import type { FaultOptions, Simulator, WireRecord } from "../../simulator";
import type { KindRow, Prepared } from "./row";

/**
 * When the API commits the lost order, on the simulator's clock: a day later, past either window
 * and past every wait of a create in between (a replacement's), so that it appears only when a
 * step moves the clock on to it. Sooner, it could meet the replacement's order under way (a
 * volume being backed up refuses another backup, and the late order is never made).
 */
export const COMMITTED_AFTER_MS = 24 * 60 * 60_000;

/** The row's create POST answered by a gateway's 504 and committed COMMITTED_AFTER_MS later. */
export const LATE_COMMITTED_CREATE: FaultOptions = {
  rules: [
    { kind: "lateCommit", probability: 1, method: "POST", times: 1, delayMs: COMMITTED_AFTER_MS },
  ],
};

/**
 * How a row's lost create is found: by the create label it was POSTed with, or (a kind without
 * labels) by what appeared that matches it, never taken. None where the create orders nothing
 * (`adds: 0`: it takes charge of an object that exists, a node's power or a certificate's labels,
 * or a KubernetesCluster, which never creates or deletes one): no POST a late commit could apply.
 */
export function lostCreateCase(row: KindRow): "label" | "candidates" | undefined {
  if ((row.adds ?? 1) === 0) return undefined;
  return row.labels === undefined ? "candidates" : "label";
}

/**
 * Whether the replacement of a placeholder deletes it first: only for a kind whose two
 * generations cannot exist at once (provider/framework/kind.ts, replaceDeletesFirst); others
 * create first, so that deleting the placeholder last deletes an order that appeared meanwhile.
 */
export function deletesFirst(row: KindRow): boolean {
  return "replaceDeletesFirst" in row.kind && row.kind.replaceDeletesFirst !== undefined;
}

/**
 * The id of the order a placeholder's delete said it deleted ("... (<id>): the order this
 * resource's create lost (lost-create:...) has appeared: deleting it"), among progress lines.
 */
export function deletedOrder(lines: readonly string[]): string | undefined {
  const said =
    /\(([^()]+)\): the order this resource's create lost \(lost-create:\w+\) has appeared: deleting it/;
  for (const line of lines) {
    const match = said.exec(line);
    if (match !== null) return match[1];
  }
  return undefined;
}

/** The create label a placeholder id names (lost-create:<create label>). */
export function createLabelOf(placeholder: string): string {
  return placeholder.slice(PLACEHOLDER_PREFIX.length);
}

/** The record that carries `createLabel`, once the API committed the order. */
export function orderOf(records: readonly WireRecord[], createLabel: string): WireRecord {
  const found = records.filter(
    (record) =>
      (record.labels as Record<string, string> | undefined)?.[CREATE_LABEL_KEY] === createLabel,
  );
  if (found.length !== 1) {
    throw new Error(`${found.length} records carry the create label ${createLabel}, not one`);
  }
  return found[0] as WireRecord;
}

/** A lost create's partial create, as the engine records it, and what the create was given. */
export interface LostCreate {
  readonly prepared: Prepared;
  readonly inputs: PropertyBag;
  /** The ids of the row's objects before the create. */
  readonly before: ReadonlySet<string>;
  readonly placeholder: string;
  readonly properties: PropertyBag;
}

/** The ids of the row's objects in the simulator, as the row spells them. */
export async function idsOf(sim: Simulator, row: KindRow, prepared: Prepared): Promise<string[]> {
  const records = await sim.control.records(row.collection);
  return records.map((record) => row.id({ prepared, record }));
}

/**
 * The objects that appeared since `lost.before` that a read by id (`found`, through the suite's
 * door) still finds: what the resource leaves behind.
 */
export async function liveSince(
  sim: Simulator,
  row: KindRow,
  lost: Pick<LostCreate, "prepared" | "before">,
  found: (id: string) => Promise<boolean>,
): Promise<string[]> {
  const live: string[] = [];
  for (const id of await idsOf(sim, row, lost.prepared)) {
    if (!lost.before.has(id) && (await found(id))) live.push(id);
  }
  return live;
}
