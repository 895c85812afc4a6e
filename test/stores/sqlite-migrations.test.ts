import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import {
  createWorkspace,
  isWorkspaceError,
  memoryStore,
  NO_NEEDS,
  replay,
  sequentialIds,
} from "../../src/index.ts";
import { SCHEMA_VERSION, sqliteStore } from "../../src/sqlite.ts";
import { fixtureRegistry } from "../../src/testing/fixtures.ts";
import type { WorkspaceSnapshot } from "../../src/workspace/snapshot.ts";
import { logEntries } from "../../src/workspace/snapshot.ts";
import { tempFiles } from "./fixtures/sqlite-files.ts";

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
  for (const r of [...s.revisions.values()].flat()) {
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
      expect(await store.revisions(WS, "c1")).toEqual(old.revisions.get("c1"));
      const pending = [...old.proposals.values()].filter((p) => p.status === "pending");
      expect(pending).toHaveLength(1);
      expect(await store.proposals(WS, { status: "pending" })).toEqual(pending);
      expect(await store.proposals(WS, { status: "rejected", artifactId: "c1" })).toHaveLength(1);
      const loaded = await store.load(WS, {
        ...NO_NEEDS,
        pending: ["c1"],
        threads: ["t1"],
        runs: ["r1"],
        messages: ["m1"],
      });
      expect(loaded.pending.get("c1")).toEqual(pending);
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
      expect(replayed.revisions.get("c1")).toEqual(await ws.revisions("c1"));
    } finally {
      await store.close();
    }
    // Opening again applies nothing twice.
    await sqliteStore({ path }).close();
    expect(versions(path)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
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
