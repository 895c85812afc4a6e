import { CallToolResultSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import {
  MCP_ANSWER_CHANNEL,
  mcpAnswerChannel,
} from "../../../../src/edge/adapters/mcp/answer-channel.ts";
import type { CommandInput } from "../../../../src/model/command.ts";
import type { Envelope } from "../../../../src/model/envelope.ts";
import type { FactInput } from "../../../../src/model/event.ts";
import { sequentialIds } from "../../../../src/model/ids.ts";
import { memoryStore } from "../../../../src/stores/memory.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { connect, type Elicitor, texts } from "./connect.ts";

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const person = alice;
const threadAgent = { kind: "agent", thread_id: "t1" } as const;
const runAgent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const plans = {
  prompt: "Which plan do we ship?",
  options: [
    { id: "a", label: "Plan A" },
    { id: "b", label: "Plan B" },
  ],
};

async function setup(options: { channel?: boolean; run?: boolean } = {}) {
  const answerChannel = mcpAnswerChannel();
  const store = memoryStore();
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    newId: sequentialIds(),
    ...(options.channel === false ? {} : { answerChannels: { mcp: answerChannel } }),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  if (options.run === true) {
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, runAgent);
  }
  return { ws, store, answerChannel };
}

/** The decision events of the log, as type, actor kind and the fields that tell them apart. */
async function decisionLog(ws: Workspace): Promise<Record<string, unknown>[]> {
  const log = await ws.log();
  return log
    .filter(
      (e: Envelope) => e.event.type.startsWith("decision_") || e.event.type === "message_posted",
    )
    .map((e) => ({ ...(e.event as Record<string, unknown>), by: e.actor.kind }));
}

/** The run events of the log, a resume told by its trigger. */
async function runLog(ws: Workspace): Promise<string[]> {
  return (await ws.log()).flatMap(({ event }) => {
    if (!event.type.startsWith("run_")) return [];
    const { trigger } = event as { trigger?: string };
    return [trigger === "resume" ? `${event.type}:resume` : event.type];
  });
}

const accept = (answer: string): ElicitResult => ({ action: "accept", content: { answer } });

/** An elicitor that answers only when the test says, or gives up when withdrawn. */
function heldElicitor() {
  const asked: AbortSignal[] = [];
  let release: (result: ElicitResult) => void = () => {};
  const elicitor: Elicitor = (_request, signal) =>
    new Promise((resolve) => {
      asked.push(signal);
      release = resolve;
      signal.addEventListener("abort", () => resolve({ action: "cancel" }));
    });
  return { elicitor, asked, answer: (result: ElicitResult) => release(result) };
}

describe("ask_person through elicitation", () => {
  it("asks with the options as a choice and records the pick as the person's, on surface mcp", async () => {
    const { ws, answerChannel } = await setup();
    const requests: unknown[] = [];
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      async (request) => {
        requests.push(request);
        // Something the agent has not heard of yet, to ride on the answer.
        await ws.commit(
          { type: "create_artifact", kind: "note", artifact_id: "n1", data: { text: "hi" } },
          alice,
        );
        return accept("b");
      },
    );
    const answered = await call("ask_person", plans);
    expect(requests).toEqual([
      {
        mode: "form",
        message: "Which plan do we ship?",
        requestedSchema: {
          type: "object",
          properties: {
            answer: {
              type: "string",
              title: "Your answer",
              oneOf: [
                { const: "a", title: "Plan A" },
                { const: "b", title: "Plan B" },
              ],
            },
          },
          required: ["answer"],
        },
      },
    ]);
    expect(answered.isError).toBe(false);
    const [text, notes] = texts(answered);
    expect(text).toBe("The person answered: Plan B (option b).");
    expect(notes).toMatch(/^Since you last looked:\n.*n1/s);
    expect(await decisionLog(ws)).toMatchObject([
      { type: "decision_requested", by: "agent", scope: { kind: "thread", id: "t1" } },
      {
        type: "decision_answered",
        by: "user",
        option_id: "b",
        channel: MCP_ANSWER_CHANNEL,
        surface: "mcp",
      },
    ]);
    expect((await decisionLog(ws))[0]?.decision).toMatchObject({ channel: "mcp" });
    expect(await ws.decisions()).toEqual([]);
    expect(answerChannel.waiting).toBe(0);
    await close();
  });

  it("asks for free text without options, and keeps the person's words in the thread", async () => {
    const { ws, answerChannel } = await setup();
    const schemas: unknown[] = [];
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      async (request) => {
        schemas.push("requestedSchema" in request ? request.requestedSchema : null);
        return accept("Ship it on Friday");
      },
    );
    const answered = await call("ask_person", { prompt: "When do we ship?", options: null });
    expect(schemas).toEqual([
      {
        type: "object",
        properties: { answer: { type: "string", title: "Your answer", minLength: 1 } },
        required: ["answer"],
      },
    ]);
    expect(texts(answered)).toEqual(["The person answered:\nShip it on Friday"]);
    expect(await decisionLog(ws)).toMatchObject([
      { type: "decision_requested", by: "agent" },
      { type: "decision_retired", by: "user", reason: "user_input" },
      { type: "message_posted", by: "user", content: "Ship it on Friday" },
    ]);
    await close();
  });

  it("ends the call when someone answers on another surface meanwhile, delivered once, the form withdrawn", async () => {
    const { ws, answerChannel } = await setup();
    const held = heldElicitor();
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      held.elicitor,
    );
    // A first question, answered in the client, so the second is not the client's request 0
    // (the SDK 1.32 client ignores a cancellation of request id 0).
    const first = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    held.answer(accept("a"));
    await first;
    const second = call("ask_person", { ...plans, prompt: "And which one next?" });
    await vi.waitFor(() => expect(held.asked).toHaveLength(2));
    const [pending] = await ws.decisions();
    const elsewhere = await ws.answerDecision(
      {
        scope: pending?.scope ?? { kind: "thread", id: "t1" },
        decision_id: pending?.decision.id ?? "",
        option_id: "b",
        surface: "review-page",
      },
      alice,
    );
    expect(elsewhere).toMatchObject({ ok: true, status: "delivered", channel: "mcp" });
    expect(texts(await second)).toEqual(["The person answered: Plan B (option b)."]);
    await vi.waitFor(() => expect(held.asked[1]?.aborted).toBe(true));
    const answers = (await decisionLog(ws)).filter((e) => e.type === "decision_answered");
    expect(answers.map((e) => [e.decision_id, e.option_id, e.surface])).toEqual([
      ["call_1", "a", "mcp"],
      ["call_2", "b", "review-page"],
    ]);
    expect(answerChannel.waiting).toBe(0);
    await close();
  });

  it("ends the call when another process stores the answer: the log brings it", async () => {
    const { ws, store, answerChannel } = await setup();
    const held = heldElicitor();
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      held.elicitor,
    );
    const asked = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    // Another process: the same store, no mcp channel of its own to deliver through.
    const other = createWorkspace({ registry: fixtureRegistry(), store });
    const answer = {
      scope: { kind: "thread", id: "t1" },
      decision_id: "call_1",
      option_id: "a",
    } as const;
    const stored = await other.answerDecision({ ...answer, surface: "cli" }, alice);
    expect(stored).toMatchObject({ ok: false, stage: "deliver" });
    expect(texts(await asked)).toEqual(["The person answered: Plan A (option a)."]);
    await close();
  });

  it.each([
    ["decline", "The person declined to answer."],
    ["cancel", "The person closed the question without answering."],
  ] as const)(
    "on %s, retires the question as the person and tells the model not to ask again",
    async (action, words) => {
      const { ws, answerChannel } = await setup();
      const { call, close } = await connect(
        ws,
        { agent: threadAgent, person, answerChannel },
        async () => ({ action }),
      );
      const result = await call("ask_person", plans);
      expect(result.isError).toBe(false);
      expect(texts(result)[0]).toMatch(new RegExp(`^${words} Do not ask it again`));
      expect(await decisionLog(ws)).toMatchObject([
        { type: "decision_requested" },
        { type: "decision_retired", by: "user", reason: "user_input" },
      ]);
      await close();
    },
  );

  it("withdraws the question as lost when the client fails to ask, and says so as an error", async () => {
    const { ws, answerChannel } = await setup();
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      async () => {
        throw new Error("no window to show it in");
      },
    );
    const result = await call("ask_person", plans);
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(
      /^The person could not be asked \(.*no window to show it in.*\)/,
    );
    expect(await decisionLog(ws)).toMatchObject([
      { type: "decision_requested" },
      { type: "decision_retired", by: "agent", reason: "transport_lost" },
    ]);
    await close();
  });

  it("ends a question that a newer one replaced, withdrawing its form", async () => {
    const { ws, answerChannel } = await setup();
    const held = heldElicitor();
    const { call, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      held.elicitor,
    );
    const warmup = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    held.answer(accept("a"));
    await warmup;
    const older = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(2));
    const newer = call("ask_person", { ...plans, prompt: "Actually: which plan?" });
    expect(texts(await older)[0]).toBe(
      "This question was replaced by a newer one (call_3) before the person answered; act on the answer to that one.",
    );
    expect(held.asked[1]?.aborted).toBe(true);
    await vi.waitFor(() => expect(held.asked).toHaveLength(3));
    held.answer(accept("b"));
    expect(texts(await newer)).toEqual(["The person answered: Plan B (option b)."]);
    await close();
  });

  it("asks in the agent's run when it has one, on the mcp channel, the run paused while it asks", async () => {
    const { ws, answerChannel } = await setup({ run: true });
    const seen: unknown[] = [];
    const { call, close } = await connect(
      ws,
      { agent: runAgent, person, answerChannel },
      async () => {
        seen.push(await ws.run("r1"));
        return accept("a");
      },
    );
    expect(texts(await call("ask_person", plans))).toEqual([
      "The person answered: Plan A (option a).",
    ]);
    expect(seen).toMatchObject([
      {
        status: "paused",
        pending: [
          { tool_call_id: "call_1", tool_name: "ask_person", kind: "question", args: plans },
        ],
      },
    ]);
    expect(await decisionLog(ws)).toMatchObject([
      { type: "decision_requested", scope: { kind: "run", id: "r1" } },
      {
        type: "decision_answered",
        scope: { kind: "run", id: "r1" },
        channel: "mcp",
        surface: "mcp",
      },
    ]);
    expect(await runLog(ws)).toEqual(["run_started", "run_paused", "run_started:resume"]);
    expect((await ws.run("r1"))?.status).toBe("running");
    await close();
  });

  it.each([
    ["the person declines", async (): Promise<ElicitResult> => ({ action: "decline" })],
    [
      "the client fails to ask",
      async (): Promise<ElicitResult> => {
        throw new Error("no window to show it in");
      },
    ],
  ])("resumes the run when %s, and asks again in it", async (_how, elicitor) => {
    const { ws, answerChannel } = await setup({ run: true });
    const { call, close } = await connect(ws, { agent: runAgent, person, answerChannel }, elicitor);
    for (const prompt of ["Which plan?", "Which plan, then?"]) {
      const result = await call("ask_person", { ...plans, prompt });
      expect(texts(result)[0]).not.toMatch(/paused/);
      expect((await ws.run("r1"))?.status).toBe("running");
    }
    expect(await runLog(ws)).toEqual([
      "run_started",
      "run_paused",
      "run_started:resume",
      "run_paused",
      "run_started:resume",
    ]);
    await close();
  });

  it("refuses a question the run could not take before pausing it: nothing written", async () => {
    const { ws, answerChannel } = await setup({ run: true });
    const elicitor = vi.fn<Elicitor>(async () => accept("a"));
    const { call, close } = await connect(ws, { agent: runAgent, person, answerChannel }, elicitor);
    const head = await ws.head();
    const twice = [
      { id: "a", label: "Plan A" },
      { id: "a", label: "Plan A again" },
    ];
    const result = await call("ask_person", { prompt: "Which?", options: twice });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/^Not applied: /);
    expect(elicitor).not.toHaveBeenCalled();
    expect(await ws.head()).toBe(head);
    expect((await ws.run("r1"))?.status).toBe("running");
    await close();
  });

  it("refuses a second question while the run is paused on the first, which goes on", async () => {
    const { ws, answerChannel } = await setup({ run: true });
    const held = heldElicitor();
    const { call, close } = await connect(
      ws,
      { agent: runAgent, person, answerChannel },
      held.elicitor,
    );
    const first = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    const second = await call("ask_person", { ...plans, prompt: "Or rather?" });
    expect(second.isError).toBe(true);
    expect(texts(second)[0]).toBe("Not applied: run r1 is paused.");
    expect(held.asked).toHaveLength(1);
    held.answer(accept("b"));
    expect(texts(await first)).toEqual(["The person answered: Plan B (option b)."]);
    expect(await runLog(ws)).toEqual(["run_started", "run_paused", "run_started:resume"]);
    await close();
  });

  it("ends the call when the paused run's request is answered directly elsewhere, and resumes it", async () => {
    const { ws, answerChannel } = await setup({ run: true });
    const held = heldElicitor();
    const { call, close } = await connect(
      ws,
      { agent: runAgent, person, answerChannel },
      held.elicitor,
    );
    const asked = call("ask_person", plans);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    const direct: CommandInput = {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "call_1",
      answer: "b",
    };
    expect((await ws.commit(direct, alice)).ok).toBe(true);
    const [text, notes] = texts(await asked);
    expect(text).toMatch(/^The person did not pick an answer here; they answered elsewhere/);
    expect(notes).toMatch(/Alice answered your question call_1: "b"$/m);
    expect((await ws.run("r1"))?.status).toBe("running");
    await close();
  });

  it("records a pick as the person's words when the host declared no mcp channel", async () => {
    const { ws } = await setup({ channel: false });
    const { call, close } = await connect(ws, { agent: threadAgent, person }, async () =>
      accept("b"),
    );
    expect(texts(await call("ask_person", plans))).toEqual([
      "The person answered: Plan B (option b).",
    ]);
    expect(await decisionLog(ws)).toMatchObject([
      { type: "decision_requested", decision: { channel: null, options: [] } },
      { type: "decision_retired", by: "user", reason: "user_input" },
      { type: "message_posted", by: "user", content: "Plan B" },
    ]);
    await close();
  });

  it("withdraws the question when the client cancels the call", async () => {
    const { ws, answerChannel } = await setup();
    const held = heldElicitor();
    const { client, close } = await connect(
      ws,
      { agent: threadAgent, person, answerChannel },
      held.elicitor,
    );
    const abort = new AbortController();
    const calling = client.callTool({ name: "ask_person", arguments: plans }, undefined, {
      signal: abort.signal,
    });
    await vi.waitFor(() => expect(held.asked).toHaveLength(1));
    abort.abort();
    await expect(calling).rejects.toThrow();
    await vi.waitFor(async () => expect(await ws.decisions()).toEqual([]));
    expect((await decisionLog(ws)).at(-1)).toMatchObject({
      type: "decision_retired",
      reason: "transport_lost",
    });
    await close();
  });
});

describe("ask_person: a person who takes their time", () => {
  it("keeps a client that resets its timeout on progress waiting", async () => {
    const { ws, answerChannel } = await setup();
    const slow: Elicitor = () =>
      new Promise((resolve) => setTimeout(() => resolve(accept("a")), 900));
    const options = { agent: threadAgent, person, answerChannel, progressIntervalMs: 50 };
    const { client, close } = await connect(ws, options, slow);
    const progress: string[] = [];
    const result = await client.callTool({ name: "ask_person", arguments: plans }, undefined, {
      timeout: 300,
      resetTimeoutOnProgress: true,
      onprogress: (p) => progress.push(p.message ?? ""),
    });
    expect(texts(CallToolResultSchema.parse(result))).toEqual([
      "The person answered: Plan A (option a).",
    ]);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress[0]).toBe("waiting for the person");
    // Without progress, the same client would have given up at 300 ms.
    const later = { ...options, progressIntervalMs: 60_000, newCallId: () => "call_later" };
    const impatient = connect(ws, later, slow);
    const again = (await impatient).client.callTool(
      { name: "ask_person", arguments: plans },
      undefined,
      {
        timeout: 300,
        resetTimeoutOnProgress: true,
        onprogress: () => {},
      },
    );
    await expect(again).rejects.toMatchObject({ code: -32001 });
    await (await impatient).close();
    await close();
  });
});

describe("ask_person without elicitation", () => {
  it("is the core tool when the client cannot elicit: asked on notes, answerable elsewhere", async () => {
    const { ws, answerChannel } = await setup();
    const { call, close } = await connect(ws, { agent: threadAgent, person, answerChannel });
    const result = await call("ask_person", plans);
    expect(texts(result)[0]).toMatch(/^Your question and its options are in front of the person\./);
    const [pending] = await ws.decisions();
    expect(pending?.decision).toMatchObject({ id: "call_1", channel: "notes" });
    expect(pending?.decision.options.length).toBeGreaterThan(0);
    const option_id = pending?.decision.options[0]?.id ?? "";
    const scope = pending?.scope ?? { kind: "thread", id: "" };
    expect(
      await ws.answerDecision({ scope, decision_id: "call_1", option_id }, alice),
    ).toMatchObject({ ok: true, status: "delivered" });
    expect(texts(await call("read_notes"))).toEqual([
      expect.stringMatching(/^- Alice answered your question call_1: /),
    ]);
    await close();
  });

  it("is the core tool without a person, even when the client can elicit", async () => {
    const { ws } = await setup({ run: true });
    const elicitor = vi.fn<Elicitor>(async () => accept("a"));
    const { call, close } = await connect(ws, { agent: runAgent }, elicitor);
    const result = await call("ask_person", plans);
    expect(texts(result)[0]).toMatch(
      /^Your question is in front of the person, and your run is paused/,
    );
    expect(elicitor).not.toHaveBeenCalled();
    expect((await ws.run("r1"))?.status).toBe("paused");
    await close();
  });

  it("resumes the run its question paused before the next call once answered: the answer a note", async () => {
    const { ws } = await setup({ run: true });
    const { call, close } = await connect(ws, { agent: runAgent });
    await call("ask_person", plans);
    // Unanswered yet: the next call finds the run still paused, and a question refused.
    expect(texts(await call("ask_person", plans))[0]).toBe("Not applied: run r1 is paused.");
    const answer = {
      scope: { kind: "run", id: "r1" },
      decision_id: "call_1",
      option_id: "b",
    } as const;
    expect(await ws.answerDecision(answer, alice)).toMatchObject({ ok: true });
    expect((await ws.run("r1"))?.status).toBe("paused");
    const notes = texts(await call("list_artifacts"))[1];
    expect(notes).toMatch(/^- Alice answered your question call_1: /m);
    expect((await ws.run("r1"))?.status).toBe("running");
    expect(texts(await call("ask_person", plans))[0]).toMatch(/your run is paused/);
    expect(await runLog(ws)).toEqual([
      "run_started",
      "run_paused",
      "run_started:resume",
      "run_paused",
    ]);
    await close();
  });

  it("leaves a run another adapter paused to that adapter, answered or not", async () => {
    const { ws } = await setup({ run: true });
    const request = { tool_call_id: "c9", tool_name: "edit_note", kind: "approval" } as const;
    const pause: FactInput = {
      type: "run_paused",
      run_id: "r1",
      thread_id: "t1",
      requests: [request],
      resume: "the framework's own state",
    };
    await ws.record(pause, runAgent);
    const approve: CommandInput = {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c9",
      approved: true,
    };
    expect((await ws.commit(approve, alice)).ok).toBe(true);
    const { call, close } = await connect(ws, { agent: runAgent });
    await call("list_artifacts");
    expect((await ws.run("r1"))?.status).toBe("paused");
    await close();
  });
});
