import type { Revision } from "../model/artifacts.ts";
import type { CommandRecord } from "../model/command-record.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import { EMPTY_SNAPSHOT, type WorkspaceSnapshot, withWrites } from "../model/snapshot.ts";
import {
  type Needs,
  type PendingRef,
  pendingKey,
  type RevisionRef,
  revisionKey,
  type State,
} from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { PersistentMap } from "../persistent/persistent-map.ts";
import {
  NO_REJECTIONS,
  type RejectionIndex,
  rejectionsFiled,
  withRejections,
} from "./memory-rejections.ts";
import { NO_SUBJECTS, type Subjects, withSubjects } from "./memory-subjects.ts";
import { OrderedIds } from "./ordered-ids.ts";
import { type AppendBatch, commandsOf } from "./port.ts";

/** Ids filed under a key (a status, an artifact's, a thread's), each list in its table's order. */
type Filed = PersistentMap<OrderedIds>;

/** How a record is filed in one index: under one key, or (`null`) under none. */
type KeyOf<T> = (record: T) => string | null;

/** Two keys as one, for the indexes by both (an artifact's proposals with a status, …). */
export const both = (a: string, b: string): string => `${a}\u0000${b}`;
/** The key of an index with a single list (threads with a decision pending, …). */
export const ALL = "";

// The indexes of each table, each kept up to date on append: the list reads and `load`'s
// `pending` and `deciding` read them instead of scanning a table.
const PROPOSAL_INDEXES = {
  byStatus: (p) => p.status,
  byArtifact: (p) => p.change.artifact_id,
  byBoth: (p) => both(p.change.artifact_id, p.status),
  // A thread's pending proposals on an artifact: all a new one there may supersede.
  pendingByThread: (p) =>
    p.status === "pending" && p.thread_id !== null
      ? pendingKey(pendingRefOf(p, p.thread_id))
      : null,
} satisfies Record<string, KeyOf<Proposal>>;
const THREAD_INDEXES = {
  byStatus: (t) => t.status,
  deciding: (t) => (t.decision.pending === null ? null : ALL),
  offering: (t) => (Object.keys(t.offered).length === 0 ? null : ALL),
} satisfies Record<string, KeyOf<Thread>>;
const RUN_INDEXES = {
  byStatus: (r) => r.status,
  byThread: (r) => r.thread_id,
  byBoth: (r) => both(r.thread_id, r.status),
  deciding: (r) => (r.decision.pending === null ? null : ALL),
  decidingByThread: (r) => (r.decision.pending === null ? null : r.thread_id),
} satisfies Record<string, KeyOf<Run>>;

type Indexes<I> = { readonly [name in keyof I]: Filed };

/**
 * One workspace as the memory store holds it: its snapshot, and the indexes of its tables,
 * persistent like the tables (a change copies a few nodes, whatever their size).
 */
export interface HeldWorkspace {
  readonly snapshot: WorkspaceSnapshot;
  readonly proposals: Indexes<typeof PROPOSAL_INDEXES>;
  readonly threads: Indexes<typeof THREAD_INDEXES>;
  readonly runs: Indexes<typeof RUN_INDEXES>;
  /** The commands that wrote, by `both(participant, command_id)`. */
  readonly commands: PersistentMap<CommandRecord>;
  /** The log's positions by subject, for reads `about` them. */
  readonly subjects: Subjects;
  /** The rejections by the hunks they recorded, for the re-proposal mark. */
  readonly rejections: RejectionIndex;
}

function emptyIndexes<I extends object>(specs: I): Indexes<I> {
  const empty = PersistentMap.empty<OrderedIds>();
  return Object.freeze(
    Object.fromEntries(Object.keys(specs).map((name) => [name, empty])),
  ) as Indexes<I>;
}

const pendingRefOf = (p: Proposal, thread_id: string): PendingRef => ({
  artifact_id: p.change.artifact_id,
  thread_id,
});

/** A workspace with nothing in it. */
export const EMPTY_WORKSPACE: HeldWorkspace = Object.freeze({
  snapshot: EMPTY_SNAPSHOT,
  proposals: emptyIndexes(PROPOSAL_INDEXES),
  threads: emptyIndexes(THREAD_INDEXES),
  runs: emptyIndexes(RUN_INDEXES),
  commands: PersistentMap.empty<CommandRecord>(),
  subjects: NO_SUBJECTS,
  rejections: NO_REJECTIONS,
});

// The record at `place` moved from the list under `from` to the one under `to`.
function refile(index: Filed, place: number, id: string, from: string | null, to: string | null) {
  if (from === to) return index;
  let next = index;
  if (from !== null) next = next.set(from, (next.get(from) ?? OrderedIds.empty()).without(place));
  if (to !== null) next = next.set(to, (next.get(to) ?? OrderedIds.empty()).with(place, id));
  return next;
}

// Refiles each written record in every index of its table, the record it replaces being the
// last one written under its id, in this batch or before it.
function refiled<T extends { readonly id: string }, I extends Record<string, KeyOf<T>>>(
  indexes: Indexes<I>,
  specs: I,
  records: readonly T[],
  tables: { readonly before: PersistentMap<T>; readonly after: PersistentMap<T> },
): Indexes<I> {
  if (records.length === 0) return indexes;
  const next: Record<string, Filed> = { ...indexes };
  const earlier = new Map<string, T>();
  for (const record of records) {
    const old = earlier.get(record.id) ?? tables.before.get(record.id);
    const place = tables.after.position(record.id) as number;
    for (const [name, key] of Object.entries(specs)) {
      const from = old === undefined ? null : key(old);
      next[name] = refile(next[name] as Filed, place, record.id, from, key(record));
    }
    earlier.set(record.id, record);
  }
  return Object.freeze(next) as Indexes<I>;
}

/** The workspace after `batch`: its snapshot with the writes, and its indexes refiled. */
export function withBatch(held: HeldWorkspace, batch: AppendBatch): HeldWorkspace {
  const before = held.snapshot;
  const snapshot = withWrites(before, batch);
  return Object.freeze({
    snapshot,
    proposals: refiled(held.proposals, PROPOSAL_INDEXES, batch.proposals, {
      before: before.proposals,
      after: snapshot.proposals,
    }),
    threads: refiled(held.threads, THREAD_INDEXES, batch.threads, {
      before: before.threads,
      after: snapshot.threads,
    }),
    runs: refiled(held.runs, RUN_INDEXES, batch.runs, {
      before: before.runs,
      after: snapshot.runs,
    }),
    commands: commandsOf(batch).reduce(
      (kept, command) =>
        kept.set(both(command.participant, command.command_id), Object.freeze(command)),
      held.commands,
    ),
    subjects: withSubjects(held.subjects, batch.envelopes),
    rejections: withRejections(
      held.rejections,
      batch.proposals,
      (id) => snapshot.proposals.position(id) as number,
    ),
  });
}

/** The records an index files under `key`, in their table's order (none: an empty list). */
export function filedUnder<V>(index: Filed, table: ReadonlyMap<string, V>, key: string): V[] {
  return [...(index.get(key) ?? OrderedIds.empty())].map((id) => table.get(id) as V);
}

/**
 * A page of the records an index files under `key` (or, with no index, of the whole table):
 * those placed after the record `after` (from the start when left out), at most `limit`. An
 * `after` the table never held lists nothing.
 */
export function pageFiledUnder<V>(
  index: Filed | null,
  table: PersistentMap<V>,
  key: string,
  { after, limit }: { readonly after?: string; readonly limit?: number },
): V[] {
  const place = after === undefined ? -1 : table.position(after);
  if (place === undefined) return [];
  const most = limit ?? Number.POSITIVE_INFINITY;
  const page: V[] = [];
  if (most <= 0) return page;
  const values =
    index === null
      ? table.valuesAfter(place)
      : idsAfter(index.get(key) ?? OrderedIds.empty(), table, place);
  for (const value of values) {
    page.push(value);
    if (page.length >= most) break;
  }
  return page;
}

function* idsAfter<V>(ids: OrderedIds, table: PersistentMap<V>, place: number): Generator<V> {
  for (const id of ids.after(place)) yield table.get(id) as V;
}

// A revision by its version: its history holds version n at n - 1 when written in order.
function revisionAt(s: WorkspaceSnapshot, ref: RevisionRef): Revision | null {
  const history = s.revisions.get(ref.artifact_id);
  if (history === undefined) return null;
  const at = history.get(ref.version - 1);
  if (at?.version === ref.version) return at;
  return [...history].find((r) => r.version === ref.version) ?? null;
}

// What a load gives for a kind it was asked nothing of: immutable, shared by every load.
const NOTHING = PersistentMap.empty<never>();

// The entities of these ids, `null` for those the table does not hold.
function pick<V>(
  table: ReadonlyMap<string, V>,
  ids: readonly string[],
): ReadonlyMap<string, V | null> {
  if (ids.length === 0) return NOTHING;
  const picked = new Map<string, V | null>();
  for (const id of ids) picked.set(id, table.get(id) ?? null);
  return picked;
}

// Under each key (with `status`, under the key and that status), the entities `index` files
// there, in their table's order.
function filed<V>(
  index: Filed,
  table: ReadonlyMap<string, V>,
  keys: readonly string[],
  status?: string,
): ReadonlyMap<string, V[]> {
  if (keys.length === 0) return NOTHING;
  const found = new Map<string, V[]>();
  for (const key of keys) {
    found.set(key, filedUnder(index, table, status === undefined ? key : both(key, status)));
  }
  return found;
}

/** What `needs` asks for, read from one workspace; absent entities load as `null`. */
export function loadFrom(held: HeldWorkspace, needs: Needs): State {
  const s = held.snapshot;
  const messages = new Map<string, boolean>();
  for (const id of needs.messages) messages.set(id, s.messages.has(id));
  const revisions = new Map<string, Revision | null>();
  for (const ref of needs.revisions) revisions.set(revisionKey(ref), revisionAt(s, ref));
  return {
    artifacts: pick(s.artifacts, needs.artifacts),
    proposals: pick(s.proposals, needs.proposals),
    threads: pick(s.threads, needs.threads),
    runs: pick(s.runs, needs.runs),
    messages: messages.size === 0 ? NOTHING : messages,
    revisions: revisions.size === 0 ? NOTHING : revisions,
    pending: filed(held.proposals.pendingByThread, s.proposals, needs.pending.map(pendingKey)),
    rejected:
      needs.rejected.length === 0
        ? NOTHING
        : rejectionsFiled(held.rejections, s.proposals, needs.rejected),
    deciding: filed(held.runs.decidingByThread, s.runs, needs.deciding),
  };
}
