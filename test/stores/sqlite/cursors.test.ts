import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { cursors } from "../../../src/stores/sqlite/cursors.ts";
import { openedFile } from "../../../src/stores/sqlite/identity.ts";
import { openDatabase } from "../../../src/stores/sqlite/open.ts";
import { prepare } from "../../../src/stores/sqlite/statements.ts";
import { startChild } from "../fixtures/child.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-cursors");

// The cursors of a store opened on a new file, with the connection they run on.
function opened(synchronous: "full" | "normal") {
  const path = file();
  const db = openDatabase({ path, synchronous });
  return { db, notes: cursors(db, prepare(db), openedFile(path), synchronous) };
}

const level = (db: ReturnType<typeof openDatabase>) => db.pragma("synchronous", { simple: true });

describe("sqlite notes cursors", () => {
  it("move without the fsync, and leave the connection syncing every other commit as before", () => {
    for (const [synchronous, expected] of [
      ["full", 2],
      ["normal", 1],
    ] as const) {
      const { db, notes } = opened(synchronous);
      try {
        expect(level(db)).toBe(expected);
        expect(notes.moveCursor("w", "agent:t1", 0, 3)).toBe(true);
        expect(notes.moveCursor("w", "agent:t1", 3, 7)).toBe(true);
        expect(notes.moveCursor("w", "agent:t1", 3, 9)).toBe(false);
        expect(notes.cursor("w", "agent:t1")).toBe(7);
        expect(level(db)).toBe(expected);
      } finally {
        db.close();
      }
    }
  });

  it("move inside a transaction that is already open, whose commit syncs as it would", () => {
    const { db, notes } = opened("full");
    try {
      // SQLite refuses to change the level inside a transaction: the move must not try.
      db.transaction(() => expect(notes.moveCursor("w", "bob", 0, 2)).toBe(true))();
      expect(notes.cursor("w", "bob")).toBe(2);
      expect(level(db)).toBe(2);
    } finally {
      db.close();
    }
  });

  it("keep a move once it returned, though its process is killed before closing the store", async () => {
    const path = file();
    sqliteStore({ path }).close();
    const child = startChild("cursor-mover.ts", [path, "w", "agent:t1", "5"]);
    await child.waitFor("moved 5");
    child.process.kill("SIGKILL");
    expect(await child.exited).toBe("SIGKILL");
    const store = sqliteStore({ path });
    try {
      expect(await store.cursor("w", "agent:t1")).toBe(5);
    } finally {
      await store.close();
    }
  });
});
