import type { Database, Statement } from "better-sqlite3";
import type { Scope } from "../../model/decisions.ts";
import type { DecisionFilter, PageAt } from "../port.ts";
import type { RunRow, ThreadRow } from "./rows.ts";

const THREAD_COLUMNS = "id, v, record, status, deciding, offering";
const RUN_COLUMNS = "id, v, record, thread_id, status, deciding";
// A page is a range of the rowid (the order threads were created, then the order runs were
// started) of the partial index of those deciding: SQLite ends every index with the rowid.
const threadsAfter = (where: string) =>
  `SELECT ${THREAD_COLUMNS} FROM threads WHERE workspace_id = ?${where} AND deciding = 1
    AND rowid > ? ORDER BY rowid LIMIT ?`;
const runsAfter = (where: string) =>
  `SELECT ${RUN_COLUMNS} FROM runs WHERE workspace_id = ?${where} AND deciding = 1
    AND rowid > ? ORDER BY rowid LIMIT ?`;

/** The statements of pending decisions' pages, by filter (a test holds each to its plan). */
export const DECISION_PAGE_SQL = {
  threadPlace: "SELECT rowid AS place FROM threads WHERE workspace_id = ? AND id = ?",
  runPlace: "SELECT rowid AS place FROM runs WHERE workspace_id = ? AND id = ?",
  threads: threadsAfter(""),
  thread: threadsAfter(" AND id = ?"),
  runs: runsAfter(""),
  runsOf: runsAfter(" AND thread_id = ?"),
} as const;

type Ws = string;
type Place = number | bigint;
interface DecisionStatements {
  readonly threadPlace: Statement<[Ws, string], { place: Place }>;
  readonly runPlace: Statement<[Ws, string], { place: Place }>;
  readonly threads: Statement<[Ws, Place, number], ThreadRow>;
  readonly thread: Statement<[Ws, string, Place, number], ThreadRow>;
  readonly runs: Statement<[Ws, Place, number], RunRow>;
  readonly runsOf: Statement<[Ws, string, Place, number], RunRow>;
}

/** The rows of a page of pending decisions: the threads' part, then the runs'. */
interface DecisionRows {
  readonly threads: ThreadRow[];
  readonly runs: RunRow[];
}

const NONE: DecisionRows = { threads: [], runs: [] };

/**
 * The rows of a page of pending decisions on one connection (call it inside a read
 * transaction): the deciding threads after `after` (none when it is a run), then as many
 * deciding runs as the page still holds. A scope never made reads nothing.
 */
export function decisionPages(
  db: Database,
): (ws: string, filter: DecisionFilter & PageAt<Scope>) => DecisionRows {
  const s = Object.fromEntries(
    Object.entries(DECISION_PAGE_SQL).map(([name, source]) => [name, db.prepare(source)]),
  ) as unknown as DecisionStatements;
  const placeOf = (ws: string, after: Scope | undefined) => {
    if (after === undefined) return { thread: 0, run: 0 };
    const place = (after.kind === "thread" ? s.threadPlace : s.runPlace).get(ws, after.id)?.place;
    if (place === undefined) return null;
    return after.kind === "thread" ? { thread: place, run: 0 } : { thread: null, run: place };
  };
  return (ws, { threadId, after, limit }) => {
    const place = placeOf(ws, after);
    if (place === null) return NONE;
    // SQLite reads a negative limit as none.
    const most = limit ?? -1;
    let threads: ThreadRow[] = [];
    if (place.thread !== null) {
      threads =
        threadId === undefined
          ? s.threads.all(ws, place.thread, most)
          : s.thread.all(ws, threadId, place.thread, most);
    }
    const left = most < 0 ? -1 : most - threads.length;
    if (left === 0) return { threads, runs: [] };
    const runs =
      threadId === undefined
        ? s.runs.all(ws, place.run, left)
        : s.runsOf.all(ws, threadId, place.run, left);
    return { threads, runs };
  };
}
