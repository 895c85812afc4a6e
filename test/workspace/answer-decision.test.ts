import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import type { DecisionOption, Scope } from "../../src/model/decisions.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import type { AnswerChannel, DecisionDelivery } from "../../src/workspace/deliveries.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const system = { kind: "system" } as const;
const agentOf = (threadId: string) => ({ kind: "agent", thread_id: threadId }) as const;
const thread = (id: string): Scope => ({ kind: "thread", id });

const ONCE_DENY: DecisionOption[] = [
  { id: "once", label: "Once" },
  { id: "deny", label: "Deny" },
];

/** The host's port: an async function that records every delivery it is handed. */
function recordingChannel(fail = false): { channel: AnswerChannel; received: DecisionDelivery[] } {
  const received: DecisionDelivery[] = [];
  const channel: AnswerChannel = async (delivery) => {
    await Promise.resolve();
    received.push(delivery);
    if (fail) throw new Error("the agent's hook socket is closed");
  };
  return { channel, received };
}

/** A clock the test moves by hand. */
function manualClock(start: string): { clock: () => Date; set: (iso: string) => void } {
  let now = new Date(start);
  return { clock: () => now, set: (iso) => (now = new Date(iso)) };
}

/** A memory workspace with thread t1 (and t2), a proven `hook` channel and a throwing `flaky` one. */
async function setup(clock = manualClock("2026-10-02T09:00:00.000Z").clock) {
  const hook = recordingChannel();
  const flaky = recordingChannel(true);
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store: memoryStore(),
    newId: sequentialIds(),
    clock,
    answerChannels: { hook: hook.channel, flaky: flaky.channel },
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit({ type: "create_thread", thread_id: "t2" }, alice);
  return { ws, hook, flaky };
}

async function ask(
  ws: Workspace,
  request: {
    scope?: Scope;
    decision_id: string;
    options?: DecisionOption[] | null;
    channel?: string | null;
    expires_at?: string | null;
  },
  actor: ActorInput = agentOf(request.scope?.kind === "run" ? "t1" : (request.scope?.id ?? "t1")),
): Promise<void> {
  const written = await ws.commit(
    {
      type: "request_decision",
      scope: request.scope ?? thread("t1"),
      decision_id: request.decision_id,
      prompt: `May I run the command for ${request.decision_id}?`,
      options: request.options === undefined ? ONCE_DENY : request.options,
      channel: request.channel === undefined ? "hook" : request.channel,
      expires_at: request.expires_at ?? null,
    },
    actor,
  );
  expect(written.ok).toBe(true);
}

async function eventTypes(ws: Workspace): Promise<string[]> {
  return (await ws.log()).map((e) => (e.event as { type: string }).type);
}

async function slot(ws: Workspace, threadId = "t1") {
  return (await ws.thread(threadId))?.decision;
}

describe("answering a decision on a proven channel", () => {
  it("delivers the pick once through the channel and consumes the id", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once", surface: "gui" },
      alice,
    );

    expect(result).toEqual({ ok: true, status: "delivered", option_id: "once", channel: "hook" });
    expect(hook.received).toEqual([
      {
        scope: { kind: "thread", id: "t1" },
        thread_id: "t1",
        run_id: null,
        decision_id: "d1",
        option_id: "once",
        label: "Once",
      },
    ]);
    expect(await slot(ws)).toEqual({
      pending: null,
      closed: { d1: { reason: "answered", option_id: "once", superseded_by: null } },
    });
    const answered = (await ws.log()).filter((e) => e.event.type === "decision_answered");
    expect(answered.map((e) => e.event)).toEqual([
      {
        type: "decision_answered",
        thread_id: "t1",
        run_id: null,
        scope: { kind: "thread", id: "t1" },
        decision_id: "d1",
        option_id: "once",
        label: "Once",
        channel: "hook",
        surface: "gui",
      },
    ]);
  });

  it("treats a second answer, same option or another, as a repeat of the first", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });
    await ws.answerDecision({ scope: thread("t1"), decision_id: "d1", option_id: "once" }, alice);
    const head = await ws.head();

    const same = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    const other = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "deny", surface: "cli" },
      { kind: "user", id: "bob" },
    );

    expect(same).toEqual({ ok: true, status: "repeat", option_id: "once" });
    expect(other).toEqual({ ok: true, status: "repeat", option_id: "once" });
    expect(hook.received).toHaveLength(1);
    expect(await ws.head()).toBe(head);
  });

  it("refuses a superseded id as stale, naming the decision pending now", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });
    await ask(ws, { decision_id: "d2" });

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );

    expect(result.ok).toBe(false);
    expect(result.rejection).toMatchObject({
      type: "stale_decision",
      reason: "superseded",
      scope: { kind: "thread", id: "t1" },
      decision_id: "d1",
      current_id: "d2",
    });
    expect(hook.received).toEqual([]);
    expect((await slot(ws))?.pending?.id).toBe("d2");
    expect((await slot(ws))?.closed.d1).toEqual({
      reason: "superseded",
      option_id: null,
      superseded_by: "d2",
    });
  });

  it("refuses an id the scope never had as unknown, naming the pending one", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });
    const head = await ws.head();

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d9", option_id: "once" },
      alice,
    );

    expect(result.ok).toBe(false);
    expect(result.rejection).toMatchObject({
      type: "unknown_decision",
      scope: { kind: "thread", id: "t1" },
      decision_id: "d9",
      current_id: "d1",
    });
    expect(hook.received).toEqual([]);
    expect(await ws.head()).toBe(head);
  });

  it("refuses another scope's id and leaves that scope's decision pending", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1", scope: thread("t1") });
    await ask(ws, { decision_id: "d2", scope: thread("t2") });
    const before = await slot(ws, "t2");

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d2", option_id: "once" },
      alice,
    );

    expect(result.ok).toBe(false);
    expect(result.rejection).toMatchObject({
      type: "unknown_decision",
      scope: { kind: "thread", id: "t1" },
      decision_id: "d2",
      current_id: "d1",
    });
    expect(hook.received).toEqual([]);
    expect(await slot(ws, "t2")).toEqual(before);
    expect((await slot(ws, "t2"))?.pending?.id).toBe("d2");
    expect((await slot(ws, "t1"))?.pending?.id).toBe("d1");
  });
});

describe("validating the answer", () => {
  it("refuses an option the decision does not offer, and keeps it pending", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "always" },
      alice,
    );

    expect(result.rejection).toMatchObject({
      type: "validation_failed",
      errors: [{ loc: ["option_id"], input: "always" }],
    });
    expect(hook.received).toEqual([]);
    expect((await slot(ws))?.pending?.id).toBe("d1");
  });

  it("refuses an agent's answer: only a person decides", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      agentOf("t1"),
    );

    expect(result.rejection?.type).toBe("forbidden");
    expect(hook.received).toEqual([]);
    expect((await slot(ws))?.pending?.id).toBe("d1");
  });
});

describe("read-only decisions", () => {
  it("keeps a decision on an undeclared channel read-only and forbids answering it", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1", channel: "typed_text" });

    const pending = (await slot(ws))?.pending;
    expect(pending).toMatchObject({ id: "d1", options: [], channel: null });

    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    expect(result.ok).toBe(false);
    expect(result.rejection?.type).toBe("forbidden");
    expect(hook.received).toEqual([]);
    expect((await slot(ws))?.pending?.id).toBe("d1");
  });

  it("never gives a prose-only request options, even on a proven channel", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1", options: null, channel: "hook" });

    expect((await slot(ws))?.pending).toMatchObject({ id: "d1", options: [], channel: null });
    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    expect(result.rejection?.type).toBe("forbidden");
    expect(hook.received).toEqual([]);
  });
});

describe("a channel that cannot deliver", () => {
  it("reports a failed delivery, yet the id is consumed and a retry is a repeat", async () => {
    const { ws, flaky } = await setup();
    await ask(ws, { decision_id: "d1", channel: "flaky" });

    const first = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "deny" },
      alice,
    );
    expect(first).toMatchObject({
      ok: false,
      stage: "deliver",
      option_id: "deny",
      channel: "flaky",
    });
    const error = !first.ok && first.stage === "deliver" ? first.error : null;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("the agent's hook socket is closed");
    expect((await slot(ws))?.closed.d1?.reason).toBe("answered");

    const retry = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "deny" },
      alice,
    );
    expect(retry).toEqual({ ok: true, status: "repeat", option_id: "deny" });
    expect(flaky.received).toHaveLength(1);
  });
});

describe("a process that does not declare the decision's channel", () => {
  it.each(["hook", "constructor"])(
    "consumes the id but reports its delivery to %s failed rather than delivering elsewhere",
    async (name) => {
      const store = memoryStore();
      const asker = recordingChannel();
      const asking = createWorkspace({
        registry: fixtureRegistry(),
        store,
        answerChannels: { [name]: asker.channel },
      });
      // Same log, but this process never proved the channel (nor any other).
      const answering = createWorkspace({ registry: fixtureRegistry(), store });
      await asking.commit({ type: "create_thread", thread_id: "t1" }, alice);
      await ask(asking, { decision_id: "d1", channel: name });

      const result = await answering.answerDecision(
        { scope: thread("t1"), decision_id: "d1", option_id: "once" },
        alice,
      );

      expect(result).toMatchObject({
        ok: false,
        stage: "deliver",
        option_id: "once",
        channel: name,
      });
      expect(asker.received).toEqual([]);
      expect((await slot(answering))?.closed.d1?.reason).toBe("answered");
    },
  );
});

describe("a run's built-in deferred channel", () => {
  it("answers the paused run's approval in the same write, without a host channel", async () => {
    const { ws, hook, flaky } = await setup();
    const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    await ws.record(
      {
        type: "run_paused",
        run_id: "r1",
        thread_id: "t1",
        requests: [
          { tool_call_id: "call_1", tool_name: "bash", kind: "approval", args: { cmd: "ls" } },
        ],
      },
      agent,
    );
    const run: Scope = { kind: "run", id: "r1" };
    await ask(ws, {
      scope: run,
      decision_id: "call_1",
      options: [
        { id: "approve", label: "Allow once" },
        { id: "deny", label: "Deny" },
      ],
      channel: "deferred",
    });
    expect((await ws.run("r1"))?.decision.pending).toMatchObject({
      id: "call_1",
      channel: "deferred",
    });

    const result = await ws.answerDecision(
      { scope: run, decision_id: "call_1", option_id: "approve", surface: "gui" },
      alice,
    );

    expect(result).toEqual({
      ok: true,
      status: "delivered",
      option_id: "approve",
      channel: "deferred",
    });
    const after = await ws.run("r1");
    expect(after?.answers).toEqual({ call_1: { answer: null, approved: true } });
    expect(after?.decision).toEqual({
      pending: null,
      closed: { call_1: { reason: "answered", option_id: "approve", superseded_by: null } },
    });
    expect((await eventTypes(ws)).slice(-2)).toEqual(["deferred_answered", "decision_answered"]);
    expect(hook.received).toEqual([]);
    expect(flaky.received).toEqual([]);
  });
});

describe("retiring a thread's decision", () => {
  it("retires it when a person posts a message: they answered elsewhere", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });

    await ws.commit({ type: "post_message", thread_id: "t1", content: "yes, go ahead" }, alice);

    expect(await slot(ws)).toEqual({
      pending: null,
      closed: { d1: { reason: "user_input", option_id: null, superseded_by: null } },
    });
    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    expect(result.rejection).toMatchObject({
      type: "stale_decision",
      reason: "user_input",
      current_id: null,
    });
    expect(hook.received).toEqual([]);
  });

  it("keeps it when the agent posts a message", async () => {
    const { ws } = await setup();
    await ask(ws, { decision_id: "d1" });

    await ws.commit({ type: "post_message", thread_id: "t1", content: "waiting" }, agentOf("t1"));

    expect((await slot(ws))?.pending?.id).toBe("d1");
  });

  it("keeps it when the focus changes", async () => {
    const { ws } = await setup();
    await ws.commit(
      { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "x" } },
      alice,
    );
    await ask(ws, { decision_id: "d1" });

    const focused = await ws.commit(
      { type: "set_focus", thread_id: "t1", artifact_ids: ["n1"] },
      alice,
    );

    expect(focused.ok && focused.envelopes.map((e) => e.event.type)).toEqual(["focus_changed"]);
    expect((await ws.thread("t1"))?.focus).toEqual(["n1"]);
    expect((await slot(ws))?.pending?.id).toBe("d1");
    expect((await slot(ws))?.closed).toEqual({});
  });

  it("retires it when the thread ends", async () => {
    const { ws, hook } = await setup();
    await ask(ws, { decision_id: "d1" });

    await ws.commit({ type: "end_thread", thread_id: "t1" }, alice);

    expect((await slot(ws))?.closed.d1?.reason).toBe("scope_ended");
    expect((await slot(ws))?.pending).toBeNull();
    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    expect(result.rejection).toMatchObject({ type: "stale_decision", reason: "scope_ended" });
    expect(hook.received).toEqual([]);
  });

  it("expires it only once the clock reaches expires_at", async () => {
    const time = manualClock("2026-10-02T09:00:00.000Z");
    const { ws, hook } = await setup(time.clock);
    await ask(ws, { decision_id: "d1", expires_at: "2026-10-02T09:05:00.000Z" });
    const expire = { type: "retire_decision", scope: thread("t1"), decision_id: "d1" } as const;

    time.set("2026-10-02T09:04:59.999Z");
    const early = await ws.commit({ ...expire, reason: "expired" }, system);
    expect(early.rejection?.type).toBe("invalid_state");
    expect((await slot(ws))?.pending?.id).toBe("d1");

    time.set("2026-10-02T09:05:00.000Z");
    const due = await ws.commit({ ...expire, reason: "expired" }, system);
    expect(due.ok && due.envelopes.map((e) => e.event)).toEqual([
      {
        type: "decision_retired",
        thread_id: "t1",
        run_id: null,
        scope: { kind: "thread", id: "t1" },
        decision_id: "d1",
        reason: "expired",
      },
    ]);
    expect((await slot(ws))?.pending).toBeNull();
    const result = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
    );
    expect(result.rejection).toMatchObject({ type: "stale_decision", reason: "expired" });
    expect(hook.received).toEqual([]);
  });
});

describe("answering without waiting for the agent", () => {
  it("answers queued once stored, while a slow channel is still delivering", async () => {
    let finish: () => void = () => {};
    const delivered: string[] = [];
    const ws = createWorkspace({
      registry: fixtureRegistry(),
      newId: sequentialIds(),
      answerChannels: {
        // A channel that resumes the agent's whole turn before it resolves.
        hook: (delivery) =>
          new Promise<void>((resolve) => {
            finish = () => {
              delivered.push(delivery.option_id);
              resolve();
            };
          }),
      },
    });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await ask(ws, { decision_id: "d1" });
    const answered = await ws.answerDecision(
      { scope: thread("t1"), decision_id: "d1", option_id: "once" },
      alice,
      { wait: false },
    );
    expect(answered).toMatchObject({
      ok: true,
      status: "queued",
      option_id: "once",
      channel: "hook",
    });
    expect(delivered).toEqual([]);
    expect((await ws.thread("t1"))?.decision.closed.d1).toMatchObject({ reason: "answered" });
    finish();
    if (answered.ok && answered.status === "queued") {
      expect(await answered.delivery).toEqual({
        ok: true,
        status: "delivered",
        option_id: "once",
        channel: "hook",
      });
    }
    expect(delivered).toEqual(["once"]);
  });
});
