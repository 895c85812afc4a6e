import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "../../../src/stores/sqlite/schema.ts";
import { SQL } from "../../../src/stores/sqlite/statements.ts";
import { subjectLog } from "../../../src/testing/suite-notes-index.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-subjects");
const WS = "ws_subjects";

// A file at schema version 9, the one before the subjects index, with `rows` in its log.
function writeSchema9(path: string, rows: readonly (readonly [number, string])[]): void {
  const db = new Database(path);
  try {
    db.exec(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    for (const step of MIGRATIONS.filter((m) => m.version <= 9)) {
      db.exec(step.sql);
      db.prepare("INSERT INTO schema_migrations VALUES (?, ?, '2026-12-01T00:00:00.000Z')").run(
        step.version,
        step.name,
      );
    }
    const insert = db.prepare("INSERT INTO log VALUES (?, ?, 1, ?, NULL)");
    db.transaction(() => {
      for (const [seq, text] of rows) insert.run(WS, seq, text);
    })();
    db.prepare("INSERT INTO heads VALUES (?, ?)").run(WS, rows.length);
  } finally {
    db.close();
  }
}

describe("sqlite store: reads by subject", () => {
  it("read the subjects key from `after` and the log by its key, never scanning or sorting", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${SQL.readAboutLog}`)
        .all(WS, WS, 0, '["a:a1","t:t1"]', -1) as { detail: string }[];
      const details = plan.map((row) => row.detail);
      expect(details).toContain(
        "SEARCH subjects USING PRIMARY KEY (workspace_id=? AND subject=? AND seq>?)",
      );
      expect(details.filter((d) => d.startsWith("SEARCH log"))).toHaveLength(1);
      // Only the parameter's list is scanned; nothing is sorted.
      expect(details.filter((d) => d.startsWith("SCAN"))).toEqual([
        "SCAN json_each VIRTUAL TABLE INDEX 1:",
      ]);
      expect(details.some((d) => d.includes("TEMP B-TREE"))).toBe(false);
    } finally {
      db.close();
    }
  });
});

describe("sqlite store: migration 10 (envelope subjects)", () => {
  it("files the envelopes of a version 9 file under their subjects, and reads by them", async () => {
    const log = subjectLog(WS);
    const path = file();
    writeSchema9(
      path,
      log.map((e) => [e.seq, JSON.stringify(e)]),
    );
    const store = sqliteStore({ path });
    try {
      const about = { artifacts: ["a1"], participant: "agent:t1" };
      expect((await store.read(WS, { after: 0, about })).map((e) => e.seq)).toEqual([
        1, 4, 6, 8, 9,
      ]);
      expect(
        (await store.read(WS, { after: 0, about: { artifacts: [], threadId: "t2" } })).map(
          (e) => e.seq,
        ),
      ).toEqual([2, 10]);
    } finally {
      await store.close();
    }
    const db = new Database(path, { readonly: true });
    try {
      const version = db.prepare("SELECT max(version) AS v FROM schema_migrations").get();
      expect(version).toEqual({ v: SCHEMA_VERSION });
      const count = db.prepare("SELECT count(*) AS n FROM subjects").get();
      expect(count).toEqual({ n: 14 });
    } finally {
      db.close();
    }
  });

  it("files a row that is not an envelope under nothing; a full read still reports it", async () => {
    const path = file();
    const [first] = subjectLog(WS);
    writeSchema9(path, [
      [1, JSON.stringify(first)],
      [2, "not json"],
    ]);
    const store = sqliteStore({ path });
    try {
      const about = { artifacts: ["a1"] };
      expect((await store.read(WS, { after: 0, about })).map((e) => e.seq)).toEqual([1]);
      await expect(store.read(WS, { after: 0 })).rejects.toMatchObject({ code: "corrupt_record" });
    } finally {
      await store.close();
    }
  });

  it("fills past a page of the log (the fill reads it a page at a time)", async () => {
    const path = file();
    const [first] = subjectLog(WS);
    const rows = Array.from({ length: 2_500 }, (_, i) => {
      const event = { ...first?.event, artifact_id: `a${i % 3}` };
      return [i + 1, JSON.stringify({ ...first, seq: i + 1, event })] as const;
    });
    writeSchema9(path, rows);
    const store = sqliteStore({ path });
    try {
      const read = await store.read(WS, { after: 0, about: { artifacts: ["a2"] } });
      expect(read.map((e) => e.seq)).toEqual(
        rows.filter(([seq]) => (seq - 1) % 3 === 2).map(([seq]) => seq),
      );
    } finally {
      await store.close();
    }
  });
});
