import { describe, expect, it } from "vitest";
import { memoryStore, type Store, type Workspace } from "../../src/entries/index.ts";
import { agent, alice, fixtureWorkspace } from "./helpers.ts";

// A memory store that keeps the options of every read.
function watchedStore(): { store: Store; reads: Parameters<Store["read"]>[1][] } {
  const inner = memoryStore();
  const reads: Parameters<Store["read"]>[1][] = [];
  const store: Store = {
    ...inner,
    read: (workspaceId, options) => {
      reads.push(options);
      return inner.read(workspaceId, options);
    },
  };
  return { store, reads };
}

// Notes n1 and n2, thread t1 following `focus`; then alice edits both.
async function world(store: Store, focus: readonly string[]): Promise<Workspace> {
  const ws = fixtureWorkspace({ store });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  for (const id of ["n1", "n2"]) {
    await ws.commit(
      { type: "create_artifact", artifact_id: id, kind: "note", data: { text: "a" } },
      alice,
    );
  }
  const focused = await ws.commit(
    { type: "set_focus", thread_id: "t1", artifact_ids: [...focus] },
    alice,
  );
  expect(focused.ok).toBe(true);
  for (const id of ["n1", "n2"]) {
    const patch = {
      kind: "json_patch" as const,
      ops: [{ op: "add" as const, path: "/text", value: "b" }],
    };
    await ws.commit({ type: "edit_artifact", artifact_id: id, base_version: 1, patch }, alice);
  }
  return ws;
}

describe("notes of a focused thread", () => {
  it("are read by what the thread follows, through `notes` and the durable cursor alike", async () => {
    const { store, reads } = watchedStore();
    const ws = await world(store, ["n1"]);
    const head = await store.head("ws_test");
    reads.length = 0;
    const told = await ws.notes({ viewer: agent, after: 0 });
    expect(told.cursor).toBe(head);
    expect(told.notes.map((n) => n.type === "change" && n.artifact_id)).toEqual(["n1"]);
    const about = { artifacts: ["n1"], threadId: "t1", participant: "agent:t1" };
    expect(reads).toEqual([{ after: 0, about }]);
    reads.length = 0;
    const delivered = await ws.nextNotes({ viewer: agent });
    expect(delivered.notes).toEqual(told.notes);
    expect(delivered.cursor).toBe(head);
    expect(reads).toEqual([{ after: 0, about }]);
    // Heard once: the next call reads nothing, and tells nothing.
    reads.length = 0;
    expect((await ws.nextNotes({ viewer: agent })).notes).toEqual([]);
    expect(reads).toEqual([]);
  });

  it("read the whole log for a thread that follows everything", async () => {
    const { store, reads } = watchedStore();
    const ws = await world(store, []);
    reads.length = 0;
    const told = await ws.notes({ viewer: agent, after: 0 });
    expect(told.notes.map((n) => n.type === "change" && n.artifact_id)).toEqual(["n1", "n2"]);
    expect(reads).toEqual([{ after: 0 }]);
    reads.length = 0;
    expect((await ws.nextNotes({ viewer: agent })).notes).toEqual(told.notes);
    expect(reads).toEqual([{ after: 0 }]);
  });
});
