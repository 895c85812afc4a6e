import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  memoryStore,
  sequentialIds,
} from "../../../src/entries/index.ts";
import { replay } from "../../../src/entries/rules.ts";
import { SCHEMA_VERSION, sqliteStore } from "../../../src/entries/sqlite.ts";
import type { WorkspaceSnapshot } from "../../../src/model/snapshot.ts";
import { logEntries } from "../../../src/model/snapshot.ts";
import { NO_NEEDS, pendingKey, rejectedKey } from "../../../src/model/state.ts";
import { MIGRATIONS } from "../../../src/stores/sqlite/schema.ts";
import { SQL } from "../../../src/stores/sqlite/statements.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-migrations");
const WS = "ws_old";
const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;

// The first released schema, written out by hand as a file of that version would have it.
const V1 = `
  CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
  INSERT INTO schema_migrations VALUES (1, 'log and entities', '2026-01-01T00:00:00.000Z');
  CREATE TABLE log (workspace_id TEXT NOT NULL, seq INTEGER NOT NULL, v INTEGER NOT NULL,
    envelope TEXT NOT NULL, PRIMARY KEY (workspace_id, seq));
  CREATE TABLE artifacts (workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL,
    record TEXT NOT NULL, PRIMARY KEY (workspace_id, id));
  CREATE TABLE revisions (workspace_id TEXT NOT NULL, artifact_id TEXT NOT NULL,
    version INTEGER NOT NULL, v INTEGER NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (workspace_id, artifact_id, version));
  CREATE TABLE proposals (workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL,
    record TEXT NOT NULL, PRIMARY KEY (workspace_id, id));
  CREATE TABLE threads (workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL,
    record TEXT NOT NULL, PRIMARY KEY (workspace_id, id));
  CREATE TABLE runs (workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL,
    record TEXT NOT NULL, PRIMARY KEY (workspace_id, id));
  CREATE TABLE messages (workspace_id TEXT NOT NULL, id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, id));
`;

// A workspace's history made in memory: a thread, a run, a message, a note, two proposals.
async function history(): Promise<WorkspaceSnapshot> {
  const store = memoryStore();
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    id: WS,
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
  await ws.commit(
    { type: "post_message", thread_id: "t1", message_id: "m1", content: "hi" },
    alice,
  );
  await ws.commit(
    { type: "create_artifact", artifact_id: "c1", kind: "checklist", data: { items: {} } },
    alice,
  );
  for (const title of ["A", "B"]) {
    await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "c1",
        base_version: 1,
        patch: { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: title }] },
      },
      agent,
    );
  }
  const [first] = await ws.proposals();
  await ws.commit(
    { type: "respond_to_proposal", proposal_id: first?.id ?? "", decision: "reject" },
    alice,
  );
  return store.snapshot(WS);
}

function writeV1(path: string, s: WorkspaceSnapshot): void {
  const db = new Database(path);
  db.exec(V1);
  const put = (table: string, id: string, record: unknown) =>
    db.prepare(`INSERT INTO ${table} VALUES (?, ?, 1, ?)`).run(WS, id, JSON.stringify(record));
  for (const e of logEntries(s)) {
    db.prepare("INSERT INTO log VALUES (?, ?, 1, ?)").run(WS, e.seq, JSON.stringify(e));
  }
  for (const a of s.artifacts.values()) put("artifacts", a.id, a);
  for (const r of [...s.revisions.values()].flatMap((history) => [...history])) {
    db.prepare("INSERT INTO revisions VALUES (?, ?, ?, 1, ?)").run(
      WS,
      r.artifact_id,
      r.version,
      JSON.stringify(r),
    );
  }
  for (const p of s.proposals.values()) put("proposals", p.id, p);
  for (const t of s.threads.values()) put("threads", t.id, t);
  for (const r of s.runs.values()) put("runs", r.id, r);
  for (const m of s.messages) db.prepare("INSERT INTO messages VALUES (?, ?)").run(WS, m);
  db.close();
}

// A file as schema version 3 left it: version 1's, then the released steps 2 and 3.
function writeV3(path: string, s: WorkspaceSnapshot): void {
  writeV1(path, s);
  const db = new Database(path);
  for (const step of MIGRATIONS.filter((m) => m.version === 2 || m.version === 3)) {
    db.exec(step.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, '2026-02-01T00:00:00.000Z')").run(
      step.version,
      step.name,
    );
  }
  db.close();
}

// A log in two threads, with envelopes of no thread between them.
async function twoThreads(): Promise<WorkspaceSnapshot> {
  const store = memoryStore();
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    id: WS,
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit({ type: "create_thread", thread_id: "t2" }, alice);
  await ws.commit({ type: "post_message", thread_id: "t1", content: "one" }, alice);
  await ws.commit(
    { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "a" } },
    alice,
  );
  await ws.commit({ type: "post_message", thread_id: "t2", content: "two" }, alice);
  await ws.commit({ type: "post_message", thread_id: "t1", content: "three" }, alice);
  await ws.record({ type: "app_event", name: "tick", data: 1 }, alice);
  await ws.commit({ type: "post_message", thread_id: "t1", content: "four" }, alice);
  return store.snapshot(WS);
}

const versions = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT version FROM schema_migrations ORDER BY version").pluck().all();
  } finally {
    db.close();
  }
};

describe("sqlite store: schema migrations", () => {
  it("migrates a file at schema version 1 on open, keeping its data", async () => {
    const path = file();
    const old = await history();
    writeV1(path, old);
    const store = sqliteStore({ path });
    try {
      expect(versions(path)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      expect(await store.head(WS)).toBe(old.head);
      expect(await store.read(WS, { after: 0 })).toEqual(logEntries(old));
      expect(await store.artifacts(WS)).toEqual([...old.artifacts.values()]);
      expect(await store.revisions(WS, "c1")).toEqual(old.revisions.get("c1")?.slice());
      const pending = [...old.proposals.values()].filter((p) => p.status === "pending");
      expect(pending).toHaveLength(1);
      expect(await store.proposals(WS, { status: "pending" })).toEqual(pending);
      expect(await store.proposals(WS, { status: "rejected", artifactId: "c1" })).toHaveLength(1);
      const [rejected] = await store.proposals(WS, { status: "rejected", artifactId: "c1" });
      const [hunk] = rejected?.resolution?.hunk_ids ?? [];
      if (hunk === undefined) throw new Error("expected a rejection with its hunks recorded");
      const byHunk = { artifact_id: "c1", hunk_id: hunk };
      const loaded = await store.load(WS, {
        ...NO_NEEDS,
        pending: [{ artifact_id: "c1", thread_id: "t1" }],
        rejected: [byHunk],
        threads: ["t1"],
        runs: ["r1"],
        messages: ["m1"],
      });
      expect(loaded.pending.get(pendingKey({ artifact_id: "c1", thread_id: "t1" }))).toEqual(
        pending,
      );
      // The rejection written before the rejected hunks were kept is filed under them.
      expect(loaded.rejected.get(rejectedKey(byHunk))).toEqual([rejected]);
      expect(loaded.threads.get("t1")).toEqual(old.threads.get("t1"));
      expect(loaded.runs.get("r1")).toEqual(old.runs.get("r1"));
      expect(loaded.messages.get("m1")).toBe(true);

      // It goes on from where it was, and its log still means its entities.
      const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
      const answered = await ws.commit(
        { type: "respond_to_proposal", proposal_id: pending[0]?.id ?? "", decision: "accept" },
        alice,
      );
      expect(answered.ok && answered.outcome.seq).toBe(old.head + 2);
      const replayed = replay(await ws.log());
      expect([...replayed.proposals.values()]).toEqual(await ws.proposals());
      expect([...replayed.artifacts.values()]).toEqual(await ws.artifacts());
      expect(replayed.revisions.get("c1")?.slice()).toEqual(await ws.revisions("c1"));
    } finally {
      await store.close();
    }
    // Opening again applies nothing twice.
    await sqliteStore({ path }).close();
    expect(versions(path)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it("migrates a file at schema version 3, filling the log's thread column, and reads by thread", async () => {
    const path = file();
    const old = await twoThreads();
    writeV3(path, old);
    const all = logEntries(old);
    const of = (threadId: string | null) => all.filter((e) => e.thread_id === threadId);
    expect(of("t1").map((e) => e.seq)).toEqual([1, 3, 6, 8]);
    expect(of("t2").map((e) => e.seq)).toEqual([2, 5]);
    expect(of(null).map((e) => e.seq)).toEqual([4, 7]);
    const store = sqliteStore({ path });
    try {
      expect(versions(path)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      const db = new Database(path, { readonly: true });
      try {
        const rows = db.prepare("SELECT seq, thread_id FROM log ORDER BY seq").all();
        expect(rows).toEqual(all.map((e) => ({ seq: e.seq, thread_id: e.thread_id })));
      } finally {
        db.close();
      }
      expect(await store.read(WS, { after: 0, threadId: "t1" })).toEqual(of("t1"));
      expect(await store.read(WS, { after: 0, threadId: "t2" })).toEqual(of("t2"));
      expect(await store.read(WS, { after: 3, threadId: "t1", limit: 1 })).toEqual([all[5]]);
      expect(await store.read(WS, { after: 0 })).toEqual(all);

      // Appends after the migration write the column too.
      const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
      const posted = await ws.commit(
        { type: "post_message", thread_id: "t2", content: "5" },
        alice,
      );
      expect(posted.ok && posted.outcome.seq).toBe(9);
      const t2 = await ws.log({ threadId: "t2" });
      expect(t2.map((e) => e.seq)).toEqual([2, 5, 9]);
      expect(await ws.log({ after: 5, threadId: "t2" })).toEqual(await ws.log({ after: 8 }));
    } finally {
      await store.close();
    }
  });

  it("reads one thread's envelopes by its index, without scanning or sorting the log", async () => {
    const path = file();
    writeV3(path, await twoThreads());
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${SQL.readThreadLog}`).all(WS, "t1", 0, -1) as {
        detail: string;
      }[];
      expect(plan.map((row) => row.detail)).toEqual([
        "SEARCH log USING INDEX log_by_thread (workspace_id=? AND thread_id=? AND seq>?)",
      ]);
    } finally {
      db.close();
    }
  });

  it("reports a log row filed under a thread its envelope is not of, naming the seq", async () => {
    const path = file();
    writeV3(path, await twoThreads());
    await sqliteStore({ path }).close();
    const db = new Database(path);
    db.prepare("UPDATE log SET thread_id = 't2' WHERE workspace_id = ? AND seq = 3").run(WS);
    db.close();
    const store = sqliteStore({ path });
    try {
      await expect(store.read(WS, { after: 0, threadId: "t2" })).rejects.toThrow(
        expect.objectContaining({
          code: "corrupt_record",
          message: `workspace ${WS} at seq 3: the envelope is of thread t1, not t2`,
        }),
      );
      // Read by position, the row is its envelope's, which is whole.
      expect((await store.read(WS, { after: 2, limit: 1 }))[0]?.thread_id).toBe("t1");
    } finally {
      await store.close();
    }
  });

  it("refuses a file from a newer schema, and leaves it as it was", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path);
    db.prepare("INSERT INTO schema_migrations VALUES (?, 'from the future', '2030-01-01')").run(
      SCHEMA_VERSION + 1,
    );
    db.close();
    let error: unknown;
    try {
      sqliteStore({ path });
    } catch (e) {
      error = e;
    }
    expect(isWorkspaceError(error) && error.code).toBe("unsupported_version");
    expect((error as Error).message).toBe(
      `sqlite store ${path}: schema version ${SCHEMA_VERSION + 1} is newer than this ` +
        `library's ${SCHEMA_VERSION}; open it with a newer agent-workspace`,
    );
    expect(versions(path)).toHaveLength(SCHEMA_VERSION + 1);
  });

  it("reports a step that cannot apply, changing nothing", async () => {
    const path = file();
    const db = new Database(path);
    db.exec("CREATE TABLE log (something TEXT)");
    db.close();
    expect(() => sqliteStore({ path })).toThrow(
      expect.objectContaining({
        code: "corrupt_record",
        message: expect.stringContaining("migration 1 (log and entities) failed"),
      }),
    );
    const after = new Database(path, { readonly: true });
    const tables = after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck();
    expect(tables.all()).toEqual(["log"]);
    after.close();
  });
});
