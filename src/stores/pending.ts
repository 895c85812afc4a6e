import type { PendingDecision } from "../model/decisions.ts";
import type { OfferEntry } from "../model/offers.ts";
import type { Run } from "../model/runs.ts";
import type { Thread } from "../model/threads.ts";

/** The decision pending in a thread or a run, with its scope; `null` when none is. */
export function pendingOf(owner: Thread | Run): PendingDecision | null {
  const decision = owner.decision.pending;
  if (decision === null) return null;
  // A run has its thread's id; a thread has none beside its own.
  if ("thread_id" in owner) {
    const scope = { kind: "run", id: owner.id } as const;
    return { scope, thread_id: owner.thread_id, run_id: owner.id, decision };
  }
  return { scope: { kind: "thread", id: owner.id }, thread_id: owner.id, run_id: null, decision };
}

/** The pending decisions of these threads and runs, threads first, each in the order given. */
export function pendingDecisions(
  threads: Iterable<Thread>,
  runs: Iterable<Run>,
  threadId?: string,
): PendingDecision[] {
  const found: PendingDecision[] = [];
  for (const owner of [...threads, ...runs]) {
    const pending = pendingOf(owner);
    if (pending !== null && (threadId === undefined || pending.thread_id === threadId)) {
      found.push(pending);
    }
  }
  return found;
}

/** The offers these threads' agents made, each with its answer, in the order given and made. */
export function offersOf(threads: Iterable<Thread>, threadId?: string): OfferEntry[] {
  const found: OfferEntry[] = [];
  for (const thread of threads) {
    if (threadId !== undefined && thread.id !== threadId) continue;
    for (const [offer_id, offer] of Object.entries(thread.offered)) {
      const answer = Object.hasOwn(thread.offers, offer_id) ? thread.offers[offer_id] : undefined;
      const starting = Object.hasOwn(thread.starting, offer_id)
        ? thread.starting[offer_id]
        : undefined;
      found.push({
        thread_id: thread.id,
        offer_id,
        offer,
        answer: answer ?? null,
        starting: starting ?? null,
      });
    }
  }
  return found;
}
