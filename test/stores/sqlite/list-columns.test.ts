import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { firstLists } from "../../../src/testing/suite-lists.ts";
import { firstOffers } from "../../../src/testing/suite-offers.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";
import { writeSchema4 } from "../fixtures/sqlite-older.ts";

const { file } = tempFiles("sqlite-lists");
const WS = "ws_lists";

function rows(path: string, sql: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

function change(path: string, sql: string): void {
  const db = new Database(path);
  try {
    db.prepare(sql).run();
  } finally {
    db.close();
  }
}

describe("sqlite store: the thread and run columns (migrations 5 and 7)", () => {
  it("fills them from the records of a file at schema version 4", async () => {
    const path = file();
    writeSchema4(path, WS, firstLists(WS));
    // A thread row that is not JSON, written by hand: it keeps the defaults.
    change(path, `INSERT INTO threads VALUES ('${WS}', 'tx', 1, 'not json')`);
    await sqliteStore({ path }).close();
    expect(rows(path, "SELECT id, status, deciding FROM threads ORDER BY rowid")).toEqual([
      { id: "t1", status: "open", deciding: 1 },
      { id: "t2", status: "open", deciding: 0 },
      { id: "t3", status: "ended", deciding: 0 },
      { id: "tx", status: "", deciding: 0 },
    ]);
    expect(rows(path, "SELECT id, thread_id, status, deciding FROM runs ORDER BY rowid")).toEqual([
      { id: "r1", thread_id: "t2", status: "paused", deciding: 1 },
      { id: "r2", thread_id: "t1", status: "running", deciding: 0 },
      { id: "r3", thread_id: "t1", status: "paused", deciding: 1 },
    ]);
    const store = sqliteStore({ path });
    try {
      // Listed by status, the row that is not JSON is in no status's list; listed whole, it
      // is reported.
      expect((await store.threads(WS, { status: "open" })).map((t) => t.id)).toEqual(["t1", "t2"]);
      await expect(store.threads(WS, {})).rejects.toThrow(
        expect.objectContaining({
          code: "corrupt_record",
          message: `workspace ${WS} thread tx: the record is not JSON`,
        }),
      );
    } finally {
      await store.close();
    }
  });

  it("fills the offering column (migration 7) from the records of a file at schema version 4", async () => {
    const path = file();
    writeSchema4(path, WS, firstOffers(WS));
    // Rows written by hand: one not JSON, one whose offers are not an object; both keep 0.
    change(path, `INSERT INTO threads VALUES ('${WS}', 'tx', 1, 'not json')`);
    change(path, `INSERT INTO threads VALUES ('${WS}', 'ty', 1, '{"id":"ty","offered":["a"]}')`);
    await sqliteStore({ path }).close();
    expect(rows(path, "SELECT id, offering FROM threads ORDER BY rowid")).toEqual([
      { id: "t1", offering: 0 },
      { id: "t2", offering: 1 },
      { id: "t3", offering: 1 },
      { id: "tx", offering: 0 },
      { id: "ty", offering: 0 },
    ]);
    const store = sqliteStore({ path });
    try {
      // Neither hand-written row is listed for its offers.
      expect((await store.offers(WS, {})).map((o) => `${o.thread_id}/${o.offer_id}`)).toEqual([
        "t2/zeta",
        "t2/alpha",
        "t3/o1",
      ]);
    } finally {
      await store.close();
    }
  });

  it("reports a thread or run filed under columns its record disagrees with", async () => {
    const path = file();
    const store = sqliteStore({ path });
    await store.append(WS, 0, firstLists(WS));
    change(path, "UPDATE threads SET status = 'ended' WHERE id = 't2'");
    change(path, "UPDATE threads SET offering = 1 WHERE id = 't3'");
    change(path, "UPDATE runs SET deciding = 1 WHERE id = 'r2'");
    change(path, "UPDATE runs SET thread_id = 't9' WHERE id = 'r3'");
    const disagree = (id: string) =>
      expect.objectContaining({
        code: "corrupt_record",
        message: `workspace ${WS} ${id}: its indexed columns disagree with its record`,
      });
    try {
      await expect(store.threads(WS, { status: "ended" })).rejects.toThrow(disagree("thread t2"));
      await expect(store.decisions(WS, {})).rejects.toThrow(disagree("run r2"));
      await expect(store.runs(WS, { threadId: "t9" })).rejects.toThrow(disagree("run r3"));
      await expect(store.offers(WS, {})).rejects.toThrow(disagree("thread t3"));
      await expect(store.offers(WS, { threadId: "t3" })).rejects.toThrow(disagree("thread t3"));
    } finally {
      await store.close();
    }
  });
});
