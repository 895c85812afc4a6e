import { generateText, jsonSchema, type ModelMessage, tool } from "ai";
import { describe, expect, it } from "vitest";
import { pauseForPerson } from "../../../../src/edge/adapters/ai/pause.ts";
import { resumeMessages } from "../../../../src/edge/adapters/ai/resume.ts";
import { aiTools } from "../../../../src/edge/adapters/ai/tools.ts";
import { isWorkspaceError } from "../../../../src/model/errors.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { agent, alice, editPlan, scriptedModel, setup, type Turn, toolOutputs } from "./kit.ts";

const ask: ModelMessage[] = [{ role: "user", content: "Move the release to Monday." }];
const approveEdits = { edit_plan: "user-approval", archive_artifact: "user-approval" } as const;

/** A first call in which the model makes `turn`'s calls, paused on what waits for a person. */
async function pausedOn(ws: Workspace, turn: Turn) {
  const model = scriptedModel([turn]);
  const tools = aiTools(ws, { agent });
  const result = await generateText({ model, tools, toolApproval: approveEdits, messages: ask });
  const paused = await pauseForPerson(ws, { agent, result, messages: ask });
  return { result, paused };
}

const answer = (ws: Workspace, decision_id: string, option_id: string) =>
  ws.answerDecision({ scope: { kind: "run", id: "r1" }, decision_id, option_id }, alice);

describe("an approval", () => {
  it("pauses the run, is answered as a decision, and the run resumes with the approval", async () => {
    const ws = await setup();
    const { result, paused } = await pausedOn(ws, {
      calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }],
    });
    const request = result.content.find((p) => p.type === "tool-approval-request");
    const approvalId = request?.type === "tool-approval-request" ? request.approvalId : "";
    expect(paused).toEqual({
      ok: true,
      status: "paused",
      runId: "r1",
      requests: [approvalId],
      decisionId: approvalId,
    });
    const run = await ws.run("r1");
    expect(run).toMatchObject({
      status: "paused",
      pending: [{ tool_call_id: approvalId, tool_name: "edit_plan", kind: "approval" }],
    });
    expect(run?.pending[0]?.args).toEqual(editPlan("Friday", "Monday"));
    const [decision] = await ws.decisions();
    expect(decision).toMatchObject({
      scope: { kind: "run", id: "r1" },
      decision: {
        id: approvalId,
        channel: "deferred",
        options: [
          { id: "approve", label: "Approve" },
          { id: "deny", label: "Deny" },
        ],
      },
    });
    expect(decision?.decision.prompt).toContain("The agent asks to call edit_plan with {");
    expect(await ws.proposals()).toEqual([]);
    expect(await resumeMessages(ws, { runId: "r1" })).toEqual({
      ok: true,
      status: "waiting",
      decisionId: approvalId,
    });

    expect(await answer(ws, approvalId, "approve")).toMatchObject({
      ok: true,
      status: "delivered",
    });
    const resumed = await resumeMessages(ws, { runId: "r1" });
    if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));
    expect(resumed.answers).toEqual([
      { id: approvalId, kind: "approval", approved: true, answer: null },
    ]);
    expect(resumed.messages[0]).toEqual(ask[0]);
    expect(resumed.messages.at(-1)).toEqual({
      role: "tool",
      content: [{ type: "tool-approval-response", approvalId, approved: true }],
    });
    expect(await ws.run("r1")).toMatchObject({ status: "running", resume: null, pending: [] });

    const model = scriptedModel([{ text: "Proposed." }]);
    const tools = aiTools(ws, { agent });
    await generateText({ model, tools, toolApproval: approveEdits, messages: resumed.messages });
    expect(String(toolOutputs(model, 0).c1?.value)).toMatch(/^Submitted for review as proposal/);
    expect(await ws.proposals({ status: "pending" })).toHaveLength(1);
  });

  it("asks several one after another, and a denial reaches the model with its reason", async () => {
    const ws = await setup();
    const { paused } = await pausedOn(ws, {
      calls: [
        { id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") },
        { id: "c2", name: "archive_artifact", args: { artifact_id: "p1", base_version: 1 } },
      ],
    });
    if (!paused.ok || paused.status !== "paused") throw new Error("not paused");
    const [first = "", second = ""] = paused.requests;
    expect(paused.decisionId).toBe(first);
    expect((await ws.decisions()).map((d) => d.decision.id)).toEqual([first]);
    await answer(ws, first, "deny");
    // The next is asked once the last is answered, by whoever looks next.
    expect(await resumeMessages(ws, { runId: "r1" })).toMatchObject({ decisionId: second });
    expect((await ws.decisions()).map((d) => d.decision.id)).toEqual([second]);
    await answer(ws, second, "approve");
    const resumed = await resumeMessages(ws, { runId: "r1" });
    if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));
    expect(resumed.messages.at(-1)?.content).toEqual([
      {
        type: "tool-approval-response",
        approvalId: first,
        approved: false,
        reason: "The person denied this call.",
      },
      { type: "tool-approval-response", approvalId: second, approved: true },
    ]);
    const model = scriptedModel([{ text: "ok" }]);
    const tools = aiTools(ws, { agent });
    await generateText({ model, tools, toolApproval: approveEdits, messages: resumed.messages });
    const told = toolOutputs(model, 0);
    expect(told.c1).toEqual({ type: "execution-denied", reason: "The person denied this call." });
    expect(told.c2?.type).toBe("text");
    expect((await ws.artifact("p1"))?.data).toEqual({ text: "Ship on Friday." });
  });
});

describe("a host's own tool", () => {
  it("that needs approval is asked like the workspace's, and a resumed run that asks again pauses again", async () => {
    const ws = await setup();
    const deploy = tool({
      description: "Deploy the release.",
      inputSchema: jsonSchema<{ target: string }>({
        type: "object",
        properties: { target: { type: "string" } },
        required: ["target"],
        additionalProperties: false,
      }),
      execute: async ({ target }) => `deployed to ${target}`,
    });
    const tools = { ...aiTools(ws, { agent }), deploy };
    const toolApproval = { deploy: "user-approval", edit_plan: "user-approval" } as const;
    const model = scriptedModel([
      { calls: [{ id: "d1", name: "deploy", args: { target: "staging" } }] },
      { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }] },
      { text: "Deployed, and proposed Monday." },
    ]);
    const first = await generateText({ model, tools, toolApproval, messages: ask });
    const paused = await pauseForPerson(ws, { agent, result: first, messages: ask });
    expect((await ws.run("r1"))?.pending).toMatchObject([
      { tool_name: "deploy", kind: "approval", args: { target: "staging" } },
    ]);
    await answer(
      ws,
      paused.ok && paused.status === "paused" ? (paused.requests[0] ?? "") : "",
      "approve",
    );
    const resumed = await resumeMessages(ws, { runId: "r1" });
    if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));

    // The approved call runs; the model goes on and asks for the next approval: a second pause.
    const second = await generateText({ model, tools, toolApproval, messages: resumed.messages });
    expect(toolOutputs(model, 1).d1).toEqual({ type: "text", value: "deployed to staging" });
    const again = await pauseForPerson(ws, { agent, result: second, messages: resumed.messages });
    expect(again).toMatchObject({ ok: true, status: "paused" });
    await answer(
      ws,
      again.ok && again.status === "paused" ? (again.requests[0] ?? "") : "",
      "approve",
    );
    const later = await resumeMessages(ws, { runId: "r1" });
    if (!later.ok || later.status !== "resumed") throw new Error(JSON.stringify(later));
    const final = await generateText({ model, tools, toolApproval, messages: later.messages });
    expect(final.text).toBe("Deployed, and proposed Monday.");
    // The whole conversation, from the person's first message, reached the model.
    expect(model.doGenerateCalls[2]?.prompt[0]).toMatchObject({ role: "user" });
    expect(toolOutputs(model, 2).d1).toEqual({ type: "text", value: "deployed to staging" });
    expect(String(toolOutputs(model, 2).c1?.value)).toMatch(/^Submitted for review as proposal/);
  });
});

describe("a question", () => {
  it("waits in the run for the person's answer, which the model gets as the call's result", async () => {
    const ws = await setup();
    const options = [
      { id: "mon", label: "Monday" },
      { id: "fri", label: "Friday" },
    ];
    const { result, paused } = await pausedOn(ws, {
      calls: [{ id: "q1", name: "ask_person", args: { prompt: "Which day?", options } }],
    });
    expect(result.toolResults).toEqual([]);
    expect(paused).toMatchObject({ status: "paused", requests: ["q1"], decisionId: "q1" });
    const [decision] = await ws.decisions();
    expect(decision?.decision).toMatchObject({
      prompt: "Which day?",
      options,
      channel: "deferred",
    });
    await answer(ws, "q1", "mon");
    const resumed = await resumeMessages(ws, { runId: "r1" });
    if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));
    const model = scriptedModel([{ text: "Monday it is." }]);
    await generateText({ model, tools: aiTools(ws, { agent }), messages: resumed.messages });
    expect(toolOutputs(model, 0).q1).toEqual({
      type: "text",
      value: 'The person chose "Monday" (mon).',
    });
  });

  it("asked in prose is read-only for the decision, and answered with answer_deferred", async () => {
    const ws = await setup();
    await pausedOn(ws, {
      calls: [{ id: "q1", name: "ask_person", args: { prompt: "What time?", options: null } }],
    });
    expect((await ws.decisions())[0]?.decision).toMatchObject({ options: [], channel: null });
    const answered = await ws.commit(
      { type: "answer_deferred", run_id: "r1", tool_call_id: "q1", answer: "10:00" },
      alice,
    );
    expect(answered.ok).toBe(true);
    const resumed = await resumeMessages(ws, { runId: "r1" });
    expect(resumed.ok && resumed.status === "resumed" && resumed.messages.at(-1)).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "q1",
          toolName: "ask_person",
          output: { type: "text", value: "The person answered: 10:00" },
        },
      ],
    });
  });
});

describe("pausing and resuming", () => {
  it("writes nothing when nothing waits for a person", async () => {
    const ws = await setup();
    const head = await ws.head();
    const { paused } = await pausedOn(ws, { text: "Nothing to do." });
    expect(paused).toEqual({ ok: true, status: "none" });
    expect(await ws.head()).toBe(head);
  });

  it("is the host's bug without a run, and refused for a run it cannot resume", async () => {
    const ws = await setup();
    const result = { content: [], responseMessages: [] };
    const noRun = { kind: "agent", thread_id: "t1" } as const;
    await expect(pauseForPerson(ws, { agent: noRun, result, messages: [] })).rejects.toSatisfy(
      (e) => isWorkspaceError(e) && e.code === "invalid_argument",
    );
    expect(await resumeMessages(ws, { runId: "nope" })).toMatchObject({
      ok: false,
      rejection: { type: "not_found" },
    });
    expect(await resumeMessages(ws, { runId: "r1" })).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state", message: "run r1 is running, not paused" },
    });
    const requests = [{ tool_call_id: "x1", tool_name: "t", kind: "approval" as const }];
    await ws.record({ type: "run_paused", run_id: "r1", thread_id: "t1", requests }, agent);
    expect(await resumeMessages(ws, { runId: "r1" })).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state", message: "run r1 was not paused by the AI SDK adapter" },
    });
  });

  it("resumes a run once: a second resumer is refused", async () => {
    const ws = await setup();
    const { paused } = await pausedOn(ws, {
      calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }],
    });
    await answer(
      ws,
      paused.ok && paused.status === "paused" ? (paused.requests[0] ?? "") : "",
      "approve",
    );
    const [one, two] = await Promise.all([
      resumeMessages(ws, { runId: "r1" }),
      resumeMessages(ws, { runId: "r1" }),
    ]);
    expect([one, two].filter((r) => r.ok && r.status === "resumed")).toHaveLength(1);
    expect([one, two].find((r) => !r.ok)).toMatchObject({ rejection: { type: "invalid_state" } });
  });

  it("pausing again with the same requests (a host retrying) asks, and records nothing twice", async () => {
    const ws = await setup();
    const { result, paused } = await pausedOn(ws, {
      calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }],
    });
    const head = await ws.head();
    const again = await pauseForPerson(ws, { agent, result, messages: ask });
    expect(again).toEqual(paused);
    expect(await ws.head()).toBe(head);
  });

  it("keeps bytes in the resume data as base64 and URLs as text, which the SDK reads back", async () => {
    const ws = await setup();
    const image = new Uint8Array([1, 2, 3]);
    const url = new URL("https://example.org/plan.pdf");
    const messages: ModelMessage[] = [
      {
        role: "user",
        content: [
          { type: "file", data: image, mediaType: "image/png" },
          { type: "file", data: url, mediaType: "application/pdf" },
          { type: "file", data: { type: "url", url }, mediaType: "application/pdf" },
        ],
      },
    ];
    const model = scriptedModel([
      { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }] },
    ]);
    const tools = aiTools(ws, { agent });
    const result = await generateText({ model, tools, toolApproval: approveEdits, messages });
    const paused = await pauseForPerson(ws, { agent, result, messages });
    await answer(
      ws,
      paused.ok && paused.status === "paused" ? (paused.requests[0] ?? "") : "",
      "approve",
    );
    const resumed = await resumeMessages(ws, { runId: "r1" });
    if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));
    expect(resumed.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "file", data: "AQID", mediaType: "image/png" },
        { type: "file", data: url.href, mediaType: "application/pdf" },
        { type: "file", data: { type: "url", url }, mediaType: "application/pdf" },
      ],
    });
    const next = scriptedModel([{ text: "ok" }]);
    await generateText({ model: next, tools, messages: resumed.messages });
    // The model is sent what it was sent before the pause: the same files, the bytes as base64.
    const [before, after] = [model, next].map((m) => m.doGenerateCalls[0]?.prompt[0]?.content);
    expect(after?.slice(1)).toEqual(before?.slice(1));
    expect(after?.[0]).toMatchObject({ type: "file", data: { type: "data", data: "AQID" } });
    expect(before?.[0]).toMatchObject({ type: "file", data: { type: "data", data: image } });
  });
});
