// The edges of a workspace's life: ids no command could make, decisions that expire or end
// with their thread, writes whose fate the store could not tell.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import type { CommandInput } from "../../src/model/command.ts";
import { isWorkspaceError, WorkspaceError } from "../../src/model/errors.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

function manualClock(start: string) {
  let now = new Date(start);
  return { clock: () => now, set: (iso: string) => (now = new Date(iso)) };
}

async function setup(store: Store = memoryStore()) {
  const time = manualClock("2026-12-01T09:00:00.000Z");
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    newId: sequentialIds(),
    clock: time.clock,
    answerChannels: { hook: async () => {} },
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  return { ws, time };
}

describe("reads of ids no command could make", () => {
  it("answer nothing, without asking the store", async () => {
    const { ws } = await setup();
    const bad = ["", "a\u0000b", "\ud800", "x".repeat(3000), "a\nb"];
    for (const id of bad) {
      expect(await ws.artifact(id)).toBeNull();
      expect(await ws.thread(id)).toBeNull();
      expect(await ws.proposal(id)).toBeNull();
      expect(await ws.run(id)).toBeNull();
      expect(await ws.revisions(id)).toEqual([]);
      expect(await ws.proposals({ artifactId: id })).toEqual([]);
      expect(await ws.runs({ threadId: id })).toEqual([]);
      expect(await ws.decisions({ threadId: id })).toEqual([]);
      expect(await ws.log({ threadId: id })).toEqual([]);
    }
    expect(await ws.revision("n1", 1.5)).toBeNull();
  });
});

describe("decisions that expire", () => {
  it("are never listed as pending past their time, and the sweep retires them", async () => {
    const { ws, time } = await setup();
    const ask: CommandInput = {
      type: "request_decision",
      scope: { kind: "thread", id: "t1" },
      decision_id: "d1",
      prompt: "Deploy?",
      options: [{ id: "yes", label: "Yes" }],
      channel: "hook",
      expires_at: "2026-12-01T10:00:00.000Z",
    };
    expect((await ws.commit(ask, agent)).ok).toBe(true);
    expect((await ws.decisions()).map((p) => p.decision.id)).toEqual(["d1"]);
    expect(await ws.expireDecisions()).toEqual([]);

    time.set("2026-12-01T10:00:00.000Z");
    expect(await ws.decisions()).toEqual([]);
    const swept = await ws.expireDecisions();
    expect(swept.map((r) => r.ok && r.envelopes.map((e) => e.event))).toEqual([
      [expect.objectContaining({ type: "decision_retired", decision_id: "d1", reason: "expired" })],
    ]);
    expect((await ws.thread("t1"))?.decision.pending).toBeNull();
    expect(await ws.expireDecisions()).toEqual([]);
  });
});

describe("a run's decision when its thread ends", () => {
  it("retires with the thread and is never delivered into it", async () => {
    const { ws } = await setup();
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    const approval = { tool_call_id: "call_1", tool_name: "rm", kind: "approval" } as const;
    await ws.record(
      { type: "run_paused", run_id: "r1", thread_id: "t1", requests: [approval] },
      agent,
    );
    const scope = { kind: "run", id: "r1" } as const;
    const options = [
      { id: "approve", label: "Allow" },
      { id: "deny", label: "Deny" },
    ];
    const ask: CommandInput = {
      type: "request_decision",
      scope,
      decision_id: "call_1",
      prompt: "rm?",
      options,
      channel: "deferred",
    };
    expect((await ws.commit(ask, agent)).ok).toBe(true);
    expect((await ws.decisions({ threadId: "t1" })).map((p) => p.scope)).toEqual([scope]);

    const ended = await ws.commit({ type: "end_thread", thread_id: "t1" }, alice);
    expect(ended.ok && ended.envelopes.map((e) => e.event.type)).toEqual([
      "thread_ended",
      "decision_retired",
    ]);
    expect((await ws.run("r1"))?.decision.closed.call_1).toMatchObject({ reason: "scope_ended" });
    expect(await ws.decisions()).toEqual([]);
    const answered = await ws.answerDecision(
      { scope, decision_id: "call_1", option_id: "approve" },
      alice,
    );
    expect(answered).toMatchObject({
      ok: false,
      stage: "answer",
      rejection: { type: "stale_decision", reason: "scope_ended" },
    });
  });
});

/** A memory store whose next append is cut off before or after it lands, as a lost connection. */
function cutOff(when: "before" | "after"): Store & { armed: boolean } {
  const inner = memoryStore();
  const store: Store & { armed: boolean } = {
    ...inner,
    armed: false,
    async append(workspaceId, expectedHead, batch) {
      if (!store.armed) return inner.append(workspaceId, expectedHead, batch);
      store.armed = false;
      if (when === "after") await inner.append(workspaceId, expectedHead, batch);
      throw new WorkspaceError("unknown_outcome", "the connection was lost mid-append", {
        cause: new Error("Connection terminated unexpectedly"),
      });
    },
  };
  return store;
}

describe("a write whose fate the store could not tell", () => {
  for (const when of ["after", "before"] as const) {
    it(`names its append and item, and settles it (cut off ${when} it landed)`, async () => {
      const store = cutOff(when);
      const { ws } = await setup(store);
      store.armed = true;
      const post = { type: "post_message", thread_id: "t1", content: "hello" } as const;
      const error = await ws.commit(post, alice).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      if (!isWorkspaceError(error) || error.attempt === null)
        throw new Error("expected an attempt");
      expect(error.code).toBe("unknown_outcome");
      expect(error.attempt).toMatchObject({
        workspace_id: "default",
        seq: 2,
        item: { type: "post_message", message_id: "msg_1" },
      });
      const settled = await ws.settle(error.attempt);
      expect(settled).toBe(when === "after" ? "committed" : "not_committed");
      // Sending the item again, its ids included, never lands it twice.
      // The item as the workspace parsed it: the post_message command matched above.
      const again = await ws.commit(error.attempt.item as CommandInput, alice);
      const posted = (await ws.log()).filter((e) => e.event.type === "message_posted");
      expect(posted).toHaveLength(1);
      expect(again.ok).toBe(when === "before");
    });
  }
});
