import type { Database, Statement } from "better-sqlite3";
import type { OfferRef } from "../../model/offers.ts";
import type { OfferFilter, PageAt } from "../port.ts";
import type { ThreadRow } from "./rows.ts";

const COLUMNS = "id, v, record, status, deciding, offering";
// The offering threads after the one that made `after`, a range of the rowid (the order
// threads were created) of the partial index of those offering.
const offeringAfter = (where: string) =>
  `SELECT ${COLUMNS} FROM threads WHERE workspace_id = ?${where} AND offering = 1
    AND rowid > ? ORDER BY rowid LIMIT ?`;

/** The statements of offers' pages, by filter (a test holds each to its query plan). */
export const OFFER_PAGE_SQL = {
  from: `SELECT rowid AS place, ${COLUMNS} FROM threads WHERE workspace_id = ? AND id = ?`,
  threads: offeringAfter(""),
  thread: offeringAfter(" AND id = ?"),
} as const;

type Ws = string;
type Place = number | bigint;
interface OfferStatements {
  readonly from: Statement<[Ws, string], ThreadRow & { place: Place }>;
  readonly threads: Statement<[Ws, Place, number], ThreadRow>;
  readonly thread: Statement<[Ws, string, Place, number], ThreadRow>;
}

/** The rows of a page of offers: the thread that made `after`, and the offering ones after it. */
interface OfferRows {
  /** The thread that made `after` (`null` with no `after`; absent when never made). */
  readonly from: ThreadRow | null | undefined;
  /** Read row by row, as far as the page needs (inside the same transaction). */
  readonly rest: Iterable<ThreadRow>;
}

/**
 * The rows of a page of offers on one connection (call it inside a read transaction and read
 * `rest` there). Every offering thread made one offer at least, so `limit` threads after
 * `after`'s hold the page; the rows are stepped through one by one, so a page of threads with
 * many offers each reads only the threads it shows.
 */
export function offerPages(
  db: Database,
): (ws: string, filter: OfferFilter & PageAt<OfferRef>) => OfferRows {
  const s = Object.fromEntries(
    Object.entries(OFFER_PAGE_SQL).map(([name, source]) => [name, db.prepare(source)]),
  ) as unknown as OfferStatements;
  return (ws, { threadId, after, limit }) => {
    const from = after === undefined ? null : s.from.get(ws, after.thread_id);
    if (from === undefined) return { from, rest: [] };
    const place = from?.place ?? 0;
    // SQLite reads a negative limit as none.
    const most = limit ?? -1;
    // Started only once read: a statement left mid-way stays busy for the next page.
    function* rest() {
      yield* threadId === undefined
        ? s.threads.iterate(ws, place, most)
        : s.thread.iterate(ws, threadId, place, most);
    }
    return { from, rest: rest() };
  };
}
