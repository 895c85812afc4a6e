import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { isWorkspaceError, type WorkspaceError } from "../../../src/entries/index.ts";
import { type SqliteStore, sqliteStore } from "../../../src/entries/sqlite.ts";
import { faultCode, sqliteFault } from "../../../src/stores/sqlite/faults.ts";
import { appEvent, batch, envelope, note } from "../../../src/testing/suite-records.ts";
import { fill, immutable, mountReadOnly, mountTmpfs, unmount } from "../fixtures/root-fs.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { dir, file } = tempFiles("sqlite-faults");
const WS = "ws_faults";
const sidecars = (path: string) => [path, `${path}-wal`, `${path}-shm`];

// Undone after the file's tests whatever happens, before its folder is removed.
const frozen: string[] = [];
const mounts: string[] = [];
afterAll(() => {
  immutable(frozen, false);
  for (const mount of mounts) unmount(mount);
});

/** The event appended at `seq`, alone. */
const event = (seq: number) => batch({ envelopes: [envelope(WS, seq, appEvent(seq))] });

/** Appends events `from`… one by one, each at the head before it. */
async function appendEvents(store: SqliteStore, from: number, count: number): Promise<void> {
  for (let seq = from; seq < from + count; seq++) {
    expect(await store.append(WS, seq - 1, event(seq))).toEqual({ ok: true, head: seq });
  }
}

/** The `WorkspaceError` a promise rejects with; fails the test for anything else. */
async function fault(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e,
  );
  if (!isWorkspaceError(error)) throw error;
  return error;
}

const causeCode = (error: WorkspaceError) => (error.cause as { code?: string } | undefined)?.code;

describe("sqlite store: faults are typed", () => {
  it("answers SQLite's result codes with stable codes, SQLite's error as the cause", () => {
    const codes: Record<string, string> = {
      SQLITE_READONLY: "read_only",
      SQLITE_READONLY_ROLLBACK: "read_only",
      SQLITE_READONLY_DBMOVED: "store_replaced",
      SQLITE_FULL: "disk_full",
      SQLITE_BUSY: "store_unavailable",
      SQLITE_BUSY_SNAPSHOT: "store_unavailable",
      SQLITE_LOCKED: "store_unavailable",
      SQLITE_CANTOPEN: "store_unavailable",
      SQLITE_IOERR_WRITE: "store_unavailable",
      SQLITE_IOERR_FSYNC: "store_unavailable",
      SQLITE_CORRUPT: "corrupt_record",
      SQLITE_CORRUPT_INDEX: "corrupt_record",
      SQLITE_NOTADB: "corrupt_record",
    };
    for (const [sqlite, code] of Object.entries(codes))
      expect(faultCode(sqlite), sqlite).toBe(code);
    const io = new Database.SqliteError("disk I/O error", "SQLITE_IOERR_WRITE");
    const typed = sqliteFault(io, "/x/y.db") as WorkspaceError;
    expect(typed).toMatchObject({ code: "store_unavailable", cause: io });
    expect(typed.message).toBe(
      "sqlite store /x/y.db: SqliteError: disk I/O error (SQLITE_IOERR_WRITE)",
    );
    // Not SQLite's: as it was.
    const own = new TypeError("a bug");
    expect(sqliteFault(own, "/x/y.db")).toBe(own);
  });

  it("a write lock held past the busy timeout: store_unavailable, then appends again", async () => {
    const path = file();
    const store = sqliteStore({ path, busyTimeoutMs: 50 });
    const other = new Database(path);
    try {
      other.exec("BEGIN IMMEDIATE");
      const error = await fault(store.append(WS, 0, event(1)));
      expect(error.code).toBe("store_unavailable");
      expect(causeCode(error)).toBe("SQLITE_BUSY");
      other.exec("ROLLBACK");
      await appendEvents(store, 1, 1);
    } finally {
      other.close();
      await store.close();
    }
  });

  it("a path with U+0000 is refused before anything is opened (SQLite would cut it there)", () => {
    const cut = join(dir, "cut");
    expect(() => sqliteStore({ path: `${cut}\u0000.db` })).toThrow(
      expect.objectContaining({ code: "invalid_argument" }),
    );
    expect(existsSync(cut)).toBe(false);
  });

  it("a folder that does not exist, or a closed store: store_unavailable", async () => {
    expect(() => sqliteStore({ path: join(dir, "nowhere", "x.db") })).toThrow(
      expect.objectContaining({ code: "store_unavailable" }),
    );
    const store = sqliteStore({ path: file() });
    await store.close();
    expect((await fault(store.head(WS))).code).toBe("store_unavailable");
    expect((await fault(store.append(WS, 0, event(1)))).code).toBe("store_unavailable");
    // Watching is synchronous, and typed all the same.
    expect(() => store.watch(WS, () => {})).toThrow(
      expect.objectContaining({ code: "store_unavailable" }),
    );
  });

  it("a read-only file (chattr +i): opens for reading, appends are read_only", async (context) => {
    const path = file();
    const writer = sqliteStore({ path });
    await appendEvents(writer, 1, 3);
    await writer.close();
    const files = sidecars(path);
    frozen.push(...files);
    const why = immutable(files, true);
    if (why !== null) return context.skip(`needs chattr as root: ${why}`);
    const store = sqliteStore({ path });
    try {
      expect(await store.head(WS)).toBe(3);
      expect(await store.read(WS, { after: 0 })).toHaveLength(3);
      const error = await fault(store.append(WS, 3, event(4)));
      expect(error.code).toBe("read_only");
      expect(causeCode(error)).toMatch(/^SQLITE_READONLY/);
      expect(await store.head(WS)).toBe(3);
    } finally {
      await store.close();
      immutable(files, false);
    }
    // Nothing was written: the file is as it was.
    const again = sqliteStore({ path });
    expect(await again.read(WS, { after: 0 })).toHaveLength(3);
    await again.close();
  });

  it("a read-only mount: read_only on open", async (context) => {
    const rw = join(dir, "rw");
    mkdirSync(rw);
    const writer = sqliteStore({ path: join(rw, "x.db") });
    await appendEvents(writer, 1, 2);
    await writer.close();
    const ro = join(dir, "ro");
    const why = mountReadOnly(rw, ro);
    if (why !== null) return context.skip(`needs mount as root: ${why}`);
    mounts.push(ro);
    try {
      expect(() => sqliteStore({ path: join(ro, "x.db") })).toThrow(
        expect.objectContaining({
          code: "read_only",
          cause: expect.objectContaining({ code: "SQLITE_CANTOPEN" }),
        }),
      );
    } finally {
      unmount(ro);
    }
  });
});

describe("sqlite store: a full disk", () => {
  it("is disk_full, writes nothing, and appends again once there is room", async (context) => {
    const mount = join(dir, "full");
    const why = mountTmpfs(mount, "1m");
    if (why !== null) return context.skip(`needs mount -t tmpfs as root: ${why}`);
    mounts.push(mount);
    const path = join(mount, "full.db");
    const store = sqliteStore({ path });
    const filler = join(mount, "filler");
    try {
      await appendEvents(store, 1, 3);
      fill(filler);
      // Bigger than the log's file has room for, so that it must grow.
      const big = batch({
        envelopes: [
          { ...envelope(WS, 4, appEvent(4)), event: { ...appEvent(4), data: "x".repeat(300_000) } },
        ],
        artifacts: [note(1, "a")],
      });
      const error = await fault(store.append(WS, 3, big));
      expect(error.code).toBe("disk_full");
      expect(causeCode(error)).toBe("SQLITE_FULL");
      expect(await store.head(WS)).toBe(3);
      expect(await store.artifacts(WS)).toEqual([]);
      rmSync(filler);
      expect(await store.append(WS, 3, big)).toEqual({ ok: true, head: 4 });
      await store.close();
      const again = sqliteStore({ path });
      expect((await again.read(WS, { after: 0 })).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      expect(await again.artifacts(WS)).toEqual([note(1, "a")]);
      await again.close();
    } finally {
      await store.close();
      unmount(mount);
    }
  });
});

describe("sqlite store: its file deleted or replaced while open", () => {
  it("deleted: appends are store_replaced, and none answered ok after is lost", async () => {
    const path = file();
    const store = sqliteStore({ path });
    try {
      await appendEvents(store, 1, 3);
      for (const f of sidecars(path)) rmSync(f, { force: true });
      for (const attempt of [event(4), event(4), batch({})]) {
        const error = await fault(store.append(WS, 3, attempt));
        expect(error.code).toBe("store_replaced");
        expect(error.message).toContain(path);
      }
    } finally {
      await store.close();
    }
    // What is at the path now is a new, empty file: no append was answered ok into the old.
    expect(existsSync(path)).toBe(false);
    const again = sqliteStore({ path });
    expect(await again.head(WS)).toBe(0);
    await again.close();
  });

  it("replaced by another file: appends are store_replaced, the other file is untouched", async () => {
    const path = file();
    const store = sqliteStore({ path });
    const other = file();
    try {
      await appendEvents(store, 1, 3);
      const writer = sqliteStore({ path: other });
      await writer.append(WS, 0, batch({ envelopes: [envelope(WS, 1, appEvent(100))] }));
      await writer.close();
      // As a restore does it: the old file's -wal and -shm go with it (left beside the new
      // file, SQLite would apply that log to it on its next open).
      for (const f of sidecars(path).slice(1)) rmSync(f, { force: true });
      renameSync(other, path);
      const error = await fault(store.append(WS, 3, event(4)));
      expect(error.code).toBe("store_replaced");
      // Its head is still the old file's; the append at the new file's head is refused too.
      expect((await fault(store.append(WS, 1, event(2)))).code).toBe("store_replaced");
    } finally {
      await store.close();
    }
    const again = sqliteStore({ path });
    expect(await again.read(WS, { after: 0 })).toEqual([envelope(WS, 1, appEvent(100))]);
    await again.close();
  });
});
