import type { Database, Statement } from "better-sqlite3";
import type { LogRow, ProposalRow, RecordRow, RunRow, ThreadRow } from "./rows.ts";

// Upserts keep the row (and its rowid, the creation order) and replace the record.
const upsert = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (workspace_id, id, ${columns.join(", ")})
   VALUES (?, ?, ${columns.map(() => "?").join(", ")})
   ON CONFLICT (workspace_id, id) DO UPDATE SET
   ${columns.map((c) => `${c} = excluded.${c}`).join(", ")}`;

const PROPOSAL_COLUMNS = "id, v, record, status, artifact_id";
const THREAD_COLUMNS = "id, v, record, status, deciding, offering";
const RUN_COLUMNS = "id, v, record, thread_id, status, deciding";
const threadsWhere = (where: string) =>
  `SELECT ${THREAD_COLUMNS} FROM threads WHERE workspace_id = ?${where} ORDER BY rowid`;
const runsWhere = (where: string, index = "") =>
  `SELECT ${RUN_COLUMNS} FROM runs${index} WHERE workspace_id = ?${where} ORDER BY rowid`;

/**
 * Every statement the store runs. Those that open, load or check a head are single index
 * lookups (a test holds each to its query plan): their cost does not grow with the log.
 */
export const SQL = {
  head: "SELECT head FROM heads WHERE workspace_id = ?",
  setHead: `INSERT INTO heads (workspace_id, head) VALUES (?, ?)
    ON CONFLICT (workspace_id) DO UPDATE SET head = excluded.head`,
  readLog: `SELECT seq, v, envelope FROM log WHERE workspace_id = ? AND seq > ?
    ORDER BY seq LIMIT ?`,
  readThreadLog: `SELECT seq, v, envelope FROM log
    WHERE workspace_id = ? AND thread_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  // The positions filed under any of the subjects (a JSON array), each once, then their rows.
  readAboutLog: `SELECT seq, v, envelope FROM log WHERE workspace_id = ? AND seq IN (
      SELECT seq FROM subjects WHERE workspace_id = ? AND seq > ?
        AND subject IN (SELECT value FROM json_each(?)))
    ORDER BY seq LIMIT ?`,
  insertLog: `INSERT INTO log (workspace_id, seq, v, envelope, thread_id)
    VALUES (?, ?, ?, ?, ?)`,
  insertSubject: "INSERT OR IGNORE INTO subjects (workspace_id, subject, seq) VALUES (?, ?, ?)",
  artifact: "SELECT v, record FROM artifacts WHERE workspace_id = ? AND id = ?",
  artifacts: "SELECT id, v, record FROM artifacts WHERE workspace_id = ? ORDER BY rowid",
  putArtifact: upsert("artifacts", ["v", "record"]),
  revision: `SELECT v, record FROM revisions
    WHERE workspace_id = ? AND artifact_id = ? AND version = ?`,
  revisions: `SELECT version, v, record FROM revisions
    WHERE workspace_id = ? AND artifact_id = ? ORDER BY version`,
  insertRevision: `INSERT INTO revisions (workspace_id, artifact_id, version, v, record)
    VALUES (?, ?, ?, ?, ?)`,
  proposal: `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE workspace_id = ? AND id = ?`,
  proposals: `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE workspace_id = ? ORDER BY rowid`,
  proposalsByStatus: `SELECT ${PROPOSAL_COLUMNS} FROM proposals
    WHERE workspace_id = ? AND status = ? ORDER BY rowid`,
  proposalsByArtifact: `SELECT ${PROPOSAL_COLUMNS} FROM proposals
    WHERE workspace_id = ? AND artifact_id = ? ORDER BY rowid`,
  proposalsByBoth: `SELECT ${PROPOSAL_COLUMNS} FROM proposals
    WHERE workspace_id = ? AND artifact_id = ? AND status = ? ORDER BY rowid`,
  putProposal: upsert("proposals", ["v", "record", "status", "artifact_id"]),
  // A thread's pending proposals on an artifact, by the partial index on the record's thread.
  pendingOfThread: `SELECT ${PROPOSAL_COLUMNS} FROM proposals
    WHERE workspace_id = ? AND artifact_id = ? AND status = 'pending'
      AND (CASE WHEN json_valid(record) THEN json_extract(record, '$.thread_id') END) = ?
    ORDER BY rowid`,
  // The rejections on an artifact that recorded a hunk, by the rejected hunks' key first (a
  // CROSS JOIN keeps that order: the workspace's rejected proposals are never scanned).
  rejectedWithHunk: `SELECT p.id, p.v, p.record, p.status, p.artifact_id
    FROM rejected_hunks h CROSS JOIN proposals p
      ON p.workspace_id = h.workspace_id AND p.id = h.proposal_id
    WHERE h.workspace_id = ? AND h.artifact_id = ? AND h.hunk_id = ? AND p.status = 'rejected'
    ORDER BY p.rowid`,
  insertRejectedHunk: `INSERT OR IGNORE INTO rejected_hunks
    (workspace_id, artifact_id, hunk_id, proposal_id) VALUES (?, ?, ?, ?)`,
  thread: "SELECT v, record FROM threads WHERE workspace_id = ? AND id = ?",
  threads: threadsWhere(""),
  threadsByStatus: threadsWhere(" AND status = ?"),
  decidingThreads: threadsWhere(" AND deciding = 1"),
  decidingThread: threadsWhere(" AND id = ? AND deciding = 1"),
  offeringThreads: threadsWhere(" AND offering = 1"),
  offeringThread: threadsWhere(" AND id = ? AND offering = 1"),
  putThread: upsert("threads", ["v", "record", "status", "deciding", "offering"]),
  run: "SELECT v, record FROM runs WHERE workspace_id = ? AND id = ?",
  runs: runsWhere(""),
  runsByThread: runsWhere(" AND thread_id = ?"),
  runsByStatus: runsWhere(" AND status = ?"),
  // A thread's runs are few; a status's may be most of the workspace's.
  runsByBoth: runsWhere(" AND thread_id = ? AND status = ?", " INDEXED BY runs_by_thread"),
  decidingRuns: runsWhere(" AND deciding = 1"),
  decidingRunsOf: runsWhere(" AND thread_id = ? AND deciding = 1"),
  putRun: upsert("runs", ["v", "record", "thread_id", "status", "deciding"]),
  message: "SELECT 1 FROM messages WHERE workspace_id = ? AND id = ?",
  // No OR IGNORE: the primary key refuses an id in use, and the append answers `taken`.
  putMessage: "INSERT INTO messages (workspace_id, id) VALUES (?, ?)",
  cursor: "SELECT position FROM cursors WHERE workspace_id = ? AND viewer = ?",
  // A cursor at 0 may have no row yet; any other moves only from where it is.
  startCursor: `INSERT INTO cursors (workspace_id, viewer, position) VALUES (?, ?, ?)
    ON CONFLICT (workspace_id, viewer) DO UPDATE SET position = excluded.position
    WHERE cursors.position = 0`,
  moveCursor: `UPDATE cursors SET position = ?
    WHERE workspace_id = ? AND viewer = ? AND position = ?`,
  command: `SELECT v, record FROM commands
    WHERE workspace_id = ? AND participant = ? AND command_id = ?`,
  insertCommand: `INSERT INTO commands (workspace_id, participant, command_id, v, record)
    VALUES (?, ?, ?, ?, ?)`,
} as const;

type Ws = string;
type Row<K> = K & { readonly id: string };

/** The store's statements, prepared once per connection with their parameter and row types. */
export interface Statements {
  readonly head: Statement<[Ws], { head: number }>;
  readonly setHead: Statement<[Ws, number]>;
  readonly readLog: Statement<[Ws, number, number], LogRow>;
  readonly readThreadLog: Statement<[Ws, string, number, number], LogRow>;
  readonly readAboutLog: Statement<[Ws, Ws, number, string, number], LogRow>;
  readonly insertLog: Statement<[Ws, number, number, string, string | null]>;
  readonly insertSubject: Statement<[Ws, string, number]>;
  readonly artifact: Statement<[Ws, string], RecordRow>;
  readonly artifacts: Statement<[Ws], Row<RecordRow>>;
  readonly putArtifact: Statement<[Ws, string, number, string]>;
  readonly revision: Statement<[Ws, string, number], RecordRow>;
  readonly revisions: Statement<[Ws, string], RecordRow & { readonly version: number }>;
  readonly insertRevision: Statement<[Ws, string, number, number, string]>;
  readonly proposal: Statement<[Ws, string], ProposalRow>;
  readonly proposals: Statement<[Ws], ProposalRow>;
  readonly proposalsByStatus: Statement<[Ws, string], ProposalRow>;
  readonly proposalsByArtifact: Statement<[Ws, string], ProposalRow>;
  readonly proposalsByBoth: Statement<[Ws, string, string], ProposalRow>;
  readonly putProposal: Statement<[Ws, string, number, string, string, string]>;
  readonly pendingOfThread: Statement<[Ws, string, string], ProposalRow>;
  readonly rejectedWithHunk: Statement<[Ws, string, string], ProposalRow>;
  readonly insertRejectedHunk: Statement<[Ws, string, string, string]>;
  readonly thread: Statement<[Ws, string], RecordRow>;
  readonly threads: Statement<[Ws], ThreadRow>;
  readonly threadsByStatus: Statement<[Ws, string], ThreadRow>;
  readonly decidingThreads: Statement<[Ws], ThreadRow>;
  readonly decidingThread: Statement<[Ws, string], ThreadRow>;
  readonly offeringThreads: Statement<[Ws], ThreadRow>;
  readonly offeringThread: Statement<[Ws, string], ThreadRow>;
  readonly putThread: Statement<[Ws, string, number, string, string, number, number]>;
  readonly run: Statement<[Ws, string], RecordRow>;
  readonly runs: Statement<[Ws], RunRow>;
  readonly runsByThread: Statement<[Ws, string], RunRow>;
  readonly runsByStatus: Statement<[Ws, string], RunRow>;
  readonly runsByBoth: Statement<[Ws, string, string], RunRow>;
  readonly decidingRuns: Statement<[Ws], RunRow>;
  readonly decidingRunsOf: Statement<[Ws, string], RunRow>;
  readonly putRun: Statement<[Ws, string, number, string, string, string, number]>;
  readonly message: Statement<[Ws, string]>;
  readonly putMessage: Statement<[Ws, string]>;
  readonly cursor: Statement<[Ws, string], { position: number }>;
  readonly startCursor: Statement<[Ws, string, number]>;
  readonly moveCursor: Statement<[number, Ws, string, number]>;
  readonly command: Statement<[Ws, string, string], RecordRow>;
  readonly insertCommand: Statement<[Ws, string, string, number, string]>;
}

/** Prepares every statement of {@link SQL} on an open, migrated database. */
export function prepare(db: Database): Statements {
  return Object.fromEntries(
    Object.entries(SQL).map(([name, source]) => [name, db.prepare(source)]),
  ) as unknown as Statements;
}
