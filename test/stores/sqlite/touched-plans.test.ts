// What a proposal loads is read by an index (ADR 0062): a thread's pending proposals on an
// artifact by the partial index on the record's thread, the rejections that recorded a hunk
// by the rejected hunks' key, never by scanning the workspace's pending or rejected proposals.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { SQL } from "../../../src/stores/sqlite/statements.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-touched");

function plan(db: Database.Database, sql: string): string[] {
  const params = Array.from(sql.matchAll(/\?/g), () => "x");
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

describe("sqlite store: the lists a proposal touches", () => {
  it("reads each by its index", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      expect(plan(db, SQL.pendingOfThread)).toEqual([
        "SEARCH proposals USING INDEX proposals_pending_by_thread (workspace_id=? AND artifact_id=? AND <expr>=?)",
      ]);
      const [first, second] = plan(db, SQL.rejectedWithHunk);
      expect(first).toBe(
        "SEARCH h USING PRIMARY KEY (workspace_id=? AND artifact_id=? AND hunk_id=?)",
      );
      expect(second).toMatch(
        /^SEARCH p USING INDEX sqlite_autoindex_proposals_1 \(workspace_id=\? AND id=\?\)$/,
      );
    } finally {
      db.close();
    }
  });
});
