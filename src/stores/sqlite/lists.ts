import type { Database } from "better-sqlite3";
import type { PendingDecision, Scope } from "../../model/decisions.ts";
import type { OfferEntry, OfferRef } from "../../model/offers.ts";
import type { Run } from "../../model/runs.ts";
import type { Thread } from "../../model/threads.ts";
import { decisionPageOf, offerPageOf } from "../list-pages.ts";
import { offersOf, pendingDecisions } from "../pending.ts";
import type { DecisionFilter, OfferFilter, PageAt, RunFilter, ThreadFilter } from "../port.ts";
import { decisionPages } from "./decision-pages.ts";
import { offerPages } from "./offer-pages.ts";
import { listedRunOf, listedThreadOf, type RunRow, type ThreadRow } from "./rows.ts";
import type { Statements } from "./statements.ts";

/** The store's lists of threads, runs, pending decisions and offers, each by an index. */
interface Lists {
  /** Threads matching the filter, in creation order. */
  threads(workspaceId: string, filter: ThreadFilter): Thread[];
  /** Runs matching the filter, in the order first started. */
  runs(workspaceId: string, filter: RunFilter): Run[];
  /**
   * The decisions pending now: threads' first, then runs', each in creation order (a page of
   * them from `after`'s place, with `after` or `limit`).
   */
  decisions(workspaceId: string, filter: DecisionFilter & PageAt<Scope>): PendingDecision[];
  /**
   * The offers made, with their answers: by thread in creation order, each in the order made
   * (a page of them after `after`, with `after` or `limit`).
   */
  offers(workspaceId: string, filter: OfferFilter & PageAt<OfferRef>): OfferEntry[];
  /** The runs of each thread that have a pending decision (for `load`'s `deciding`). */
  deciding(workspaceId: string, threadIds: readonly string[]): Map<string, Run[]>;
}

/** The lists of one connection, over its prepared statements. */
export function lists(db: Database, s: Statements): Lists {
  const threads = (ws: string, rows: readonly ThreadRow[]) =>
    rows.map((row) => listedThreadOf(ws, row));
  const runs = (ws: string, rows: readonly RunRow[]) => rows.map((row) => listedRunOf(ws, row));
  const deciding = (ws: string, threadIds: readonly string[]) =>
    new Map(threadIds.map((id) => [id, runs(ws, s.decidingRunsOf.all(ws, id))] as const));

  // Both lists in one read transaction, so a decision moving from a thread to a run (or
  // back) between them is never listed twice or missed.
  const decisionRows = decisionPages(db);
  const decisions = db.transaction((ws: string, filter: DecisionFilter & PageAt<Scope>) => {
    const { threadId, after, limit } = filter;
    if (after !== undefined || limit !== undefined) {
      const rows = decisionRows(ws, filter);
      return decisionPageOf(threads(ws, rows.threads), runs(ws, rows.runs), threadId, limit);
    }
    if (threadId === undefined) {
      return pendingDecisions(
        threads(ws, s.decidingThreads.all(ws)),
        runs(ws, s.decidingRuns.all(ws)),
      );
    }
    const own = threads(ws, s.decidingThread.all(ws, threadId));
    return pendingDecisions(own, runs(ws, s.decidingRunsOf.all(ws, threadId)), threadId);
  });

  function* listed(ws: string, rows: Iterable<ThreadRow>) {
    for (const row of rows) yield listedThreadOf(ws, row);
  }
  // The thread of `after` and the ones after it in one read transaction, as the list is.
  const offerRows = offerPages(db);
  const offerPage = db.transaction((ws: string, filter: OfferFilter & PageAt<OfferRef>) => {
    const { from, rest } = offerRows(ws, filter);
    if (from === undefined) return [];
    const made = from === null ? null : listedThreadOf(ws, from);
    return offerPageOf(made, listed(ws, rest), filter);
  });

  return {
    threads: (ws, { status }) =>
      threads(ws, status === undefined ? s.threads.all(ws) : s.threadsByStatus.all(ws, status)),
    runs(ws, { threadId, status }) {
      if (threadId === undefined) {
        return runs(ws, status === undefined ? s.runs.all(ws) : s.runsByStatus.all(ws, status));
      }
      const rows =
        status === undefined
          ? s.runsByThread.all(ws, threadId)
          : s.runsByBoth.all(ws, threadId, status);
      return runs(ws, rows);
    },
    decisions: (ws, filter) => decisions.deferred(ws, filter),
    offers: (ws, filter) => {
      const { threadId } = filter;
      if (filter.after !== undefined || filter.limit !== undefined)
        return offerPage.deferred(ws, filter);
      // Only the threads whose agent made offers, by their index (or the one thread's key).
      const rows =
        threadId === undefined ? s.offeringThreads.all(ws) : s.offeringThread.all(ws, threadId);
      return offersOf(threads(ws, rows), threadId);
    },
    deciding,
  };
}
