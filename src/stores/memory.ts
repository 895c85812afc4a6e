import { type Draft, produce } from "immer";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import { EMPTY_SNAPSHOT, logEntries, pushLog, type WorkspaceSnapshot } from "../model/snapshot.ts";
import { type Needs, revisionKey, type State } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { offersOf, pendingDecisions } from "./pending.ts";
import type { AppendBatch, AppendResult, ProposalFilter, Store } from "./port.ts";

/** A store that keeps every workspace in this process's memory, as immutable snapshots. */
export interface MemoryStore extends Store {
  /** The workspace's current snapshot (immutable; share it freely). */
  snapshot(workspaceId: string): WorkspaceSnapshot;
}

/** Creates an empty in-memory store: the default, no setup, gone with the process. */
export function memoryStore(): MemoryStore {
  const workspaces = new Map<string, WorkspaceSnapshot>();
  const watchers = new Map<string, Set<(head: number) => void>>();
  const snapshot = (workspaceId: string) => workspaces.get(workspaceId) ?? EMPTY_SNAPSHOT;

  return {
    capabilities: { durable: false, crossProcess: false },
    snapshot,
    head: async (workspaceId) => snapshot(workspaceId).head,
    load: async (workspaceId, needs) => loadFrom(snapshot(workspaceId), needs),
    async append(
      workspaceId: string,
      expectedHead: number,
      batch: AppendBatch,
    ): Promise<AppendResult> {
      const current = snapshot(workspaceId);
      if (current.head !== expectedHead) return { ok: false, head: current.head };
      const next = withBatch(current, batch);
      workspaces.set(workspaceId, next);
      // Watchers hear of it after this append has returned, as they would from another process.
      if (batch.envelopes.length > 0) {
        for (const watcher of watchers.get(workspaceId) ?? [])
          queueMicrotask(() => watcher(next.head));
      }
      return { ok: true, head: next.head };
    },
    async read(workspaceId, { after, limit, threadId }) {
      const s = snapshot(workspaceId);
      if (threadId === undefined) return logEntries(s, after, limit);
      // A scan of the memory log: cheap here, and the durable adapters use an index.
      const found = logEntries(s, after).filter((e) => e.thread_id === threadId);
      return limit === undefined ? found : found.slice(0, Math.max(0, limit));
    },
    ...memoryLists(snapshot),
    async landed(workspaceId, { seq, envelope_id }) {
      const [found] = logEntries(snapshot(workspaceId), seq - 1, 1);
      return found?.seq === seq && found.id === envelope_id;
    },
    ...memoryCursors(),
    watch(workspaceId, onAppend) {
      const set = watchers.get(workspaceId) ?? new Set();
      watchers.set(workspaceId, set);
      set.add(onAppend);
      return () => set.delete(onAppend);
    },
    close: async () => {
      watchers.clear();
    },
  };
}

type Lists = Pick<
  Store,
  "revisions" | "proposals" | "artifacts" | "threads" | "runs" | "offers" | "decisions"
>;

// The lists, read from the current snapshot: scans of memory, which the durable adapters
// serve by index.
function memoryLists(snapshot: (workspaceId: string) => WorkspaceSnapshot): Lists {
  return {
    revisions: async (workspaceId, artifactId) => [
      ...(snapshot(workspaceId).revisions.get(artifactId) ?? []),
    ],
    proposals: async (workspaceId, filter: ProposalFilter) =>
      [...snapshot(workspaceId).proposals.values()].filter(
        (p) =>
          (filter.status === undefined || p.status === filter.status) &&
          (filter.artifactId === undefined || p.change.artifact_id === filter.artifactId),
      ),
    artifacts: async (workspaceId) => [...snapshot(workspaceId).artifacts.values()],
    threads: async (workspaceId, { status }) =>
      [...snapshot(workspaceId).threads.values()].filter(
        (t) => status === undefined || t.status === status,
      ),
    runs: async (workspaceId, { threadId, status }) =>
      [...snapshot(workspaceId).runs.values()].filter(
        (r) =>
          (threadId === undefined || r.thread_id === threadId) &&
          (status === undefined || r.status === status),
      ),
    offers: async (workspaceId, { threadId }) =>
      offersOf(snapshot(workspaceId).threads.values(), threadId),
    decisions: async (workspaceId, { threadId }) => {
      const s = snapshot(workspaceId);
      return pendingDecisions(s.threads.values(), s.runs.values(), threadId);
    },
  };
}

// Notes cursors, per workspace and viewer, moved by compare-and-swap.
function memoryCursors(): Pick<Store, "cursor" | "moveCursor"> {
  const cursors = new Map<string, number>();
  const key = (workspaceId: string, viewer: string) => JSON.stringify([workspaceId, viewer]);
  return {
    cursor: async (workspaceId, viewer) => cursors.get(key(workspaceId, viewer)) ?? 0,
    async moveCursor(workspaceId, viewer, from, to) {
      const at = key(workspaceId, viewer);
      if ((cursors.get(at) ?? 0) !== from) return false;
      cursors.set(at, to);
      return true;
    },
  };
}

/** What `needs` asks for, read from one snapshot; absent entities load as `null`. */
function loadFrom(s: WorkspaceSnapshot, needs: Needs): State {
  const pick = <V>(map: ReadonlyMap<string, V>, ids: readonly string[]) =>
    new Map(ids.map((id) => [id, map.get(id) ?? null] as const));
  return {
    artifacts: pick(s.artifacts, needs.artifacts),
    proposals: pick(s.proposals, needs.proposals),
    threads: pick(s.threads, needs.threads),
    runs: pick(s.runs, needs.runs),
    messages: new Map(needs.messages.map((id) => [id, s.messages.has(id)] as const)),
    revisions: new Map(
      needs.revisions.map(
        (ref) =>
          [
            revisionKey(ref),
            s.revisions.get(ref.artifact_id)?.find((r) => r.version === ref.version) ?? null,
          ] as const,
      ),
    ),
    pending: new Map(
      needs.pending.map(
        (id) =>
          [
            id,
            [...s.proposals.values()].filter(
              (p) => p.status === "pending" && p.change.artifact_id === id,
            ),
          ] as const,
      ),
    ),
    deciding: new Map(
      needs.deciding.map(
        (id) =>
          [
            id,
            [...s.runs.values()].filter((r) => r.thread_id === id && r.decision.pending !== null),
          ] as const,
      ),
    ),
  };
}

/** The snapshot after appending `batch`: its envelopes added, its entities written over. */
function withBatch(snapshot: WorkspaceSnapshot, batch: AppendBatch): WorkspaceSnapshot {
  return produce(snapshot, (draft: Draft<WorkspaceSnapshot>) => {
    pushLog(draft, batch.envelopes);
    for (const artifact of batch.artifacts)
      draft.artifacts.set(artifact.id, artifact as Draft<Versioned>);
    for (const revision of batch.revisions) {
      const history = draft.revisions.get(revision.artifact_id);
      if (history === undefined)
        draft.revisions.set(revision.artifact_id, [revision as Draft<Revision>]);
      else history.push(revision as Draft<Revision>);
    }
    for (const proposal of batch.proposals)
      draft.proposals.set(proposal.id, proposal as Draft<Proposal>);
    for (const thread of batch.threads) draft.threads.set(thread.id, thread as Draft<Thread>);
    for (const run of batch.runs) draft.runs.set(run.id, run as Draft<Run>);
    for (const id of batch.messages) draft.messages.add(id);
  });
}
