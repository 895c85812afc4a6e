import type { Revision, Versioned } from "./artifacts.ts";
import { WorkspaceError } from "./errors.ts";
import type { Proposal } from "./proposals.ts";
import type { Run } from "./runs.ts";
import type { Thread } from "./threads.ts";

/**
 * What the host loaded for one decision. A key present with `null` means "looked up,
 * absent"; a missing key means "not loaded" (asking for it throws `not_loaded`).
 */
export interface State {
  readonly artifacts: ReadonlyMap<string, Versioned | null>;
  readonly proposals: ReadonlyMap<string, Proposal | null>;
  readonly threads: ReadonlyMap<string, Thread | null>;
  readonly runs: ReadonlyMap<string, Run | null>;
  /** Message ids: `true` when already used in the workspace. */
  readonly messages: ReadonlyMap<string, boolean>;
  /** Past versions of artifacts, by {@link revisionKey}. */
  readonly revisions: ReadonlyMap<string, Revision | null>;
  /** One thread's pending proposals on an artifact, by {@link pendingKey}. */
  readonly pending: ReadonlyMap<string, readonly Proposal[]>;
  /**
   * The rejected proposals on an artifact whose rejection recorded a hunk id, by
   * {@link rejectedKey} (a new proposal may repeat one).
   */
  readonly rejected: ReadonlyMap<string, readonly Proposal[]>;
  /** The runs of a thread that have a pending decision, by thread id. */
  readonly deciding: ReadonlyMap<string, readonly Run[]>;
}

/** One version of one artifact. */
export interface RevisionRef {
  readonly artifact_id: string;
  readonly version: number;
}

/** The key of a revision in {@link State.revisions}. */
export function revisionKey(ref: RevisionRef): string {
  return `${ref.version}@${ref.artifact_id}`;
}

/** One thread's pending proposals on one artifact: all a new proposal may supersede. */
export interface PendingRef {
  readonly artifact_id: string;
  readonly thread_id: string;
}

/** The key of a thread's pending proposals in {@link State.pending}. */
export function pendingKey(ref: PendingRef): string {
  return JSON.stringify([ref.artifact_id, ref.thread_id]);
}

/**
 * The rejected proposals on one artifact whose rejection recorded one hunk id: every rejection
 * a new proposal with that hunk may repeat.
 */
export interface RejectedRef {
  readonly artifact_id: string;
  readonly hunk_id: string;
}

/** The key of the rejections that recorded a hunk in {@link State.rejected}. */
export function rejectedKey(ref: RejectedRef): string {
  return JSON.stringify([ref.artifact_id, ref.hunk_id]);
}

/** The ids `needs` asks the host to load, per kind of entity. */
export interface Needs {
  readonly artifacts: readonly string[];
  readonly proposals: readonly string[];
  readonly threads: readonly string[];
  readonly runs: readonly string[];
  readonly messages: readonly string[];
  readonly revisions: readonly RevisionRef[];
  /** The threads' pending proposals on artifacts that are wanted. */
  readonly pending: readonly PendingRef[];
  /** The rejections on artifacts that recorded a hunk id that are wanted, in creation order. */
  readonly rejected: readonly RejectedRef[];
  /** Thread ids whose runs with a pending decision are wanted (ending a thread retires them). */
  readonly deciding: readonly string[];
}

/** The kinds of entity a {@link State} holds. */
type EntityKind = keyof State;

/** Needs that ask for nothing. */
export const NO_NEEDS: Needs = {
  artifacts: [],
  proposals: [],
  threads: [],
  runs: [],
  messages: [],
  revisions: [],
  pending: [],
  rejected: [],
  deciding: [],
};

/** An empty state: nothing loaded yet. */
export function emptyState(): State {
  return {
    artifacts: new Map(),
    proposals: new Map(),
    threads: new Map(),
    runs: new Map(),
    messages: new Map(),
    revisions: new Map(),
    pending: new Map(),
    rejected: new Map(),
    deciding: new Map(),
  };
}

/** True when `needs` asks for nothing more. */
export function isSatisfied(needs: Needs): boolean {
  return (
    needs.artifacts.length === 0 &&
    needs.proposals.length === 0 &&
    needs.threads.length === 0 &&
    needs.runs.length === 0 &&
    needs.messages.length === 0 &&
    needs.revisions.length === 0 &&
    needs.pending.length === 0 &&
    needs.rejected.length === 0 &&
    needs.deciding.length === 0
  );
}

function loaded<K extends EntityKind>(
  state: State,
  kind: K,
  id: string,
): State[K] extends ReadonlyMap<string, infer V> ? V : never {
  const map = state[kind] as ReadonlyMap<string, unknown>;
  if (!map.has(id)) {
    throw new WorkspaceError("not_loaded", `${kind} ${id} was not loaded, but the rules need it`);
  }
  return map.get(id) as State[K] extends ReadonlyMap<string, infer V> ? V : never;
}

/** The loaded artifact, or `null` if it does not exist. @throws WorkspaceError `not_loaded` */
export const artifactIn = (state: State, id: string): Versioned | null =>
  loaded(state, "artifacts", id);
/** The loaded proposal, or `null`. @throws WorkspaceError `not_loaded` */
export const proposalIn = (state: State, id: string): Proposal | null =>
  loaded(state, "proposals", id);
/** The loaded thread, or `null`. @throws WorkspaceError `not_loaded` */
export const threadIn = (state: State, id: string): Thread | null => loaded(state, "threads", id);
/** The loaded run, or `null`. @throws WorkspaceError `not_loaded` */
export const runIn = (state: State, id: string): Run | null => loaded(state, "runs", id);
/** Whether a message id is used. @throws WorkspaceError `not_loaded` */
export const messageUsedIn = (state: State, id: string): boolean => loaded(state, "messages", id);
/** The loaded revision, or `null` if that version does not exist. @throws WorkspaceError `not_loaded` */
export const revisionIn = (state: State, ref: RevisionRef): Revision | null =>
  loaded(state, "revisions", revisionKey(ref));
/** A thread's pending proposals on an artifact. @throws WorkspaceError `not_loaded` */
export const pendingIn = (state: State, ref: PendingRef): readonly Proposal[] =>
  loaded(state, "pending", pendingKey(ref));
/**
 * The rejected proposals on an artifact whose rejection recorded a hunk id, oldest first.
 * @throws WorkspaceError `not_loaded`
 */
export const rejectedIn = (state: State, ref: RejectedRef): readonly Proposal[] =>
  loaded(state, "rejected", rejectedKey(ref));
/** The runs of a thread with a pending decision. @throws WorkspaceError `not_loaded` */
export const decidingIn = (state: State, threadId: string): readonly Run[] =>
  loaded(state, "deciding", threadId);
