import { beforeEach, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import type { CommandInput } from "../../src/model/command.ts";
import type { Envelope } from "../../src/model/envelope.ts";
import type { FactInput } from "../../src/model/event.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { SideItem, SideSnapshot } from "../../src/model/side-snapshot.ts";
import type { Thread } from "../../src/model/threads.ts";
import { snapshotThread } from "../../src/sides/snapshot.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = (run_id: string) => ({ kind: "agent", thread_id: "t1", run_id }) as const;

let ws: Workspace;

async function commit(command: CommandInput, actor: ActorInput = alice) {
  const written = await ws.commit(command, actor);
  expect(written.rejection).toBeUndefined();
}

async function record(fact: FactInput, run_id: string) {
  const written = await ws.record(fact, agent(run_id));
  expect(written.rejection).toBeUndefined();
}

const say = (message_id: string, content: string) =>
  commit({ type: "post_message", thread_id: "t1", message_id, content });

const call = (run_id: string, tool_call_id: string, tool_name: string) =>
  record(
    {
      type: "tool_called",
      run_id,
      thread_id: "t1",
      tool_call_id,
      tool_name,
      args_summary: `${tool_name}(…)`,
    },
    run_id,
  );

const returned = (run_id: string, tool_call_id: string, summary: string) =>
  record(
    { type: "tool_returned", run_id, thread_id: "t1", tool_call_id, status: "ok", summary },
    run_id,
  );

// A compact view of the material: what it is and its id.
const outline = (material: readonly SideItem[]) =>
  material.map((item) =>
    item.type === "message" ? `message ${item.message_id}` : `${item.type} ${item.tool_call_id}`,
  );

async function take(): Promise<{ envelopes: Envelope[]; thread: Thread; snapshot: SideSnapshot }> {
  const envelopes = await ws.log();
  const thread = await ws.thread("t1");
  if (thread === null) throw new Error("thread t1 is missing");
  const at = await ws.head();
  return { envelopes, thread, snapshot: snapshotThread(envelopes, thread, at) };
}

// A first turn finished (a call that returned, an answer), then a second turn still running.
async function parentMidTurn(): Promise<void> {
  await commit({ type: "create_thread", thread_id: "t1", title: "Release notes" });
  await commit({ type: "create_thread", thread_id: "t2", title: "Elsewhere" });
  await say("m1", "What changed in 2.0?");
  await record({ type: "run_started", run_id: "r1", thread_id: "t1" }, "r1");
  await call("r1", "c1", "search");
  await returned("r1", "c1", "3 hits");
  await commit(
    { type: "post_message", thread_id: "t1", message_id: "m2", content: "Three things." },
    agent("r1"),
  );
  await record({ type: "run_ended", run_id: "r1", thread_id: "t1", status: "completed" }, "r1");
  await commit({ type: "post_message", thread_id: "t2", message_id: "x1", content: "not t1" });
  await say("m3", "Draft them as a note");
  await record({ type: "run_started", run_id: "r2", thread_id: "t1" }, "r2");
  await call("r2", "c2", "read_file");
  await returned("r2", "c2", "changelog read");
  await call("r2", "c3", "write_note");
  await commit(
    { type: "post_message", thread_id: "t1", message_id: "m4", content: "Writing it now." },
    agent("r2"),
  );
}

beforeEach(() => {
  ws = createWorkspace({ registry: fixtureRegistry(), id: "ws_snap", newId: sequentialIds() });
});

describe("snapshotThread", () => {
  it("keeps the thread's messages and returned tool calls, in log order, from this thread only", async () => {
    await parentMidTurn();
    const { snapshot } = await take();
    expect(outline(snapshot.material)).toEqual([
      "message m1",
      "tool c1",
      "message m2",
      "message m3",
      "tool c2",
      "message m4",
    ]);
    expect(snapshot.material[1]).toMatchObject({
      type: "tool",
      run_id: "r1",
      tool_name: "search",
      args_summary: "search(…)",
      status: "ok",
      summary: "3 hits",
    });
    expect(snapshot.material[2]).toMatchObject({
      type: "message",
      content: "Three things.",
      run_id: "r1",
      author: { kind: "agent", thread_id: "t1", run_id: "r1" },
    });
    expect(snapshot).toMatchObject({ thread_id: "t1", title: "Release notes" });
  });

  it("leaves out a tool call still in flight", async () => {
    await parentMidTurn();
    const { snapshot } = await take();
    const ids = snapshot.material.flatMap((i) => (i.type === "tool" ? [i.tool_call_id] : []));
    expect(ids).toEqual(["c1", "c2"]);
  });

  it("includes the active prompt and marks the turn incomplete", async () => {
    await parentMidTurn();
    const { snapshot } = await take();
    expect(snapshot.active_turn).toEqual({
      run_id: "r2",
      prompt: { message_id: "m3", content: "Draft them as a note" },
      status: "incomplete",
    });
  });

  it("takes the prompt from a person, not from the agent or a notice", async () => {
    await commit({ type: "create_thread", thread_id: "t1" });
    await say("m1", "Check the build");
    await commit({
      type: "post_message",
      thread_id: "t1",
      message_id: "m2",
      content: "FYI",
      kind: "notice",
    });
    await commit(
      { type: "post_message", thread_id: "t1", message_id: "m3", content: "On it" },
      agent("r0"),
    );
    await record({ type: "run_started", run_id: "r1", thread_id: "t1" }, "r1");
    const { snapshot } = await take();
    expect(snapshot.active_turn?.prompt).toEqual({ message_id: "m1", content: "Check the build" });
  });

  it("has no active turn once every run ended", async () => {
    await parentMidTurn();
    await returned("r2", "c3", "note written");
    await record({ type: "run_ended", run_id: "r2", thread_id: "t1", status: "completed" }, "r2");
    const { snapshot } = await take();
    expect(snapshot.active_turn).toBeNull();
    expect(outline(snapshot.material)).toContain("tool c3");
  });

  it("treats a paused run as the active turn: an answered request counts, a pending one does not", async () => {
    await commit({ type: "create_thread", thread_id: "t1" });
    await say("m1", "Deploy it");
    await record({ type: "run_started", run_id: "r1", thread_id: "t1" }, "r1");
    await record(
      {
        type: "run_paused",
        run_id: "r1",
        thread_id: "t1",
        requests: [
          { tool_call_id: "d1", tool_name: "deploy", kind: "approval", args: { env: "prod" } },
          { tool_call_id: "d2", tool_name: "ask", kind: "question" },
        ],
      },
      "r1",
    );
    await commit({ type: "answer_deferred", run_id: "r1", tool_call_id: "d1", approved: true });
    const { snapshot } = await take();
    expect(snapshot.active_turn).toEqual({
      run_id: "r1",
      prompt: { message_id: "m1", content: "Deploy it" },
      status: "incomplete",
    });
    expect(outline(snapshot.material)).toEqual(["message m1", "answer d1"]);
    expect(snapshot.material[1]).toMatchObject({
      tool_name: "deploy",
      request_kind: "approval",
      args: { env: "prod" },
      approved: true,
    });
  });

  it("reads the log only up to `at`", async () => {
    await parentMidTurn();
    const at = await ws.head();
    await say("m5", "one more thing");
    await returned("r2", "c3", "note written");
    const envelopes = await ws.log();
    const thread = await ws.thread("t1");
    if (thread === null) throw new Error("thread t1 is missing");
    const snapshot = snapshotThread(envelopes, thread, at);
    expect(snapshot.at).toBe(at);
    expect(outline(snapshot.material)).not.toContain("message m5");
    expect(outline(snapshot.material)).not.toContain("tool c3");
  });

  it("copies the permission settings", async () => {
    await parentMidTurn();
    await commit({ type: "grant_permission", thread_id: "t1", permission: "shell:ls" });
    await commit({ type: "set_thread_mode", thread_id: "t1", mode: "suggest" });
    const { snapshot } = await take();
    expect(snapshot.permissions).toEqual({
      mode: "suggest",
      modes: { permission: null, interaction: null },
      grants: ["shell:ls"],
    });
  });

  it("is deeply frozen and leaves its inputs as they were", async () => {
    await parentMidTurn();
    // Plain copies, since the store may hand out frozen entities of its own.
    const envelopes = structuredClone(await ws.log());
    const thread = structuredClone(await ws.thread("t1"));
    if (thread === null) throw new Error("thread t1 is missing");
    const before = structuredClone({ envelopes, thread });
    const snapshot = snapshotThread(envelopes, thread, await ws.head());
    const unfrozen: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value !== "object" || value === null) return;
      if (!Object.isFrozen(value)) unfrozen.push(path);
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    };
    walk(snapshot, "snapshot");
    expect(unfrozen).toEqual([]);
    expect(snapshot.material.length).toBe(6);
    expect(() => (snapshot.material as SideItem[]).push(snapshot.material[0] as SideItem)).toThrow(
      TypeError,
    );
    expect(() => {
      (snapshot.permissions.grants as string[]).push("shell:rm");
    }).toThrow(TypeError);
    // Nothing shared: the inputs are not frozen and did not change.
    expect(Object.isFrozen(thread.grants)).toBe(false);
    expect(Object.isFrozen(thread.modes)).toBe(false);
    expect(envelopes.some((e) => Object.isFrozen(e) || Object.isFrozen(e.actor))).toBe(false);
    expect({ envelopes, thread }).toEqual(before);
  });
});
