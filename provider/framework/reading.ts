// Reading: what `pulumi refresh`, `pulumi import` and a `.get` ask. The engine's rules it
// serves: a read returns the live outputs and the live input values (so a refresh shows drift as
// a diff), and an empty result (`{}`) when the object is gone, which drops it from the state.
// Write-only values cannot be read back: the outputs keep the last applied ones.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { PropertyBag } from "./check";
import { PENDING_OUTPUT, UNRECORDED_OUTPUT } from "./hidden";
import type { KindCore } from "./kind-core";
import { readLost } from "./lost-create";
import { isPlaceholder } from "./placeholder";
import { carry, defined, pick } from "./property-bags";
import { readSnapshots } from "./read-snapshot";

export async function read<Live extends object>(
  core: KindCore<Live>,
  id: string,
  props: PropertyBag,
): Promise<dynamic.ReadResult> {
  // A lost create's placeholder: its order's real id once it appeared (lost-create.ts).
  if (isPlaceholder(id)) return readLost(core, id, props, (realId) => read(core, realId, props));
  const { kind } = core;
  const client = core.context.client();
  // Many reads at once (a refresh) share list pages of the kind; any other read is a GET.
  const record = await readSnapshots.read(kind, client, id);
  // An empty id tells the engine the object is gone: refresh drops it from the state.
  if (record === undefined || core.isGone(record)) return {};
  // Write-only values cannot be read back: the outputs keep the last applied ones (or the
  // mark that an import never recorded them). A read without them (`pulumi import` sends the
  // id alone) takes what the kind can still find (recoverWriteOnly).
  const writeOnly = Object.keys(core.rules.writeOnly);
  const recovered =
    kind.recoverWriteOnly !== undefined && writeOnly.some((name) => props[name] === undefined)
      ? await kind.recoverWriteOnly(client, record)
      : {};
  const carried = {
    ...carry(props),
    ...recovered,
    ...pick(props, [...writeOnly, UNRECORDED_OUTPUT]),
  };
  const secrets = kind.isReady(record)
    ? await core.secretsOf(client, record)
    : pick(props, kind.secretOutputs);
  return {
    id: kind.id(record),
    props: defined({ ...kind.outputs(record), ...secrets, ...carried }),
    inputs: defined({
      ...kind.liveInputs(record),
      ...carried,
      [PENDING_OUTPUT]: undefined,
    }),
  };
}
