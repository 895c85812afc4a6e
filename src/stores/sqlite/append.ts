import type { Database, Statement } from "better-sqlite3";
import { WorkspaceError } from "../../model/errors.ts";
import { type AppendBatch, type AppendResult, commandsOf } from "../port.ts";
import { isOffering, RECORD_VERSION } from "../rows.ts";
import { subjectRows } from "../subject-rows.ts";
import { codeOf } from "./faults.ts";
import type { OpenedFile } from "./identity.ts";
import type { Statements } from "./statements.ts";

/** What the append needs beside the batch. */
interface AppendOptions {
  readonly db: Database;
  readonly statements: Statements;
  /** The file opened: an append to a file no longer at its path is refused. */
  readonly file: OpenedFile;
  /** For tests: throw right after the `n`th row of an append is written. */
  readonly failAtRow?: number | undefined;
  /** Called after each committed append that added envelopes. */
  readonly onAppended: (workspaceId: string, head: number) => void;
}

/** A message id of the batch was in use: the transaction is rolled back. */
class TakenId extends Error {}

/** Appends a batch if the workspace's log is still at `expectedHead`. */
type Append = (workspaceId: string, expectedHead: number, batch: AppendBatch) => AppendResult;

const rowsOf = (b: AppendBatch) =>
  b.envelopes.length +
  b.artifacts.length +
  b.revisions.length +
  b.proposals.length +
  b.threads.length +
  b.runs.length +
  b.messages.length +
  commandsOf(b).length;

function checkEnvelopes(workspaceId: string, expectedHead: number, batch: AppendBatch): void {
  batch.envelopes.forEach((envelope, i) => {
    if (envelope.workspace_id !== workspaceId || envelope.seq !== expectedHead + i + 1) {
      throw new WorkspaceError(
        "invalid_argument",
        `workspace ${workspaceId}: the envelope at position ${i} of an append at head ` +
          `${expectedHead} is seq ${envelope.seq} of workspace ${envelope.workspace_id}`,
      );
    }
  });
}

const keeps = (key: unknown): boolean =>
  typeof key === "string" && (key as unknown as { isWellFormed(): boolean }).isWellFormed();

// The keys and indexed columns each part of a batch writes, in the order they are checked,
// each named for the refusal.
const KEYED: readonly (readonly [string, (batch: AppendBatch) => boolean])[] = [
  ["an envelope's thread_id", (b) => b.envelopes.every((e) => keeps(e.thread_id ?? ""))],
  ["an artifact id", (b) => b.artifacts.every((a) => keeps(a.id))],
  ["a revision's artifact_id", (b) => b.revisions.every((r) => keeps(r.artifact_id))],
  [
    "a proposal's id or artifact_id",
    (b) => b.proposals.every((p) => keeps(p.id) && keeps(p.change.artifact_id)),
  ],
  ["a thread id", (b) => b.threads.every((t) => keeps(t.id))],
  ["a run's id or thread_id", (b) => b.runs.every((r) => keeps(r.id) && keeps(r.thread_id))],
  ["a message id", (b) => b.messages.every(keeps)],
  [
    "a command's sender or id",
    (b) => commandsOf(b).every((c) => keeps(c.participant) && keeps(c.command_id)),
  ],
];

// What the first value the batch would write into a key or indexed column that SQLite cannot
// give back is, or `null`. (Records are JSON, whose escapes keep any string exactly.)
function badKey(batch: AppendBatch): string | null {
  return KEYED.find(([, kept]) => !kept(batch))?.[0] ?? null;
}

/**
 * Refuses keys SQLite cannot give back as they were: it keeps an unpaired surrogate as its
 * WTF-8 bytes, which read back as U+FFFD, so the row would no longer name its record
 * (ADR 0022). Checked before anything is written.
 */
function checkKeys(workspaceId: string, batch: AppendBatch): void {
  const bad = keeps(workspaceId) ? badKey(batch) : "the workspace id";
  if (bad !== null) {
    throw new WorkspaceError(
      "invalid_argument",
      `sqlite store: ${bad} of an append holds an unpaired surrogate, which SQLite cannot ` +
        "give back as it was; nothing was written",
    );
  }
}

/** Where an append's rows go: its statements, its workspace, and the write that counts them. */
interface Rows {
  readonly s: Statements;
  readonly ws: string;
  readonly write: <P extends unknown[]>(statement: Statement<P>, ...params: P) => void;
}

// The log's rows and its subjects', and the artifacts', revisions' and proposals'.
function writeLog({ s, ws, write }: Rows, batch: AppendBatch): void {
  const v = RECORD_VERSION;
  for (const e of batch.envelopes) write(s.insertLog, ws, e.seq, v, JSON.stringify(e), e.thread_id);
  for (const row of subjectRows(batch.envelopes)) write(s.insertSubject, ws, row.subject, row.seq);
  for (const a of batch.artifacts) write(s.putArtifact, ws, a.id, v, JSON.stringify(a));
  for (const r of batch.revisions) {
    write(s.insertRevision, ws, r.artifact_id, r.version, v, JSON.stringify(r));
  }
  for (const p of batch.proposals) {
    const record = JSON.stringify(p);
    write(s.putProposal, ws, p.id, v, record, p.status, p.change.artifact_id);
    // A rejection is filed under each hunk it recorded, for the re-proposal mark.
    const hunks = p.status === "rejected" ? (p.resolution?.hunk_ids ?? []) : [];
    for (const hunk of hunks) write(s.insertRejectedHunk, ws, p.change.artifact_id, hunk, p.id);
  }
}

// The threads' and runs' rows, with the columns their lists are read by; the messages'; the
// command's.
function writeLists({ s, ws, write }: Rows, batch: AppendBatch): void {
  const v = RECORD_VERSION;
  for (const t of batch.threads) {
    const [deciding, offering] = [t.decision.pending === null ? 0 : 1, isOffering(t) ? 1 : 0];
    write(s.putThread, ws, t.id, v, JSON.stringify(t), t.status, deciding, offering);
  }
  for (const r of batch.runs) {
    const deciding = r.decision.pending === null ? 0 : 1;
    write(s.putRun, ws, r.id, v, JSON.stringify(r), r.thread_id, r.status, deciding);
  }
  for (const id of batch.messages) {
    try {
      write(s.putMessage, ws, id);
    } catch (error) {
      throw codeOf(error) === "SQLITE_CONSTRAINT_PRIMARYKEY" ? new TakenId() : error;
    }
  }
  for (const command of commandsOf(batch)) {
    const record = JSON.stringify(command);
    write(s.insertCommand, ws, command.participant, command.command_id, v, record);
  }
}

/**
 * The append: one `BEGIN IMMEDIATE` transaction that takes the write lock, compares the head
 * and, only if it matches, writes the envelopes, the entities and the new head. Anything
 * thrown inside rolls it all back.
 *
 * @throws WorkspaceError `invalid_argument` for envelopes of another workspace or position,
 * or a key (the workspace's, an id, a thread or artifact it is filed under) with an unpaired
 * surrogate;
 * `store_replaced` once the file at the path is not the one opened (one `stat`, after the
 * write; a batch with nothing to write is checked before its comparison).
 */
export function appender(options: AppendOptions): Append {
  const { db, statements: s, failAtRow } = options;
  const headOf = (ws: string) => s.head.get(ws)?.head ?? 0;

  const transaction = db.transaction(
    (ws: string, expectedHead: number, batch: AppendBatch): AppendResult => {
      const head = headOf(ws);
      if (head !== expectedHead) return { ok: false, head };
      let written = 0;
      const rows: Rows = {
        s,
        ws,
        write: (statement, ...params) => {
          statement.run(...params);
          written++;
          if (written === failAtRow) throw new Error(`injected fault at row ${written}`);
        },
      };
      writeLog(rows, batch);
      writeLists(rows, batch);
      const next = expectedHead + batch.envelopes.length;
      if (batch.envelopes.length > 0) rows.write(s.setHead, ws, next);
      return { ok: true, head: next };
    },
  );

  return (workspaceId, expectedHead, batch) => {
    checkEnvelopes(workspaceId, expectedHead, batch);
    checkKeys(workspaceId, batch);
    // Nothing to write (a repeated answer): the comparison alone, without the write lock.
    if (rowsOf(batch) === 0) {
      options.file.check();
      const head = headOf(workspaceId);
      return { ok: head === expectedHead, head };
    }
    // Known to be replaced: refused before writing. Otherwise one `stat`, after the commit: a
    // file replaced before it or while it ran took the commit where nobody opening the path
    // sees it, and the append is refused (this one and every one after it).
    options.file.checked();
    let result: AppendResult;
    try {
      result = transaction.immediate(workspaceId, expectedHead, batch);
    } catch (error) {
      // Rolled back, at the head it expected: the workspace reads the ids and decides again.
      if (error instanceof TakenId) return { ok: false, head: expectedHead, taken: true };
      throw error;
    }
    options.file.check();
    if (result.ok && batch.envelopes.length > 0) options.onAppended(workspaceId, result.head);
    return result;
  };
}
