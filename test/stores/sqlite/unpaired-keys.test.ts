// Keys with an unpaired surrogate: SQLite keeps them as WTF-8 bytes that read back as U+FFFD,
// so its append refuses them, and rows written before it did read back whole (ADR 0022).
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace, isWorkspaceError } from "../../../src/entries/index.ts";
import { NO_NEEDS } from "../../../src/model/state.ts";
import { sqliteStore } from "../../../src/stores/sqlite/sqlite-store.ts";
import { appEvent, batch, envelope, note } from "../../../src/testing/suite-records.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-unpaired");
const WS = "ws";
const LONE = ["\ud800", "x\udc00y", "\udbff"];

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => null,
    (error: unknown) => error,
  );
}

describe("an append with a key SQLite cannot give back", () => {
  it.each(LONE)("refuses an artifact id %j as invalid_argument, writing nothing", async (id) => {
    const store = sqliteStore({ path: file() });
    const appended = batch({
      envelopes: [envelope(WS, 1, appEvent(1))],
      artifacts: [{ ...note(1, "a"), id }],
    });
    const error = await thrown(() => store.append(WS, 0, appended));
    expect(isWorkspaceError(error) && error.code).toBe("invalid_argument");
    expect(await store.head(WS)).toBe(0);
    expect(await store.artifacts(WS)).toEqual([]);
    await store.close();
  });

  it("refuses a workspace id, a thread, run or message id with one", async () => {
    const store = sqliteStore({ path: file() });
    const bad = [
      store.append("\ud800", 0, batch({ envelopes: [envelope("\ud800", 1, appEvent(1))] })),
      store.append(WS, 0, batch({ messages: ["m\udfff"] })),
      store.append(
        WS,
        0,
        batch({ envelopes: [{ ...envelope(WS, 1, appEvent(1)), thread_id: "\ud800" }] }),
      ),
    ];
    for (const append of bad) {
      const error = await append.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isWorkspaceError(error) && error.code).toBe("invalid_argument");
    }
    expect(await store.head(WS)).toBe(0);
    await store.close();
  });

  it("still takes well-formed keys with astral characters and U+FFFD itself", async () => {
    const store = sqliteStore({ path: file() });
    const ids = ["😀", "\ufffd", "a\ufffd\ufffd\ufffdb"];
    const appended = batch({
      envelopes: [envelope(WS, 1, appEvent(1))],
      artifacts: ids.map((id) => ({ ...note(1, "a"), id })),
    });
    expect(await store.append(WS, 0, appended)).toEqual({ ok: true, head: 1 });
    expect((await store.artifacts(WS)).map((a) => a.id)).toEqual(ids);
    await store.close();
  });
});

describe("rows written before the append refused such keys", () => {
  // Placeholder keys the seed writes, and the keys with an unpaired surrogate an older append
  // would have written in their place.
  const OLD: Record<string, string> = {
    Xa: "\ud800a",
    Xt: "\udc00t",
    Xr: "r\ud800",
    Xp: "p\udbff",
  };
  const COLUMNS: [table: string, column: string, record: string | null][] = [
    ["log", "thread_id", "envelope"],
    ["artifacts", "id", "record"],
    ["revisions", "artifact_id", "record"],
    ["proposals", "id", "record"],
    ["proposals", "artifact_id", null],
    ["threads", "id", "record"],
    ["runs", "id", "record"],
    ["runs", "thread_id", null],
  ];
  const alice = { kind: "user", id: "alice" } as const;
  const agent = { kind: "agent", thread_id: "Xt", run_id: "Xr" } as const;

  // A workspace with a thread, a run with a decision, an artifact and a proposal, written
  // now; then its keys turned into what an older append wrote: columns bound as the string
  // with the surrogate, records as JSON.stringify writes it (escaped).
  async function writeOld(path: string): Promise<void> {
    const store = sqliteStore({ path });
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
    await ws.commit({ type: "create_thread", thread_id: "Xt" }, alice);
    await ws.record({ type: "run_started", run_id: "Xr", thread_id: "Xt" }, agent);
    await ws.commit(
      { type: "create_artifact", artifact_id: "Xa", kind: "checklist", data: { title: "A" } },
      alice,
    );
    const proposed = await ws.commit(
      {
        type: "propose_change",
        proposal_id: "Xp",
        change: {
          type: "edit_artifact",
          artifact_id: "Xa",
          base_version: 1,
          patch: { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: "B" }] },
        },
      },
      agent,
    );
    expect(proposed.ok).toBe(true);
    const asked = await ws.commit(
      {
        type: "request_decision",
        scope: { kind: "run", id: "Xr" },
        decision_id: "d1",
        prompt: "Go?",
      },
      agent,
    );
    expect(asked.ok).toBe(true);
    await store.close();
    const db = new Database(path);
    for (const [table, column, record] of COLUMNS) {
      for (const [placeholder, old] of Object.entries(OLD)) {
        db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`).run(old, placeholder);
        if (record === null) continue;
        const escaped = JSON.stringify(old).slice(1, -1);
        db.prepare(`UPDATE ${table} SET ${record} = replace(${record}, ?, ?)`).run(
          `"${placeholder}"`,
          `"${escaped}"`,
        );
      }
    }
    db.close();
  }

  it("read back whole, keys exact, on every call: lists, loads and the log", async () => {
    const path = file();
    await writeOld(path);
    const store = sqliteStore({ path });
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
    for (let i = 0; i < 2; i++) {
      expect((await ws.artifacts()).map((a) => a.id)).toEqual([OLD.Xa]);
      expect((await ws.proposals()).map((p) => [p.id, p.change.artifact_id])).toEqual([
        [OLD.Xp, OLD.Xa],
      ]);
      expect((await ws.proposals({ status: "pending" })).map((p) => p.id)).toEqual([OLD.Xp]);
      expect((await ws.threads()).map((t) => t.id)).toEqual([OLD.Xt]);
      expect((await ws.runs()).map((r) => [r.id, r.thread_id])).toEqual([[OLD.Xr, OLD.Xt]]);
      expect((await ws.decisions()).map((d) => d.scope)).toEqual([{ kind: "run", id: OLD.Xr }]);
      expect((await ws.log()).map((e) => e.thread_id)).toContain(OLD.Xt);
    }
    // Loaded by the exact key, as the rules would ask for them.
    expect((await store.artifacts(WS)).map((a) => a.id)).toEqual([OLD.Xa]);
    expect((await store.revisions(WS, OLD.Xa as string)).map((r) => r.version)).toEqual([1]);
    const needs = {
      ...NO_NEEDS,
      artifacts: [OLD.Xa as string],
      threads: [OLD.Xt as string],
      runs: [OLD.Xr as string],
      proposals: [OLD.Xp as string],
    };
    const state = await store.load(WS, needs);
    expect(state.artifacts.get(OLD.Xa as string)?.id).toBe(OLD.Xa);
    expect(state.proposals.get(OLD.Xp as string)?.id).toBe(OLD.Xp);
    expect(state.runs.get(OLD.Xr as string)?.thread_id).toBe(OLD.Xt);
    await store.close();
  });

  it("still refuses a record that is not its row's", async () => {
    const path = file();
    await writeOld(path);
    const db = new Database(path);
    // The artifact's record now claims another id: a foreign record, whatever its column.
    const own = `"id":${JSON.stringify(OLD.Xa)}`;
    db.prepare("UPDATE artifacts SET record = replace(record, ?, ?)").run(own, '"id":"n9"');
    db.close();
    const store = sqliteStore({ path });
    const error = await thrown(() => store.artifacts(WS));
    expect(isWorkspaceError(error) && error.code).toBe("corrupt_record");
    await store.close();
  });
});
