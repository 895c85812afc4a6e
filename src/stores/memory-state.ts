import type { Revision } from "../model/artifacts.ts";
import { PersistentMap } from "../model/persistent-map.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import { EMPTY_SNAPSHOT, type WorkspaceSnapshot, withWrites } from "../model/snapshot.ts";
import { type Needs, type RevisionRef, revisionKey, type State } from "../model/state.ts";
import type { AppendBatch } from "./port.ts";

/** Ids filed under a key (an artifact's, a thread's), in the order their table holds them. */
type Filed = PersistentMap<readonly string[]>;

/**
 * One workspace as the memory store holds it: its snapshot, and the two indexes its loads
 * read instead of scanning a table: the pending proposals of each artifact, and the runs of
 * each thread with a pending decision (what `needs.pending` and `needs.deciding` ask for).
 */
export interface HeldWorkspace {
  readonly snapshot: WorkspaceSnapshot;
  readonly pending: Filed;
  readonly deciding: Filed;
}

/** A workspace with nothing in it. */
export const EMPTY_WORKSPACE: HeldWorkspace = Object.freeze({
  snapshot: EMPTY_SNAPSHOT,
  pending: PersistentMap.empty<readonly string[]>(),
  deciding: PersistentMap.empty<readonly string[]>(),
});

// `id` moved from the list under `from` to the one under `to` (`null`: filed under none),
// each list kept in `order`.
function refile(
  index: Filed,
  id: string,
  move: { readonly from: string | null; readonly to: string | null },
  order: (id: string) => number,
): Filed {
  if (move.from === move.to) return index;
  let next = index;
  if (move.from !== null) {
    const list = next.get(move.from) ?? [];
    next = next.set(move.from, Object.freeze(list.filter((filed) => filed !== id)));
  }
  if (move.to !== null) {
    const list = next.get(move.to) ?? [];
    const at = list.findIndex((filed) => order(filed) > order(id));
    const inserted = at < 0 ? [...list, id] : [...list.slice(0, at), id, ...list.slice(at)];
    next = next.set(move.to, Object.freeze(inserted));
  }
  return next;
}

// Refiles each written record by `key` (where it is filed, or `null`), the record it
// replaces being the last one written under its id, in this batch or before it.
function refiled<T extends { readonly id: string }>(
  index: Filed,
  records: readonly T[],
  tables: { readonly before: PersistentMap<T>; readonly after: PersistentMap<T> },
  key: (record: T) => string | null,
): Filed {
  let next = index;
  const earlier = new Map<string, T>();
  const order = (id: string) => tables.after.position(id) ?? Number.POSITIVE_INFINITY;
  for (const record of records) {
    const old = earlier.get(record.id) ?? tables.before.get(record.id);
    next = refile(
      next,
      record.id,
      { from: old === undefined ? null : key(old), to: key(record) },
      order,
    );
    earlier.set(record.id, record);
  }
  return next;
}

const pendingOn = (proposal: Proposal) =>
  proposal.status === "pending" ? proposal.change.artifact_id : null;
const decidingIn = (run: Run) => (run.decision.pending === null ? null : run.thread_id);

/** The workspace after `batch`: its snapshot with the writes, and its indexes refiled. */
export function withBatch(held: HeldWorkspace, batch: AppendBatch): HeldWorkspace {
  const before = held.snapshot;
  const snapshot = withWrites(before, batch);
  const proposals = { before: before.proposals, after: snapshot.proposals };
  const runs = { before: before.runs, after: snapshot.runs };
  return Object.freeze({
    snapshot,
    pending: refiled(held.pending, batch.proposals, proposals, pendingOn),
    deciding: refiled(held.deciding, batch.runs, runs, decidingIn),
  });
}

// A revision by its version: its history holds version n at n - 1 when written in order.
function revisionAt(s: WorkspaceSnapshot, ref: RevisionRef): Revision | null {
  const history = s.revisions.get(ref.artifact_id);
  if (history === undefined) return null;
  const at = history.get(ref.version - 1);
  if (at?.version === ref.version) return at;
  return [...history].find((r) => r.version === ref.version) ?? null;
}

// The entities of these ids, `null` for those the table does not hold.
function pick<V>(table: ReadonlyMap<string, V>, ids: readonly string[]): Map<string, V | null> {
  const picked = new Map<string, V | null>();
  for (const id of ids) picked.set(id, table.get(id) ?? null);
  return picked;
}

// Under each key, the entities `index` files there, in their table's order.
function filed<V>(index: Filed, table: ReadonlyMap<string, V>, keys: readonly string[]) {
  const found = new Map<string, V[]>();
  for (const key of keys)
    found.set(
      key,
      (index.get(key) ?? []).map((id) => table.get(id) as V),
    );
  return found;
}

/** What `needs` asks for, read from one workspace; absent entities load as `null`. */
export function loadFrom(held: HeldWorkspace, needs: Needs): State {
  const s = held.snapshot;
  return {
    artifacts: pick(s.artifacts, needs.artifacts),
    proposals: pick(s.proposals, needs.proposals),
    threads: pick(s.threads, needs.threads),
    runs: pick(s.runs, needs.runs),
    messages: new Map(needs.messages.map((id) => [id, s.messages.has(id)] as const)),
    revisions: new Map(needs.revisions.map((ref) => [revisionKey(ref), revisionAt(s, ref)])),
    pending: filed(held.pending, s.proposals, needs.pending),
    deciding: filed(held.deciding, s.runs, needs.deciding),
  };
}
