import type { WorkspaceSnapshot } from "../model/snapshot.ts";
import { ALL, both, filedUnder, type HeldWorkspace, pageFiledUnder } from "./memory-state.ts";
import { offersOf, pendingDecisions } from "./pending.ts";
import type { PageAt, ProposalFilter, Store } from "./port.ts";

type Lists = Pick<
  Store,
  "revisions" | "proposals" | "artifacts" | "threads" | "runs" | "offers" | "decisions"
>;

/**
 * The memory store's lists, read from a workspace's current snapshot through its indexes, as
 * the durable adapters read theirs: each costs what it lists, not what the workspace holds.
 */
export function memoryLists(held: (workspaceId: string) => HeldWorkspace): Lists {
  const snapshot = (workspaceId: string): WorkspaceSnapshot => held(workspaceId).snapshot;
  return {
    revisions: async (workspaceId, artifactId) =>
      snapshot(workspaceId).revisions.get(artifactId)?.slice() ?? [],
    proposals: async (workspaceId, { status, artifactId, ...at }: ProposalFilter & PageAt) => {
      const { snapshot: s, proposals: index } = held(workspaceId);
      // Each filter reads the index for it, from where the page starts.
      if (artifactId !== undefined && status !== undefined) {
        return pageFiledUnder(index.byBoth, s.proposals, both(artifactId, status), at);
      }
      if (artifactId !== undefined) {
        return pageFiledUnder(index.byArtifact, s.proposals, artifactId, at);
      }
      if (status !== undefined) return pageFiledUnder(index.byStatus, s.proposals, status, at);
      return pageFiledUnder(null, s.proposals, ALL, at);
    },
    artifacts: async (workspaceId) => [...snapshot(workspaceId).artifacts.values()],
    threads: async (workspaceId, { status }) => {
      const { snapshot: s, threads: index } = held(workspaceId);
      return status === undefined
        ? [...s.threads.values()]
        : filedUnder(index.byStatus, s.threads, status);
    },
    runs: async (workspaceId, { threadId, status }) => {
      const { snapshot: s, runs: index } = held(workspaceId);
      if (threadId !== undefined && status !== undefined) {
        return filedUnder(index.byBoth, s.runs, both(threadId, status));
      }
      if (threadId !== undefined) return filedUnder(index.byThread, s.runs, threadId);
      if (status !== undefined) return filedUnder(index.byStatus, s.runs, status);
      return [...s.runs.values()];
    },
    offers: async (workspaceId, { threadId }) => {
      const { snapshot: s, threads: index } = held(workspaceId);
      if (threadId === undefined) return offersOf(filedUnder(index.offering, s.threads, ALL));
      const thread = s.threads.get(threadId);
      return thread === undefined ? [] : offersOf([thread], threadId);
    },
    decisions: async (workspaceId, { threadId }) => {
      const { snapshot: s, threads, runs } = held(workspaceId);
      if (threadId === undefined) {
        return pendingDecisions(
          filedUnder(threads.deciding, s.threads, ALL),
          filedUnder(runs.deciding, s.runs, ALL),
        );
      }
      const thread = s.threads.get(threadId);
      const own = thread?.decision.pending == null ? [] : [thread];
      return pendingDecisions(own, filedUnder(runs.decidingByThread, s.runs, threadId), threadId);
    },
  };
}
