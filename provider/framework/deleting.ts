// Deleting. The engine's rules it serves: `delete` returns once the object is gone (the engine
// then drops it from the state, and a replacement's create-before-delete may depend on it), a
// 404 means done, and a deletion already under way (an earlier, interrupted destroy) is waited
// for rather than failed. Kinds whose object outlives the resource, or that the API removes
// later at a time it sets, say so instead of waiting (kind.ts, keepsObjectOnDelete, delete).
import { ConflictError, NotFoundError } from "../../sdk/core/errors";
import type { PropertyBag } from "./check";
import type { KindCore } from "./kind-core";
import { isAmbiguous } from "./late-commit";
import { deleteLost } from "./lost-create";
import { isPlaceholder } from "./placeholder";
import { untilAccepted, waitGone } from "./waiting";

export async function remove<Live extends object>(
  core: KindCore<Live>,
  id: string,
  props: PropertyBag,
): Promise<void> {
  // A lost create's placeholder: its order, should it have appeared (lost-create.ts).
  if (isPlaceholder(id))
    return deleteLost(core, id, props, (realId) => remove(core, realId, props));
  const { kind } = core;
  const client = core.context.client();
  try {
    const removal = await untilAccepted(core, props, id, core.timeouts(props).delete, () =>
      kind.delete(client, id),
    );
    // Removed later by the API, at a time it has set: said, not waited for (kind.ts, delete).
    if (removal !== undefined) return core.say(props, id, removal.scheduled);
  } catch (error) {
    // The one documented case of a swallowed error: already gone is what delete wants.
    if (error instanceof NotFoundError) return;
    // Applied with its answer lost (a dropped connection, a 5xx): a GET's 404 says it is done.
    // Failing would leave a delete-first replacement recording the deleted object (issue 25).
    if (isAmbiguous(error) && (await kind.get(client, id).catch(() => error)) === undefined) return;
    if (!(error instanceof ConflictError) || kind.keepsObjectOnDelete === true) throw error;
    // A deletion already under way (an earlier, interrupted destroy) may answer 409: wait.
    const current = await kind.get(client, id);
    if (current === undefined) return;
    if (!core.isGone(current)) throw error;
  }
  // Nothing disappears: the object outlives the resource (kind.ts, keepsObjectOnDelete).
  if (kind.keepsObjectOnDelete === true) return;
  await waitGone(core, client, id, props);
}
