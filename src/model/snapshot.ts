import { freeze } from "immer";
import { PersistentMap, PersistentSet } from "../persistent/persistent-map.ts";
import { PersistentVector } from "../persistent/persistent-vector.ts";
import type { Revision, Versioned } from "./artifacts.ts";
import type { CommitResult } from "./commit-result.ts";
import type { Envelope } from "./envelope.ts";
import type { Proposal } from "./proposals.ts";
import type { Run } from "./runs.ts";
import type { Thread } from "./threads.ts";

/**
 * A workspace's whole state at one log position: immutable (the snapshot, its tables and every
 * record in them are frozen), with structural sharing between positions, so a UI can hold one
 * and compare by reference. The tables are persistent maps (read them as `ReadonlyMap`s): a
 * write copies a few small nodes per entity it changes, never the whole table, and an entity
 * no write touched is the same object in every snapshot after it.
 */
export interface WorkspaceSnapshot {
  readonly head: number;
  /** The log, in order: the envelope at `seq` is at index `seq - 1`. See {@link logEntries}. */
  readonly log: PersistentVector<Envelope>;
  readonly artifacts: PersistentMap<Versioned>;
  /** Each artifact's history, oldest version first. */
  readonly revisions: PersistentMap<PersistentVector<Revision>>;
  readonly proposals: PersistentMap<Proposal>;
  readonly threads: PersistentMap<Thread>;
  readonly runs: PersistentMap<Run>;
  readonly messages: PersistentSet;
}

/** What one append writes: envelopes for the log, entities written over the tables. */
export interface SnapshotWrites extends Omit<CommitResult, "outcome" | "events"> {
  readonly envelopes: readonly Envelope[];
}

/** The envelopes of a snapshot's log after position `after` (at most `limit`), in order. */
export function logEntries(
  snapshot: WorkspaceSnapshot,
  after = 0,
  limit = Number.POSITIVE_INFINITY,
): Envelope[] {
  const start = Math.max(0, after);
  return snapshot.log.slice(start, Math.min(snapshot.head, start + Math.max(0, limit)));
}

/** The state of a workspace with an empty log. */
export const EMPTY_SNAPSHOT: WorkspaceSnapshot = Object.freeze({
  head: 0,
  log: PersistentVector.empty<Envelope>(),
  artifacts: PersistentMap.empty<Versioned>(),
  revisions: PersistentMap.empty<PersistentVector<Revision>>(),
  proposals: PersistentMap.empty<Proposal>(),
  threads: PersistentMap.empty<Thread>(),
  runs: PersistentMap.empty<Run>(),
  messages: PersistentSet.empty(),
});

// Each record joins the snapshot frozen, deeply (what is frozen already is not walked again).
function written<T extends { readonly id: string }>(
  table: PersistentMap<T>,
  records: readonly T[],
): PersistentMap<T> {
  let next = table;
  for (const record of records) next = next.set(record.id, freeze(record, true));
  return next;
}

/**
 * The snapshot after `writes`: its envelopes appended to the log, its entities written over
 * the tables (a new id goes last, a known one keeps its place), its revisions appended to
 * their artifacts' histories, its message ids added. Costs what the writes hold, not what the
 * snapshot holds; the snapshot given is unchanged, and shares all the rest with the result.
 */
export function withWrites(snapshot: WorkspaceSnapshot, writes: SnapshotWrites): WorkspaceSnapshot {
  let { log, revisions, messages } = snapshot;
  for (const envelope of writes.envelopes) log = log.push(freeze(envelope, true));
  for (const revision of writes.revisions) {
    const history = revisions.get(revision.artifact_id) ?? PersistentVector.empty<Revision>();
    revisions = revisions.set(revision.artifact_id, history.push(freeze(revision, true)));
  }
  for (const id of writes.messages) messages = messages.add(id);
  return Object.freeze({
    head: snapshot.head + writes.envelopes.length,
    log,
    artifacts: written(snapshot.artifacts, writes.artifacts),
    revisions,
    proposals: written(snapshot.proposals, writes.proposals),
    threads: written(snapshot.threads, writes.threads),
    runs: written(snapshot.runs, writes.runs),
    messages,
  });
}
