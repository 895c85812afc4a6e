import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { createSideConversations } from "../../src/host/side-conversations.ts";
import type { SideConversation, SideConversations, SideOpened } from "../../src/host/sides-api.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import type { CommandInput } from "../../src/model/command.ts";
import { orThrow } from "../../src/model/errors.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const parentAgent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

let ws: Workspace;
let sides: SideConversations;

function sideIds(): () => string {
  let n = 0;
  return () => `side_${++n}`;
}

async function commit(command: CommandInput, actor: ActorInput = alice): Promise<void> {
  const written = await ws.commit(command, actor);
  expect(written.rejection).toBeUndefined();
}

/** The call that opens a side on `thread_id` as Alice. */
const asAlice = (thread_id: string) => ({ request: { thread_id }, actor: alice });

function opened(result: SideOpened): SideConversation {
  if (!result.ok) throw new Error(`open refused at ${result.stage}: ${result.rejection.message}`);
  return result.side;
}

const noteEdit = (text: string, base_version = 1): CommandInput => ({
  type: "edit_artifact",
  artifact_id: "n1",
  base_version,
  patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: text }] },
  thread_id: "t1",
});

// A parent in the middle of a turn: a person asked, the agent is running.
async function parent(): Promise<void> {
  await commit({ type: "create_thread", thread_id: "t1", title: "Parent" });
  await commit({
    type: "create_artifact",
    artifact_id: "n1",
    kind: "note",
    data: { text: "v1" },
  });
  await commit({ type: "create_artifact", artifact_id: "memo1", kind: "memo", data: { text: "" } });
  await commit({ type: "post_message", thread_id: "t1", message_id: "m1", content: "Summarise" });
  const started = await ws.record(
    { type: "run_started", run_id: "r1", thread_id: "t1" },
    parentAgent,
  );
  expect(started.rejection).toBeUndefined();
}

async function eventTypes(after: number): Promise<string[]> {
  return (await ws.log({ after })).map((e) => e.event.type);
}

beforeEach(() => {
  ws = createWorkspace({ registry: fixtureRegistry(), id: "ws_side", newId: sequentialIds() });
  sides = createSideConversations(ws, { newId: sideIds() });
});
afterEach(() => sides.dispose());

describe("opening a side conversation", () => {
  it("snapshots the parent at the open: later parent messages are not seen", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const at = await ws.head();
    await commit({ type: "post_message", thread_id: "t1", message_id: "m2", content: "Later" });
    await commit(
      { type: "post_message", thread_id: "t1", message_id: "m3", content: "Reply" },
      parentAgent,
    );
    expect(side.id).toBe("side_1");
    expect(side.parent_thread_id).toBe("t1");
    expect(side.snapshot.at).toBe(at);
    expect(
      side.snapshot.material.map((i) => (i.type === "message" ? i.message_id : i.type)),
    ).toEqual(["m1"]);
    expect(side.snapshot.active_turn).toEqual({
      run_id: "r1",
      prompt: { message_id: "m1", content: "Summarise" },
      status: "incomplete",
    });
    expect(Object.isFrozen(side.snapshot)).toBe(true);
    expect((await ws.thread("t1"))?.side).toBe("side_1");
  });

  it("keeps side turns in memory: the parent's log and threads are untouched", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const head = await ws.head();
    const threadBefore = await ws.thread("t1");
    expect(side.say("user", "What does r1 do?").ok).toBe(true);
    expect(side.say("assistant", "It summarises.").ok).toBe(true);
    expect(side.turns).toEqual([
      { role: "user", content: "What does r1 do?" },
      { role: "assistant", content: "It summarises." },
    ]);
    expect(await ws.head()).toBe(head);
    expect(await ws.thread("t1")).toEqual(threadBefore);
    expect(await ws.thread(side.id)).toBeNull();
    const logged = JSON.stringify(await ws.log());
    expect(logged).not.toContain("It summarises.");
  });

  it("refuses a turn with an unknown role or no content", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    expect(side.say("user", "").rejection?.type).toBe("validation_failed");
    expect(side.turns).toEqual([]);
  });

  it("allows one side per parent, also across managers", async () => {
    await parent();
    await commit({ type: "create_thread", thread_id: "t2" });
    opened(await sides.open(asAlice("t1")));
    const second = await sides.open(asAlice("t1"));
    expect(second.rejection?.type).toBe("invalid_state");
    const elsewhere = createSideConversations(ws, { newId: () => "side_other" });
    expect((await elsewhere.open(asAlice("t1"))).rejection?.type).toBe("invalid_state");
    expect(opened(await sides.open(asAlice("t2"))).id).toBe("side_3");
    elsewhere.dispose();
    expect((await ws.thread("t1"))?.side).toBe("side_1");
  });

  it("refuses to open a side from a side, writing nothing", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const head = await ws.head();
    const nested = await sides.open(asAlice(side.id));
    expect(nested.rejection?.type).toBe("forbidden");
    expect(await ws.head()).toBe(head);
  });

  it("opens as the person who asked, and refuses an agent at stage open, writing nothing", async () => {
    await parent();
    const head = await ws.head();
    const byAgent = await sides.open({
      request: { thread_id: "t1" },
      actor: { kind: "agent", thread_id: "t1" },
    });
    expect(byAgent).toMatchObject({ ok: false, stage: "open", rejection: { type: "forbidden" } });
    expect(await ws.head()).toBe(head);
    opened(await sides.open(asAlice("t1")));
    const [openedBy] = (await ws.log({ after: head })).map((e) => e.actor);
    expect(openedBy).toMatchObject({ kind: "user", id: "alice" });
  });

  it("refuses an ended or unknown parent", async () => {
    await parent();
    await commit({ type: "end_thread", thread_id: "t1" });
    expect((await sides.open(asAlice("t1"))).rejection?.type).toBe("invalid_state");
    expect((await sides.open(asAlice("nope"))).rejection).toMatchObject({
      type: "not_found",
      id: "nope",
    });
  });
});

describe("closing", () => {
  it("discards the side when closed: its writes are refused afterwards", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const head = await ws.head();
    expect((await side.close()).ok).toBe(true);
    const log = await ws.log({ after: head });
    expect(log.map((e) => e.event)).toEqual([
      { type: "side_closed", thread_id: "t1", side_id: "side_1", reason: "closed" },
    ]);
    expect(side.status).toBe("closed");
    expect(await side.done).toBe("closed");
    expect(sides.get("t1")).toBeNull();
    const write = await side.commit(noteEdit("after close"));
    expect(write.rejection).toMatchObject({
      type: "not_found",
      entity: "side conversation",
      id: "side_1",
    });
    expect(side.say("user", "still there?").rejection?.type).toBe("not_found");
    expect((await ws.artifact("n1"))?.data).toEqual({ text: "v1", title: "" });
    // Closing again writes nothing; a new side can open.
    expect((await side.close()).ok).toBe(true);
    expect(await eventTypes(head)).toEqual(["side_closed"]);
    expect(opened(await sides.open(asAlice("t1"))).id).toBe("side_2");
  });

  it("closes through the manager", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    expect(sides.get("t1")).toBe(side);
    expect((await sides.close("t1")).ok).toBe(true);
    expect(side.status).toBe("closed");
    expect((await ws.thread("t1"))?.side).toBeNull();
  });

  it("discards the side when its parent ends", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    await commit({ type: "end_thread", thread_id: "t1" });
    expect(await side.done).toBe("parent_ended");
    const closes = (await ws.log()).filter((e) => e.event.type === "side_closed");
    expect(closes.map((e) => e.event)).toEqual([
      { type: "side_closed", thread_id: "t1", side_id: "side_1", reason: "parent_ended" },
    ]);
    expect(side.status).toBe("closed");
    expect(sides.get("t1")).toBeNull();
    expect((await ws.thread("t1"))?.side).toBeNull();
    expect((await side.commit(noteEdit("too late"))).rejection?.type).toBe("not_found");
  });
});

describe("writing from a side", () => {
  it("lands in the workspace, as the side of the parent's agent, and survives the close", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const written = await side.commit(noteEdit("from the side"));
    expect(orThrow(written).outcome).toMatchObject({
      type: "applied",
      artifact_id: "n1",
      version: 2,
    });
    expect(orThrow(written).envelopes[0]?.actor).toEqual({
      kind: "agent",
      thread_id: "t1",
      run_id: null,
      name: "side conversation",
      side_id: "side_1",
    });
    await side.close();
    expect(await ws.artifact("n1")).toMatchObject({
      version: 2,
      data: { text: "from the side", title: "" },
    });
  });

  it("follows the type's policy: a memo becomes a proposal", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const written = await side.commit({
      type: "edit_artifact",
      artifact_id: "memo1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: "idea" }] },
      thread_id: "t1",
    });
    expect(orThrow(written).outcome.type).toBe("proposed");
    expect(await ws.artifact("memo1")).toMatchObject({ version: 1, data: { text: "" } });
    expect((await ws.proposals({ status: "pending" })).map((p) => p.change.artifact_id)).toEqual([
      "memo1",
    ]);
  });

  it("writes as itself: the parent's agent hears of the side's changes and answers as someone else's", async () => {
    await parent();
    const cursor = await ws.head();
    const side = opened(await sides.open(asAlice("t1")));
    orThrow(await side.commit(noteEdit("from the side")));
    const memo: CommandInput = {
      type: "edit_artifact",
      artifact_id: "memo1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: "idea" }] },
      thread_id: "t1",
    };
    const proposed = orThrow(await side.commit(memo)).outcome;
    if (proposed.type !== "proposed") throw new Error("expected a proposal");
    await commit({
      type: "respond_to_proposal",
      proposal_id: proposed.proposal_id,
      decision: "accept",
    });
    const { notes, text } = await ws.notes({ viewer: parentAgent, after: cursor });
    // Its edit, its proposal and the accepted change: all the side's, none the parent's own.
    expect(notes.map((note) => note.type)).toEqual(["change", "proposal", "change"]);
    expect(text).toContain("side conversation changed n1");
    expect(text).not.toContain("your proposal");
    // A sender cannot claim to be a side: the marker comes from the side alone.
    const forged = await ws.commit(noteEdit("forged", 2), { ...parentAgent, side_id: "side_1" });
    expect(forged.ok ? null : forged.rejection).toMatchObject({
      type: "forbidden",
      action: "edit_artifact",
      actor_kind: "agent",
    });
  });

  it("keeps the mode frozen at opening: suggest stays suggest after the parent switches to edit", async () => {
    await parent();
    await commit({ type: "set_thread_mode", thread_id: "t1", mode: "suggest" });
    const side = opened(await sides.open(asAlice("t1")));
    await commit({ type: "set_thread_mode", thread_id: "t1", mode: "edit" });
    expect(side.snapshot.permissions.mode).toBe("suggest");
    const fromSide = await side.commit(noteEdit("side"));
    expect(orThrow(fromSide).outcome.type).toBe("proposed");
    // The parent's own agent, now in edit, writes directly.
    const fromParent = await ws.commit(noteEdit("parent"), parentAgent);
    expect(orThrow(fromParent).outcome).toMatchObject({ type: "applied", version: 2 });
  });

  it("keeps edit frozen too: applied after the parent switches to suggest", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    await commit({ type: "set_thread_mode", thread_id: "t1", mode: "suggest" });
    expect(orThrow(await side.commit(noteEdit("side"))).outcome.type).toBe("applied");
  });

  it("refuses anything but artifact writes", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    const head = await ws.head();
    const posted = await side.commit({
      type: "post_message",
      thread_id: "t1",
      message_id: "m9",
      content: "merge me back",
    });
    expect(posted.rejection?.type).toBe("forbidden");
    expect(await ws.head()).toBe(head);
  });
});

describe("approvals inside a side", () => {
  it("cover exactly one invocation", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    side.approveOnce("call_1");
    expect(side.consumeApproval("call_2")).toBe(false);
    expect(side.consumeApproval("call_1")).toBe(true);
    expect(side.consumeApproval("call_1")).toBe(false);
  });

  it("are dropped with the side", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    side.approveOnce("call_1");
    await side.close();
    expect(side.consumeApproval("call_1")).toBe(false);
    side.approveOnce("call_2");
    expect(side.consumeApproval("call_2")).toBe(false);
  });

  it("never become a durable grant, while a person outside the side can grant", async () => {
    await parent();
    const side = opened(await sides.open(asAlice("t1")));
    side.approveOnce("call_1");
    const head = await ws.head();
    const attempt = await side.grant("shell:rm");
    expect(attempt.ok).toBe(false);
    expect(attempt.rejection?.type).toBe("forbidden");
    expect(await ws.head()).toBe(head);
    expect((await ws.thread("t1"))?.grants).toEqual([]);
    const byPerson = await ws.commit(
      { type: "grant_permission", thread_id: "t1", permission: "shell:rm" },
      alice,
    );
    expect(byPerson.ok).toBe(true);
    expect((await ws.thread("t1"))?.grants).toEqual(["shell:rm"]);
    expect(side.snapshot.permissions.grants).toEqual([]);
  });
});

describe("on a SQLite file", () => {
  const dir = mkdtempSync(join(tmpdir(), "aw-sides-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("opens, writes, and is discarded when the parent ends; nothing of it is a thread", async () => {
    const path = join(dir, "sides.db");
    const store = sqliteStore({ path });
    ws = createWorkspace({
      registry: fixtureRegistry(),
      id: "ws_sql",
      newId: sequentialIds(),
      store,
    });
    const local = createSideConversations(ws, { newId: () => "side_sql" });
    try {
      await parent();
      const side = opened(await local.open(asAlice("t1")));
      await commit({ type: "post_message", thread_id: "t1", message_id: "m2", content: "Later" });
      expect(side.snapshot.material.map((i) => i.type === "message" && i.message_id)).toEqual([
        "m1",
      ]);
      side.say("user", "only in memory");
      expect(orThrow(await side.commit(noteEdit("side on disk"))).outcome.type).toBe("applied");
      await commit({ type: "end_thread", thread_id: "t1" });
      expect(await side.done).toBe("parent_ended");
    } finally {
      local.dispose();
      await store.close();
    }
    const reopened = sqliteStore({ path });
    try {
      const again = createWorkspace({ registry: fixtureRegistry(), id: "ws_sql", store: reopened });
      const sideEvents = (await again.log())
        .map((e) => e.event)
        .filter((e) => e.type === "side_opened" || e.type === "side_closed");
      expect(sideEvents).toEqual([
        {
          type: "side_opened",
          thread_id: "t1",
          side_id: "side_sql",
          lease_until: expect.any(String),
        },
        { type: "side_closed", thread_id: "t1", side_id: "side_sql", reason: "parent_ended" },
      ]);
      expect(await again.thread("side_sql")).toBeNull();
      expect((await again.thread("t1"))?.side).toBeNull();
      expect((await again.artifact("n1"))?.data).toEqual({ text: "side on disk", title: "" });
      expect(JSON.stringify(await again.log())).not.toContain("only in memory");
    } finally {
      await reopened.close();
    }
  });
});

describe("a side whose process died", () => {
  it("blocks no one once its lease has run out: the next side takes the thread over", async () => {
    let now = Date.parse("2026-12-01T09:00:00.000Z");
    const clock = () => new Date(now);
    ws = createWorkspace({ registry: fixtureRegistry(), newId: sequentialIds(), clock });
    await parent();
    const crashed = createSideConversations(ws, { newId: () => "side_a", leaseMs: 60_000, clock });
    opened(await crashed.open(asAlice("t1")));
    crashed.dispose(); // the process is gone: nothing closes it, nothing renews it

    const next = createSideConversations(ws, { newId: () => "side_b", leaseMs: 60_000, clock });
    const early = await next.open(asAlice("t1"));
    expect(early.ok ? null : early.rejection.type).toBe("invalid_state");

    now += 60_000;
    const head = await ws.head();
    const side = opened(await next.open(asAlice("t1")));
    expect(side.id).toBe("side_b");
    const events = (await ws.log({ after: head })).map((e) => e.event);
    expect(events).toEqual([
      { type: "side_closed", thread_id: "t1", side_id: "side_a", reason: "expired" },
      {
        type: "side_opened",
        thread_id: "t1",
        side_id: "side_b",
        lease_until: "2026-12-01T09:02:00.000Z",
      },
    ]);
    expect(await ws.thread("t1")).toMatchObject({ side: "side_b" });
    next.dispose();
  });

  it("keeps its thread while it lives: the manager renews the lease", async () => {
    const renewing = createSideConversations(ws, { newId: () => "side_r", leaseMs: 30 });
    await parent();
    opened(await renewing.open(asAlice("t1")));
    const first = (await ws.thread("t1"))?.side_until ?? "";
    await new Promise((resolve) => setTimeout(resolve, 60));
    const renewed = (await ws.thread("t1"))?.side_until ?? "";
    expect(Date.parse(renewed)).toBeGreaterThan(Date.parse(first));
    renewing.dispose();
  });
});
