// Each workspace on a durable store decides a write from what its own last append left (its
// write cache, ADR 0002), and the append's compare-and-swap proves that fresh. Two workspaces
// writing one store must each see the other's writes: a refusal is never decided from a stale
// cache, a stale cache never lets through what the store's state refuses. (On the memory store,
// which keeps no write cache, the same answers hold.)
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  memoryStore,
  type Store,
  type Workspace,
} from "../../src/entries/index.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("write-cache");
const alice = { kind: "user", id: "alice" } as const;

const stores: [string, () => Store][] = [
  ["memory", () => memoryStore()],
  ["sqlite", () => sqliteStore({ path: file() })],
];

const edit = (base: number, text: string) => ({
  type: "edit_artifact" as const,
  artifact_id: "n1",
  base_version: base,
  patch: {
    kind: "json_patch" as const,
    ops: [{ op: "replace", path: "/text", value: text }],
  },
});

function pair(store: Store): [Workspace, Workspace] {
  const open = () => createWorkspace({ registry: fixtureRegistry(), store, id: "ws_pair" });
  return [open(), open()];
}

describe.each(stores)("two workspaces on one %s store, writes interleaved", (_, open) => {
  it("an edit on the other's version lands; one on a version the other replaced is a real conflict", async () => {
    const store = open();
    const [a, b] = pair(store);
    const created = { type: "create_artifact", artifact_id: "n1", kind: "note", data: {} } as const;
    expect((await a.commit(created, alice)).ok).toBe(true);
    expect(await b.commit(edit(1, "b's"), alice)).toMatchObject({ ok: true });
    // `a` last saw version 1: deciding from that would refuse version 2's edit.
    expect(await a.commit(edit(2, "a's"), alice)).toMatchObject({
      ok: true,
      outcome: { type: "applied", version: 3 },
    });
    expect(await b.commit(edit(2, "b's again"), alice)).toMatchObject({
      ok: false,
      rejection: { type: "version_conflict", base: 2, head: 3 },
    });
    expect((await b.artifact("n1"))?.data).toEqual({ text: "a's", title: "" });
    expect(await a.head()).toBe(3);
    await store.close();
  });

  it("a write the other's change forbids is refused, and one it allows again lands", async () => {
    const store = open();
    const [a, b] = pair(store);
    await a.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const post = (content: string) => ({ type: "post_message", thread_id: "t1", content }) as const;
    expect((await b.commit(post("one"), alice)).ok).toBe(true);
    expect((await a.commit({ type: "end_thread", thread_id: "t1" }, alice)).ok).toBe(true);
    // `b` last saw t1 open.
    expect(await b.commit(post("two"), alice)).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state" },
    });
    await b.commit({ type: "create_thread", thread_id: "t2" }, alice);
    // `a` last saw no t2: deciding from that would refuse the post as not found.
    const posted = await a.commit({ type: "post_message", thread_id: "t2", content: "x" }, alice);
    expect(posted).toMatchObject({ ok: true, outcome: { seq: 5 } });
    await store.close();
  });

  it("a message id the other took is refused as taken, and a free one lands", async () => {
    const store = open();
    const [a, b] = pair(store);
    await a.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const post = {
      type: "post_message",
      thread_id: "t1",
      message_id: "m1",
      content: "hi",
    } as const;
    expect((await a.commit({ ...post, message_id: "m0" }, alice)).ok).toBe(true);
    expect(await b.commit(post, alice)).toMatchObject({ ok: true, outcome: { seq: 3 } });
    // `a` never saw m1: its own last append left it unknown, to be loaded.
    expect(await a.commit(post, alice)).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state", message: "message m1 already exists" },
    });
    expect(await b.commit({ ...post, message_id: "m2" }, alice)).toMatchObject({
      outcome: { seq: 4 },
    });
    expect(await a.head()).toBe(4);
    await store.close();
  });

  it("reads again the lists its own writes changed: pending proposals, deciding runs", async () => {
    const store = open();
    const [a] = pair(store);
    const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
    await a.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await a.commit({ type: "create_artifact", artifact_id: "w1", kind: "memo", data: {} }, alice);
    await a.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    const propose = (id: string, text: string) => ({
      type: "edit_artifact" as const,
      artifact_id: "w1",
      base_version: 1,
      proposal_id: id,
      thread_id: "t1",
      patch: {
        kind: "json_patch" as const,
        ops: [{ op: "replace", path: "/text", value: text }],
      },
    });
    // The first proposal is written after the artifact's pending list was read: the second
    // must find it there, and supersede it.
    expect((await a.commit(propose("p1", "one"), agent)).ok).toBe(true);
    expect((await a.commit(propose("p2", "two"), agent)).ok).toBe(true);
    expect((await a.proposals()).map((p) => [p.id, p.status])).toEqual([
      ["p1", "superseded"],
      ["p2", "pending"],
    ]);
    // The thread's deciding runs are read (by a refused end), then a run of it starts deciding:
    // ending the thread must find that decision, and retire it.
    expect(await a.commit({ type: "end_thread", thread_id: "t1" }, agent)).toMatchObject({
      rejection: { type: "forbidden" },
    });
    const ask = {
      type: "request_decision",
      scope: { kind: "run", id: "r1" },
      decision_id: "d1",
      prompt: "Go?",
    } as const;
    expect((await a.commit(ask, agent)).ok).toBe(true);
    expect(await a.decisions()).toHaveLength(1);
    expect((await a.commit({ type: "end_thread", thread_id: "t1" }, alice)).ok).toBe(true);
    expect(await a.decisions()).toEqual([]);
    await store.close();
  });

  it("a refusal decided from what is still current is answered without a write", async () => {
    const store = open();
    const [a] = pair(store);
    await a.commit({ type: "create_artifact", artifact_id: "n1", kind: "note", data: {} }, alice);
    expect(await a.commit(edit(7, "x"), alice)).toMatchObject({
      rejection: { type: "version_conflict", base: 7, head: 1 },
    });
    expect(await a.commit(edit(1, "x"), alice)).toMatchObject({ ok: true });
    expect(await a.head()).toBe(2);
    await store.close();
  });
});
