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
  /** The pending proposals on an artifact, by artifact id. */
  readonly pending: ReadonlyMap<string, readonly Proposal[]>;
  /** The rejected proposals on an artifact, by artifact id (a new proposal may repeat one). */
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

/** The ids `needs` asks the host to load, per kind of entity. */
export interface Needs {
  readonly artifacts: readonly string[];
  readonly proposals: readonly string[];
  readonly threads: readonly string[];
  readonly runs: readonly string[];
  readonly messages: readonly string[];
  readonly revisions: readonly RevisionRef[];
  /** Artifact ids whose pending proposals are wanted. */
  readonly pending: readonly string[];
  /** Artifact ids whose rejected proposals are wanted. */
  readonly rejected: readonly string[];
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
/** The pending proposals on an artifact. @throws WorkspaceError `not_loaded` */
export const pendingIn = (state: State, artifactId: string): readonly Proposal[] =>
  loaded(state, "pending", artifactId);
/** The rejected proposals on an artifact. @throws WorkspaceError `not_loaded` */
export const rejectedIn = (state: State, artifactId: string): readonly Proposal[] =>
  loaded(state, "rejected", artifactId);
/** The runs of a thread with a pending decision. @throws WorkspaceError `not_loaded` */
export const decidingIn = (state: State, threadId: string): readonly Run[] =>
  loaded(state, "deciding", threadId);
