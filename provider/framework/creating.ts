// Creating, and the ownership it starts (ownership.ts). The engine's rules it serves: a create
// is recorded only from its answer, so once the object exists every failure is a
// PartialResourceError carrying its id (or the object would be lost); the API has no idempotency
// keys, so a create adopts only what `adoptId` names, POSTs with the owner and create labels,
// never adopts an object found before the POST, and after an ambiguous POST failure looks for
// this call's create label until a late commit would have shown (late-commit.ts).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ServersComClient } from "../../sdk/client";
import type { PropertyBag } from "./check";
import { converge } from "./converging";
import { forPurpose, messageOf } from "./errors";
import { OWNER_INPUT } from "./hidden";
import type { KindCore } from "./kind-core";
import { ADOPT_INPUT } from "./kind-provider";
import { claim, isAmbiguous, lateCommit } from "./late-commit";
import { knownObjects, ownedByAnother } from "./owned-objects";
import { newCreateLabel, withOwnerLabel } from "./ownership";
import { labelsOf, stringValue } from "./property-bags";
import { containsUnknown } from "./unknowns";
import { untilAccepted, waitReady } from "./waiting";

export async function create<Live extends object>(
  core: KindCore<Live>,
  inputs: PropertyBag,
): Promise<dynamic.CreateResult> {
  const { kind } = core;
  // A create that is not a preview gets known values: an unknown one would become a name.
  const unknown = Object.keys(inputs).filter((name) => containsUnknown(inputs[name]));
  if (unknown.length > 0) {
    throw new Error(
      `serverscom:${kind.name}: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} ` +
        "not known yet (the engine's placeholder for a value computed later) in a create " +
        "that is not a preview: nothing was created. Run `pulumi up` again once the values it " +
        "depends on exist",
    );
  }
  const client = core.context.client();
  const owner = stringValue(inputs[OWNER_INPUT]);
  const adoptId = stringValue(inputs[ADOPT_INPUT]);
  let record: Live;
  let adopted = true;
  /** Found after an ambiguous POST failure: brought to the inputs like an adopted object. */
  let late = false;
  if (adoptId !== undefined) {
    record = await adoptById(core, client, adoptId, inputs, owner);
  } else {
    ({ record, late } = await post(core, client, inputs, owner));
    adopted = false;
  }

  // From here on the object exists: any failure must record its id (PartialResourceError).
  const id = kind.id(record);
  claim(kind.name, id);
  const timeouts = core.timeouts(inputs);
  let last: Live = record;
  const track = (value: Live) => {
    last = value;
  };
  try {
    const on = { core, client, id, bag: inputs, timeoutMs: timeouts.create, track };
    last = await waitReady(on, last, "create");
    // A late-committed order may not be finished (a subnetwork's title: labelsInOrder).
    if (adopted || late) last = await converge(on, last);
    return { id, outs: await core.outputsOf(client, last, inputs) };
  } catch (error) {
    const what = adopted ? "was adopted but is not ready" : "was created but is not ready";
    throw core.partial(id, last, inputs, error, what, "create");
  }
}

/** `adoptId`: the object must exist and match the inputs that cannot change in place. */
async function adoptById<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  id: string,
  inputs: PropertyBag,
  owner: string | undefined,
): Promise<Live> {
  const { kind } = core;
  const looking = `looking up the ${kind.noun} that adoptId names`;
  const record = await forPurpose(looking, kind.get(client, id));
  if (record === undefined || core.isGone(record)) {
    throw new Error(`adoptId: there is no ${kind.noun} with id "${id}" to adopt`);
  }
  const mismatched = core.replaceMismatches(record, inputs);
  if (mismatched.length > 0) {
    const live = kind.outputs(record);
    const detail = mismatched
      .map(
        (name) =>
          `${name} is ${JSON.stringify(live[core.outputName(name)])} there but ${JSON.stringify(inputs[name])} in the program`,
      )
      .join("; ");
    throw new Error(
      `adoptId: the ${kind.noun} "${id}" cannot be adopted as declared: ${detail}. ` +
        "These properties cannot be changed in place: make the program match the object.",
    );
  }
  const refusal = kind.refuseAdoption?.(record, inputs);
  if (refusal !== undefined) {
    throw new Error(`adoptId: the ${kind.noun} "${id}" cannot be adopted as declared: ${refusal}`);
  }
  const taken = ownedByAnother(core, record, owner);
  if (taken !== undefined) throw new Error(`adoptId: ${taken}, then adopt it`);
  return record;
}

/**
 * POSTs the object with the owner label and a create label new for this call. Objects found
 * before the POST are never adopted: each was returned by a completed create (an earlier
 * generation that a create-before-delete replacement is about to delete), left by an
 * interrupted one, or is someone else's with a copied label; the orphan report names them.
 * A POST is never retried (it may buy a second object), but when it fails in a way that leaves
 * its fate unknown, the create label tells whether the API applied it.
 */
async function post<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  inputs: PropertyBag,
  owner: string | undefined,
): Promise<{ record: Live; late: boolean }> {
  const { kind } = core;
  const managesLabels = "labels" in kind.properties || kind.labelsInOrder?.(inputs) === true;
  const createLabel = managesLabels && owner !== undefined ? newCreateLabel() : undefined;
  const alike: Live[] = [];
  const before = await knownObjects(core, client, inputs, owner, alike);
  // An object the API keeps unique by content: the POST could only be refused (kind.ts).
  const conflict = alike.length > 0 ? kind.conflict?.(alike, inputs) : undefined;
  if (conflict !== undefined) {
    throw new Error(`${core.prefix(inputs)}: ${conflict}`);
  }
  if (before.size > 0) {
    core.context.progress(
      `${core.prefix(inputs)}: not adopting ` +
        `${[...before.keys()].join(", ")}, found with this resource's ownership label or ` +
        "its inputs: an earlier generation this replacement deletes next, an object an " +
        "interrupted create left behind, another resource's object, or a copied label. " +
        "Creating a new one; if any of them is still there after this `pulumi up`, nothing " +
        "manages it: adopt it (adoptId) or delete it",
    );
  }
  try {
    const record = await untilAccepted(core, inputs, undefined, core.timeouts(inputs).create, () =>
      kind.create(client, inputs, withOwnerLabel(labelsOf(inputs), owner, createLabel)),
    );
    return { record, late: false };
  } catch (error) {
    if (!isAmbiguous(error)) throw error;
    const canLook =
      createLabel !== undefined || (!managesLabels && kind.findByContent !== undefined);
    if (!canLook) throw error;
    const created = await lateCommit(core, client, inputs, owner, createLabel, before, error);
    core.say(
      inputs,
      kind.id(created),
      `the create request failed (${messageOf(error)}) ` +
        "but the API had applied it: continuing with the object it created",
    );
    return { record: created, late: true };
  }
}
