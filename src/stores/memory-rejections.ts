import type { Proposal } from "../model/proposals.ts";
import { type RejectedRef, rejectedKey } from "../model/state.ts";
import { PersistentMap } from "../persistent/persistent-map.ts";
import { OrderedIds } from "./ordered-ids.ts";

/**
 * The rejected proposals of a workspace by the hunks their rejection recorded: under
 * {@link rejectedKey} of an artifact and a hunk id, the ids of the rejections on that artifact
 * that recorded that hunk, in the proposals table's order. A rejection settles once (ADR 0020),
 * so a proposal is filed when it is first written rejected and stays filed.
 */
export type RejectionIndex = PersistentMap<OrderedIds>;

/** An index with no rejection in it. */
export const NO_REJECTIONS: RejectionIndex = PersistentMap.empty<OrderedIds>();

/**
 * The index with the rejections among `proposals` (just written, at `placeOf` in the table)
 * filed under each hunk id they recorded.
 */
export function withRejections(
  index: RejectionIndex,
  proposals: readonly Proposal[],
  placeOf: (id: string) => number,
): RejectionIndex {
  let next = index;
  for (const p of proposals) {
    const hunks = p.status === "rejected" ? p.resolution?.hunk_ids : null;
    if (hunks === null || hunks === undefined) continue;
    const place = placeOf(p.id);
    for (const hunk_id of hunks) {
      const key = rejectedKey({ artifact_id: p.change.artifact_id, hunk_id });
      next = next.set(key, (next.get(key) ?? OrderedIds.empty()).with(place, p.id));
    }
  }
  return next;
}

/**
 * The rejections filed under each ref, as the table holds them now, oldest first: what
 * `load` gives for `rejected`.
 */
export function rejectionsFiled(
  index: RejectionIndex,
  table: ReadonlyMap<string, Proposal>,
  refs: readonly RejectedRef[],
): Map<string, Proposal[]> {
  const found = new Map<string, Proposal[]>();
  for (const ref of refs) {
    const key = rejectedKey(ref);
    const listed: Proposal[] = [];
    for (const id of index.get(key) ?? OrderedIds.empty()) {
      const p = table.get(id);
      if (p?.status === "rejected") listed.push(p);
    }
    found.set(key, listed);
  }
  return found;
}
