import type { About } from "../model/about.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { CommandRecord } from "../model/command-record.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { PendingDecision, Scope } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import type { OfferEntry, OfferRef } from "../model/offers.ts";
import type { Proposal, ProposalStatus } from "../model/proposals.ts";
import type { Run, RunStatus } from "../model/runs.ts";
import type { Needs, State } from "../model/state.ts";
import type { Thread, ThreadStatus } from "../model/threads.ts";

/** What one decision appends: its envelopes and every entity they change. */
export interface AppendBatch extends Omit<CommitResult, "outcome" | "events"> {
  readonly envelopes: readonly Envelope[];
  /** The command the batch carries out, under its sender's id, written with it (or never). */
  readonly command?: CommandRecord;
  /**
   * The commands a group commit carries out (ADR 0055), each under its sender's id, written
   * with the batch (or never), beside `command`.
   */
  readonly commands?: readonly CommandRecord[];
}

/** Every command a batch keeps: its `command`, then its `commands`. */
export function commandsOf(batch: AppendBatch): readonly CommandRecord[] {
  const { command, commands = [] } = batch;
  return command === undefined ? commands : [command, ...commands];
}

/**
 * Whether an append landed; when another writer moved the log first, the head it found. With
 * `taken`, the head had not moved but a message id of the batch was already in use: nothing
 * was written, and the workspace decides again with the ids read (see
 * {@link StoreCapabilities.refusesTakenMessageIds}).
 */
export type AppendResult =
  | { readonly ok: true; readonly head: number }
  | { readonly ok: false; readonly head: number; readonly taken?: true };

/** Which proposals to list. */
export interface ProposalFilter {
  readonly status?: ProposalStatus;
  readonly artifactId?: string;
}

/**
 * Where a page of a list starts and how long it is. The list's order is fixed when each entity
 * is first written, so a page after an entity stays after it whatever changes later. `Cursor`
 * is what names an entry: a proposal's id, a decision's scope, an offer's thread and id.
 */
export interface PageAt<Cursor = string> {
  /**
   * The last entry of the page before: the page holds those made after it (matching the
   * filter). An entry the workspace never made lists nothing.
   */
  readonly after?: Cursor;
  /** At most this many (a whole number from 0); all of them when left out. */
  readonly limit?: number;
}

/** Which append: its first envelope's position and id. */
export interface AppendAttempt {
  readonly seq: number;
  readonly envelope_id: string;
}

/** Which threads to list. */
export interface ThreadFilter {
  readonly status?: ThreadStatus;
}

/** Which runs to list. */
export interface RunFilter {
  readonly threadId?: string;
  readonly status?: RunStatus;
}

/** Which offers to list. */
export interface OfferFilter {
  /** Only those this thread's agent made. */
  readonly threadId?: string;
}

/** Which pending decisions to list. */
export interface DecisionFilter {
  /** Only those of this thread: its own and its runs'. */
  readonly threadId?: string;
}

/** What an adapter can do, declared so the shared suite never names an adapter. */
export interface StoreCapabilities {
  /** Survives the process: a new store opened on the same place sees the same data. */
  readonly durable: boolean;
  /** Appends by other processes reach this store's watchers. */
  readonly crossProcess: boolean;
  /**
   * The append refuses a message id already in use (a primary key) and answers
   * `{ ok: false, taken: true }`, writing nothing. The workspace then decides a new message
   * without reading whether its id is free, which saves a round trip where reads cost one,
   * and reads it only after such a refusal. Absent: every id is read before it is written.
   */
  readonly refusesTakenMessageIds?: boolean;
}

/**
 * The storage port: the few primitives a workspace needs. The host loop, retries, change
 * feeds and everything derived live above it, written once. Records read back are parsed;
 * a row that does not parse is a `WorkspaceError("corrupt_record")` naming the workspace and
 * the position or id, never half-loaded.
 */
export interface Store {
  /** What this adapter can do. */
  readonly capabilities: StoreCapabilities;
  /**
   * A record as this store reads it back after writing it, where that is not as it was
   * written (PostgreSQL's `jsonb` orders object keys its own way). Absent where a record reads
   * back as it was written. A workspace keeps what it wrote this way, so that a write decided
   * from what it kept answers as one decided from a fresh load.
   */
  readonly asStored?: <T>(record: T) => T;
  /** The position of the last event in the workspace's log (0 when empty). */
  head(workspaceId: string): Promise<number>;
  /** Loads the entities `needs` asked for; absent ones load as `null` (messages as `false`). */
  load(workspaceId: string, needs: Needs): Promise<State>;
  /**
   * Appends a batch atomically if the log is still at `expectedHead`; otherwise changes
   * nothing and reports the head it found. A batch of entities without envelopes moves no
   * head: it is for filling a store before workspaces use it, since a workspace that keeps
   * what it last wrote (ADR 0002) does not see it, as it does not see a row changed by hand.
   */
  append(workspaceId: string, expectedHead: number, batch: AppendBatch): Promise<AppendResult>;
  /**
   * Runs `run` holding the workspace's lock among every process using this store, where the
   * store has one (PostgreSQL's advisory lock): a workspace whose append lost its
   * compare-and-swap to another process retries under it rather than sleeping at random
   * (ADR 0055). Absent where one process holds the store, or the store's own write lock
   * already orders writers.
   */
  exclusively?<T>(workspaceId: string, run: () => Promise<T>): Promise<T>;
  /**
   * The envelopes after position `after`, in order (at most `limit`). With `threadId`, only
   * those whose `thread_id` is that thread (envelopes of no thread never match), still in
   * order after `after` and at most `limit` of them; adapters read them by an index, so the
   * cost is the thread's length, not the workspace's. With `about` (instead of `threadId`),
   * only those about its subjects (see {@link About}: an envelope is about what
   * `subjectsOf(envelope.event)` names), still in order and at most `limit`; adapters read
   * them by an index of subjects filled at append, in one query however many subjects it
   * names, so the cost is what those subjects hold after `after`, not the log's length.
   */
  read(
    workspaceId: string,
    options: { after: number; limit?: number; threadId?: string; about?: About },
  ): Promise<Envelope[]>;
  /** Every revision of an artifact, oldest first. */
  revisions(workspaceId: string, artifactId: string): Promise<Revision[]>;
  /**
   * Proposals matching the filter, in the order they were made; with `after` and `limit`, a
   * page of them, read by an index from where `after` was made (its cost is the page's).
   */
  proposals(workspaceId: string, filter: ProposalFilter & PageAt): Promise<Proposal[]>;
  /** Every artifact, archived ones included, in the order they were created. */
  artifacts(workspaceId: string): Promise<Versioned[]>;
  /** Threads matching the filter, in the order they were created (by an index). */
  threads(workspaceId: string, filter: ThreadFilter): Promise<Thread[]>;
  /** Runs matching the filter, in the order they were first started (by an index). */
  runs(workspaceId: string, filter: RunFilter): Promise<Run[]>;
  /**
   * Every decision pending now (matching the filter), by an index: the threads' in the order
   * the threads were created, then the runs' in the order the runs were started. With `after`
   * (the scope of the last decision of the page before: where it stands in that order, fixed
   * when its thread or run was first written) and `limit`, a page of them.
   */
  decisions(
    workspaceId: string,
    filter: DecisionFilter & PageAt<Scope>,
  ): Promise<PendingDecision[]>;
  /**
   * Every offer made (matching the filter), with its answer, by an index of the threads that
   * made offers: in the order those threads were created, each thread's in the order made.
   * With `after` (the last offer of the page before) and `limit`, a page of them.
   */
  offers(workspaceId: string, filter: OfferFilter & PageAt<OfferRef>): Promise<OfferEntry[]>;
  /**
   * Calls `onAppend` with the new head after appends to the workspace (by this process, and
   * by others where `capabilities.crossProcess`). Calls may be coalesced or spurious; the
   * listener reads the log itself. Returns a function that stops watching.
   */
  watch(workspaceId: string, onAppend: (head: number) => void): () => void;
  /**
   * Whether the append whose first envelope is `attempt` is in the log — final: an adapter
   * whose append can still be running after its connection was lost waits for it to end.
   */
  landed(workspaceId: string, attempt: AppendAttempt): Promise<boolean>;
  /**
   * The command a sender (by participant key) carried out under `commandId`, written with its
   * append, or `null` when none landed (by an index: its cost is one lookup).
   */
  command(
    workspaceId: string,
    participant: string,
    commandId: string,
  ): Promise<CommandRecord | null>;
  /** How far a viewer (by participant key) has heard of the log: its notes cursor, or 0. */
  cursor(workspaceId: string, viewer: string): Promise<number>;
  /**
   * Moves a viewer's notes cursor from `from` to `to` if it is still at `from`; `false` when
   * another reader moved it first. Cursors are delivery state, kept beside the log, not in it.
   */
  moveCursor(workspaceId: string, viewer: string, from: number, to: number): Promise<boolean>;
  /** Releases what the store holds (connections, files, timers). Idempotent. */
  close(): Promise<void>;
}
