import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { isWorkspaceError } from "../../../src/entries/index.ts";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import { NO_NEEDS } from "../../../src/model/state.ts";
import { SQL } from "../../../src/stores/sqlite/statements.ts";
import { watchers } from "../../../src/stores/sqlite/watchers.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-store");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const empty = { artifacts: [], revisions: [], proposals: [], threads: [], runs: [], messages: [] };

function envelope(workspaceId: string, seq: number): Envelope {
  return {
    seq,
    id: `evt_${seq}`,
    ts: "2026-11-30T09:00:00.000Z",
    workspace_id: workspaceId,
    thread_id: null,
    run_id: null,
    actor: { kind: "system", name: "system" },
    traceparent: null,
    event: { type: "app_event", thread_id: null, run_id: null, name: "e", data: seq },
  };
}

const codeOf = (error: unknown) => (isWorkspaceError(error) ? error.code : String(error));

describe("sqlite store: reads are index lookups", () => {
  // Opening reads only the migrations table; these are what a write and a load run.
  const lookups = [
    "head",
    "readLog",
    "readThreadLog",
    "artifact",
    "revision",
    "revisions",
    "proposal",
    "proposalsByStatus",
    "proposalsByBoth",
    "thread",
    "run",
    "message",
    // The lists by filter, the pending decisions (`load`'s `deciding` among them) and offers.
    "threadsByStatus",
    "decidingThreads",
    "decidingThread",
    "offeringThreads",
    "offeringThread",
    "runsByThread",
    "runsByStatus",
    "runsByBoth",
    "decidingRuns",
    "decidingRunsOf",
  ] as const;
  const lists = ["artifacts", "proposals", "proposalsByArtifact", "threads", "runs"] as const;

  function plan(db: Database.Database, sql: string): string[] {
    const params = Array.from(sql.matchAll(/\?/g), () => "x");
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    return rows.map((row) => row.detail);
  }

  it("searches an index for every lookup, without sorting", async () => {
    const path = file();
    await sqliteStore({ path }).close();
    const db = new Database(path, { readonly: true });
    try {
      for (const name of lookups) {
        const details = plan(db, SQL[name]);
        expect(details.length, name).toBeGreaterThan(0);
        for (const detail of details) expect(detail, name).toMatch(/^SEARCH \w+ USING /);
      }
      for (const name of lists) {
        for (const detail of plan(db, SQL[name])) expect(detail, name).not.toMatch(/^SCAN/);
      }
    } finally {
      db.close();
    }
  });
});

describe("sqlite store: watchers", () => {
  it("hear of appends by another connection to the file, by polling", async () => {
    const path = file();
    const watched = sqliteStore({ path, pollIntervalMs: 20 });
    const writer = sqliteStore({ path });
    try {
      const heads: number[] = [];
      const stop = watched.watch("w", (head) => heads.push(head));
      await writer.append("w", 0, { ...empty, envelopes: [envelope("w", 1)] });
      await expect.poll(() => heads.at(-1), { timeout: 2000 }).toBe(1);
      await writer.append("other", 0, { ...empty, envelopes: [envelope("other", 1)] });
      await writer.append("w", 1, { ...empty, envelopes: [envelope("w", 2)] });
      await expect.poll(() => heads.at(-1), { timeout: 2000 }).toBe(2);
      expect(heads).toEqual([1, 2]);
      stop();
    } finally {
      await watched.close();
      await writer.close();
    }
  });

  it("poll only while someone watches, and stop on close", async () => {
    let looks = 0;
    const source = { dataVersion: () => ++looks, head: () => 0, pollMs: 5 };
    const watching = watchers(source);
    await pause(30);
    expect(looks).toBe(0);
    const stopA = watching.add("a", () => {});
    const stopB = watching.add("b", () => {});
    await pause(40);
    expect(looks).toBeGreaterThan(2);
    stopA();
    const during = looks;
    await pause(30);
    expect(looks).toBeGreaterThan(during);
    stopB();
    const after = looks;
    await pause(30);
    expect(looks).toBe(after);
    watching.add("c", () => {});
    watching.close();
    const closed = looks;
    await pause(30);
    expect(looks).toBe(closed);
  });
});

describe("sqlite store: one file, many workspaces and stores", () => {
  it("keeps each workspace's head and log apart", async () => {
    const store = sqliteStore({ path: file() });
    try {
      for (const ws of ["a", "b", "c"]) {
        for (let seq = 1; seq <= 3; seq++) {
          const result = await store.append(ws, seq - 1, {
            ...empty,
            envelopes: [envelope(ws, seq)],
          });
          expect(result).toEqual({ ok: true, head: seq });
        }
      }
      expect(await store.head("b")).toBe(3);
      expect((await store.read("c", { after: 1 })).map((e) => [e.workspace_id, e.seq])).toEqual([
        ["c", 2],
        ["c", 3],
      ]);
    } finally {
      await store.close();
    }
  });

  it("refuses envelopes of another workspace or position, writing nothing", async () => {
    const store = sqliteStore({ path: file() });
    try {
      const attempts = [
        () => store.append("a", 0, { ...empty, envelopes: [envelope("b", 1)] }),
        () => store.append("a", 0, { ...empty, envelopes: [envelope("a", 2)] }),
      ];
      for (const attempt of attempts) {
        await expect(attempt()).rejects.toSatisfy((e) => codeOf(e) === "invalid_argument");
      }
      expect(await store.head("a")).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("compares the head without writing when a batch has nothing to write", async () => {
    const store = sqliteStore({ path: file() });
    try {
      await store.append("a", 0, { ...empty, envelopes: [envelope("a", 1)] });
      expect(await store.append("a", 1, { ...empty, envelopes: [] })).toEqual({
        ok: true,
        head: 1,
      });
      expect(await store.append("a", 0, { ...empty, envelopes: [] })).toEqual({
        ok: false,
        head: 1,
      });
    } finally {
      await store.close();
    }
  });

  it("rejects bad options, and closes idempotently", async () => {
    for (const options of [
      { path: "" },
      { path: file(), pollIntervalMs: 0 },
      { path: file(), busyTimeoutMs: -1 },
      { path: file(), synchronous: "off" as "full" },
    ]) {
      expect(() => sqliteStore(options)).toThrow(
        expect.objectContaining({ code: "invalid_argument" }),
      );
    }
    const store = sqliteStore({ path: file(), synchronous: "normal" });
    expect(store.capabilities).toEqual({
      durable: true,
      crossProcess: true,
      refusesTakenMessageIds: true,
    });
    await store.close();
    await store.close();
    await expect(store.load("a", NO_NEEDS)).rejects.toThrow(
      expect.objectContaining({ code: "store_unavailable" }),
    );
  });
});
