// Most kinds' records are read whole from one list of the SDK: the look-up by ownership label
// (kind.ts findByLabels, bounded by ownership.ts allOf) and the refresh's list reads
// (read-snapshot.ts listRead) both come from that one list, so they cannot disagree.
import type { ServersComClient } from "../../sdk/client";
import type { PagePromise } from "../../sdk/core/contract";
import type { ResourceKind } from "./kind";
import { allOf } from "./ownership";
import { listRead, type SnapshotListOptions } from "./read-snapshot";

/**
 * findByLabels and listRead of a kind whose listed records are what its `get` answers: `plural`
 * names them in the bound's error ("cloud volumes"), `id` names a record as the resource's id does.
 */
export function readFromList<Live extends object>(
  plural: string,
  list: (
    client: ServersComClient,
    options: Pick<SnapshotListOptions, "labelSelector"> & Partial<SnapshotListOptions>,
  ) => PagePromise<Live>,
  id: (record: Live) => string,
): Pick<ResourceKind<Live>, "findByLabels" | "listRead"> {
  return {
    findByLabels: (client, labelSelector) => allOf(list(client, { labelSelector }), plural),
    listRead: listRead({ list, id, live: async (_client, record) => record }),
  };
}
