import type { Scope } from "../model/decisions.ts";
import type { OfferRef } from "../model/offers.ts";
import type { WorkspaceSnapshot } from "../model/snapshot.ts";
import type { Thread } from "../model/threads.ts";
import { decisionPageOf, offerPageOf } from "./list-pages.ts";
import { ALL, both, filedUnder, type HeldWorkspace, pageFiledUnder } from "./memory-state.ts";
import { offersOf, pendingDecisions } from "./pending.ts";
import type { DecisionFilter, OfferFilter, PageAt, ProposalFilter, Store } from "./port.ts";

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
    offers: async (workspaceId, filter) => {
      const { threadId, after, limit } = filter;
      if (after !== undefined || limit !== undefined) return offerPage(held(workspaceId), filter);
      const { snapshot: s, threads: index } = held(workspaceId);
      if (threadId === undefined) return offersOf(filedUnder(index.offering, s.threads, ALL));
      const thread = s.threads.get(threadId);
      return thread === undefined ? [] : offersOf([thread], threadId);
    },
    decisions: async (workspaceId, filter) => {
      const { threadId, after, limit } = filter;
      if (after !== undefined || limit !== undefined) {
        return decisionPage(held(workspaceId), filter);
      }
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

// A page of pending decisions: the deciding threads after `after` (none when it is a run's
// scope), then the deciding runs after it, each read from its place in its index.
function decisionPage(
  { snapshot: s, threads, runs }: HeldWorkspace,
  { threadId, after, limit }: DecisionFilter & PageAt<Scope>,
) {
  if (after !== undefined && !(after.kind === "thread" ? s.threads : s.runs).has(after.id)) {
    return [];
  }
  const fromThread = after?.kind === "thread" ? after.id : undefined;
  const fromRun = after?.kind === "run" ? after.id : undefined;
  const most = limit === undefined ? {} : { limit };
  let own: Thread[] = [];
  if (fromRun === undefined && threadId === undefined) {
    own = pageFiledUnder(threads.deciding, s.threads, ALL, { ...at(fromThread), ...most });
  } else if (fromRun === undefined && threadId !== undefined) {
    // One thread at most: the filter's, when it is deciding and after the cursor.
    const thread = s.threads.get(threadId);
    const place = fromThread === undefined ? -1 : (s.threads.position(fromThread) as number);
    const later = (s.threads.position(threadId) ?? -1) > place;
    if (thread?.decision.pending != null && later) own = [thread];
  }
  const left = limit === undefined ? {} : { limit: Math.max(0, limit - own.length) };
  const ownRuns =
    threadId === undefined
      ? pageFiledUnder(runs.deciding, s.runs, ALL, { ...at(fromRun), ...left })
      : pageFiledUnder(runs.decidingByThread, s.runs, threadId, { ...at(fromRun), ...left });
  return decisionPageOf(own, ownRuns, threadId, limit);
}

const at = (after: string | undefined) => (after === undefined ? {} : { after });

// A page of offers: those the thread of `after` made after it, then the offering threads
// created after that thread, read from its place in their index as far as the page needs.
function offerPage(
  { snapshot: s, threads: index }: HeldWorkspace,
  filter: OfferFilter & PageAt<OfferRef>,
) {
  const { threadId, after } = filter;
  const from = after === undefined ? null : (s.threads.get(after.thread_id) ?? null);
  if (after !== undefined && from === null) return [];
  const place = from === null ? -1 : (s.threads.position(from.id) as number);
  return offerPageOf(from, offeringAfter(index.offering, s.threads, place, threadId), filter);
}

function* offeringAfter(
  offering: HeldWorkspace["threads"]["offering"],
  table: WorkspaceSnapshot["threads"],
  place: number,
  threadId: string | undefined,
): Generator<Thread> {
  if (threadId !== undefined) {
    const thread = table.get(threadId);
    const offered = thread !== undefined && Object.keys(thread.offered).length > 0;
    if (offered && (table.position(threadId) as number) > place) yield thread;
    return;
  }
  for (const id of offering.get(ALL)?.after(place) ?? []) yield table.get(id) as Thread;
}
