import { describe, expect, it } from "vitest";
import { isWorkspaceError, memoryStore, type Store } from "../../src/entries/index.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { orThrow } from "../../src/model/errors.ts";
import { newThread } from "../../src/model/threads.ts";
import type { AppendBatch } from "../../src/stores/port.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";
import { agent, alice, bob, fixtureWorkspace } from "./helpers.ts";

async function seeded() {
  const ws = fixtureWorkspace();
  await ws.commit({ type: "create_thread", thread_id: "t1", title: "Launch" }, alice);
  await ws.commit(
    {
      type: "create_artifact",
      artifact_id: "n1",
      kind: "note",
      data: { text: "Ship v1 on Friday." },
    },
    alice,
  );
  return ws;
}

describe("the host loop", () => {
  it("gives each event a gapless seq and returns the seq of the last one", async () => {
    const ws = await seeded();
    const result = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
      },
      agent,
    );
    expect(result.ok && result.outcome).toEqual({
      type: "applied",
      seq: 3,
      artifact_id: "n1",
      version: 2,
    });
    expect((await ws.log()).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("wraps events in envelopes with id, time, workspace, scope and actor", async () => {
    const ws = await seeded();
    const result = await ws.commit(
      { type: "post_message", thread_id: "t1", content: "hello" },
      agent,
      { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" },
    );
    expect(result.ok).toBe(true);
    const [envelope] = orThrow(result).envelopes;
    expect(envelope).toEqual({
      seq: 3,
      id: "evt_3",
      ts: "2026-11-30T09:00:02.000Z",
      workspace_id: "ws_test",
      thread_id: "t1",
      run_id: "r1",
      actor: { kind: "agent", thread_id: "t1", run_id: "r1", name: "assistant" },
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      event: {
        type: "message_posted",
        thread_id: "t1",
        message_id: "msg_1",
        content: "hello",
        run_id: "r1",
        kind: "message",
      },
    });
  });

  it("records the caller's trace on revisions", async () => {
    const ws = await seeded();
    await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old: "v1", new: "v2" }] },
      },
      alice,
      { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
    );
    expect((await ws.revision("n1", 2))?.trace_id).toBe("0af7651916cd43dd8448eb211c80319c");
    expect((await ws.revision("n1", 1))?.trace_id).toBeNull();
  });

  it("a no-op answers with the head it decided against and appends nothing", async () => {
    const ws = await seeded();
    const result = await ws.commit(
      { type: "set_thread_mode", thread_id: "t1", mode: "edit" },
      alice,
    );
    expect(result.ok && result.outcome).toEqual({ type: "recorded", seq: 2, run_id: null });
    expect(await ws.head()).toBe(2);
  });

  it("a rejection appends nothing", async () => {
    const ws = await seeded();
    const before = await ws.log();
    const result = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: 7,
        patch: { kind: "text_edits", edits: [{ old: "a", new: "b" }] },
      },
      alice,
    );
    expect(result.rejection).toMatchObject({ type: "version_conflict", base: 7, head: 1 });
    expect(await ws.log()).toEqual(before);
  });
});

describe("reads", () => {
  it("reads artifacts, revisions, proposals, threads, runs and the log from a position", async () => {
    const ws = await seeded();
    await ws.commit(
      {
        type: "create_artifact",
        artifact_id: "c1",
        kind: "checklist",
        data: { items: { x: { title: "X" } } },
      },
      alice,
    );
    const proposed = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "c1",
        base_version: 1,
        patch: { kind: "json_patch", ops: [{ op: "replace", path: "/items/x/done", value: true }] },
      },
      agent,
    );
    expect(orThrow(proposed).outcome.type).toBe("proposed");
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);

    expect(await ws.artifact("n1")).toMatchObject({
      id: "n1",
      version: 1,
      kind: "note",
      data: { text: "Ship v1 on Friday.", title: "" },
    });
    expect(await ws.artifact("missing")).toBeNull();
    expect((await ws.artifacts()).map((a) => a.id)).toEqual(["n1", "c1"]);
    expect((await ws.revisions("n1")).map((r) => r.version)).toEqual([1]);
    expect(await ws.revision("n1", 2)).toBeNull();
    const pending = await ws.proposals({ status: "pending" });
    expect(pending.map((p) => p.change.artifact_id)).toEqual(["c1"]);
    expect(await ws.proposals({ artifactId: "n1" })).toEqual([]);
    expect(await ws.proposal(pending[0]?.id ?? "")).toMatchObject({
      status: "pending",
      thread_id: "t1",
    });
    expect(await ws.thread("t1")).toEqual(newThread("t1", "Launch"));
    expect(await ws.run("r1")).toMatchObject({ status: "running", thread_id: "t1" });
    expect((await ws.log({ after: 3 })).map((e) => e.event.type)).toEqual([
      "proposal_created",
      "run_started",
    ]);
    expect((await ws.log({ after: 1, limit: 1 })).map((e) => e.seq)).toEqual([2]);
  });
});

describe("optimistic concurrency", () => {
  // A store that lets another writer slip in just before each of the first `races` appends.
  function racingStore(races: number): { store: Store; raced: () => number } {
    const inner = memoryStore();
    let raced = 0;
    const store: Store = {
      ...inner,
      async append(workspaceId: string, expectedHead: number, batch: AppendBatch) {
        if (raced < races) {
          raced++;
          const head = await inner.head(workspaceId);
          const ts = "2026-11-30T00:00:00.000Z";
          await inner.append(workspaceId, head, {
            envelopes: [
              {
                seq: head + 1,
                id: `evt_rival_${raced}`,
                ts,
                workspace_id: workspaceId,
                thread_id: null,
                run_id: null,
                actor: { kind: "system", name: "rival" },
                traceparent: null,
                event: {
                  type: "app_event",
                  thread_id: null,
                  run_id: null,
                  name: "rival",
                  data: raced,
                },
              },
            ],
            artifacts: [],
            revisions: [],
            proposals: [],
            threads: [],
            runs: [],
            messages: [],
          });
        }
        return inner.append(workspaceId, expectedHead, batch);
      },
    };
    return { store, raced: () => raced };
  }

  it("decides again when another writer moved the log first, and lands after it", async () => {
    const { store, raced } = racingStore(2);
    const ws = fixtureWorkspace({ store });
    const result = await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    expect(raced()).toBe(2);
    expect(result.ok && result.outcome.seq).toBe(3);
    expect((await ws.log()).map((e) => e.event.type)).toEqual([
      "app_event",
      "app_event",
      "thread_created",
    ]);
  });

  it("gives up with a contention error when it never wins", async () => {
    const { store } = racingStore(100);
    const ws = fixtureWorkspace({ store, maxAttempts: 3 });
    const error = await ws
      .commit({ type: "create_thread", thread_id: "t1" }, bob)
      .catch((e: unknown) => e);
    expect(isWorkspaceError(error) && error.code).toBe("contention");
  });
});

describe("closing a workspace", () => {
  it("closes its store: a SQLite file is released, and closing again is a no-op", async () => {
    const { file } = tempFiles("workspace-close");
    const path = file();
    const ws = fixtureWorkspace({ store: await sqliteStore({ path }) });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await ws.close();
    await expect(ws.head()).rejects.toThrow();
    await ws.close();
    // The data stayed on disk: another workspace opens the same file and reads it.
    const reopened = fixtureWorkspace({ store: await sqliteStore({ path }) });
    expect((await reopened.thread("t1"))?.id).toBe("t1");
    await reopened.close();
  });
});
