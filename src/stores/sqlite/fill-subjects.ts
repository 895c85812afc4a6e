import type { Database } from "better-sqlite3";
import { storedSubjects } from "../subject-rows.ts";

// Rows read per page: the statement reading them must end before the inserts run.
const PAGE = 1000;

// A record's JSON, or `undefined` when it is not JSON (such rows are filed under nothing).
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Migration 10's fill: files every envelope already in the log under its subjects, page by
 * page in key order, inside the migration's transaction.
 */
export function fillSubjects(db: Database): void {
  const page = db.prepare<
    [string, number, number],
    { workspace_id: string; seq: number; envelope: string }
  >(
    `SELECT workspace_id, seq, envelope FROM log WHERE (workspace_id, seq) > (?, ?)
      ORDER BY workspace_id, seq LIMIT ?`,
  );
  const insert = db.prepare<[string, string, number]>(
    "INSERT OR IGNORE INTO subjects (workspace_id, subject, seq) VALUES (?, ?, ?)",
  );
  let at: readonly [string, number] = ["", 0];
  for (;;) {
    const rows = page.all(at[0], at[1], PAGE);
    for (const row of rows) {
      for (const subject of storedSubjects(parsed(row.envelope))) {
        insert.run(row.workspace_id, subject, row.seq);
      }
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) return;
    at = [last.workspace_id, last.seq];
  }
}
