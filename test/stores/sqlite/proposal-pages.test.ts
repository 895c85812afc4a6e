// A page of proposals is a range of an index from where the page starts: never a scan of the
// table, never a sort of a filter's every proposal (but an artifact's, which are few).
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { PAGE_SQL } from "../../../src/stores/sqlite/proposal-pages.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-pages");

function plan(db: Database.Database, sql: string): string[] {
  const params = Array.from(sql.matchAll(/\?/g), () => "x");
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

describe("sqlite store: proposal pages", () => {
  it("reads each page by an index, in its order, from where the page starts", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      for (const name of ["place", "all", "byStatus", "byBoth"] as const) {
        const details = plan(db, PAGE_SQL[name]);
        expect(details.length, name).toBeGreaterThan(0);
        for (const detail of details) expect(detail, name).toMatch(/^SEARCH \w+ USING /);
      }
      for (const detail of plan(db, PAGE_SQL.byArtifact)) {
        expect(detail, "byArtifact").not.toMatch(/^SCAN/);
      }
    } finally {
      db.close();
    }
  });
});
