// A page of pending decisions or of offers is a range of a partial index from where the page
// starts: never a scan of a table, never a sort.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { DECISION_PAGE_SQL } from "../../../src/stores/sqlite/decision-pages.ts";
import { OFFER_PAGE_SQL } from "../../../src/stores/sqlite/offer-pages.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-decision-offer-pages");

function plan(db: Database.Database, sql: string): string[] {
  const params = Array.from(sql.matchAll(/\?/g), () => "x");
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

describe("sqlite store: decision and offer pages", () => {
  it("reads each page by an index, in its order, from where the page starts", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      for (const [name, sql] of [
        ...Object.entries(DECISION_PAGE_SQL),
        ...Object.entries(OFFER_PAGE_SQL),
      ]) {
        const details = plan(db, sql);
        expect(details.length, name).toBeGreaterThan(0);
        for (const detail of details) expect(detail, name).toMatch(/^SEARCH \w+ USING /);
      }
      // The lists' pages read the partial indexes of those deciding and offering.
      expect(plan(db, DECISION_PAGE_SQL.threads).join()).toMatch(/threads_deciding/);
      expect(plan(db, DECISION_PAGE_SQL.runs).join()).toMatch(/runs_deciding/);
      expect(plan(db, DECISION_PAGE_SQL.runsOf).join()).toMatch(/runs_deciding_by_thread/);
      expect(plan(db, OFFER_PAGE_SQL.threads).join()).toMatch(/threads_offering/);
    } finally {
      db.close();
    }
  });
});
