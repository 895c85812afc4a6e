import { join } from "node:path";
import { Agent, tool } from "@openai/agents-core";
import {
  assistantMessage,
  functionCall,
  modelError,
  ScriptedModel,
} from "@openai/agents-core/testing";
import { describe, expect, it } from "vitest";
import { DENIED, resumeOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/resume.ts";
import { runOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/run.ts";
import { openAiAgentsTools } from "../../../../src/edge/adapters/openai-agents/tools.ts";
import type { CommandInput } from "../../../../src/model/command.ts";
import type { Decision } from "../../../../src/model/decisions.ts";
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { tempFiles } from "../../../stores/fixtures/sqlite-files.ts";
import { inAnotherProcess } from "../child-process.ts";
import {
  agent,
  alice,
  approvals,
  bye,
  open,
  pauseOnBye,
  planner,
  runner,
  setup,
  toolResults,
} from "./helpers.ts";

const files = tempFiles("openai-agents");
const scope = { kind: "run", id: "r1" } as const;

function answer(ws: Workspace, decision_id: string, option_id: string) {
  return ws.answerDecision({ scope, decision_id, option_id, surface: "cli" }, alice);
}

describe("an approval", () => {
  it("pauses the run in one process, is answered as a decision, and resumes in another", async () => {
    const path = files.file();
    // The first process: the run pauses on the approval, and the process ends.
    const script = join(import.meta.dirname, "pause-process.ts");
    const paused = (await inAnotherProcess(script, [path])) as {
      status: string;
      decision: Decision | null;
    };
    expect(paused.status).toBe("paused");
    expect(paused.decision).toMatchObject({
      id: "call_bye",
      channel: "deferred",
      options: [
        { id: "approve", label: "Approve" },
        { id: "deny", label: "Deny" },
      ],
    });
    expect(paused.decision?.prompt).toContain("edit_note");
    const first = open(sqliteStore({ path }));
    const stored = await first.run("r1");
    expect(stored).toMatchObject({
      status: "paused",
      pending: [{ tool_call_id: "call_bye", tool_name: "edit_note", kind: "approval", args: bye }],
    });
    expect(typeof stored?.resume).toBe("string");
    expect(JSON.parse(String(stored?.resume))).toMatchObject({
      currentStep: { type: "next_step_interruption" },
    });
    expect((await first.artifact("n1"))?.version).toBe(1);
    await first.close();

    const person = open(sqliteStore({ path }));
    expect((await person.decisions()).map((d) => [d.run_id, d.decision.id])).toEqual([
      ["r1", "call_bye"],
    ]);
    expect(await answer(person, "call_bye", "approve")).toMatchObject({
      ok: true,
      status: "delivered",
    });
    await person.close();

    const second = open(sqliteStore({ path }));
    const model = new ScriptedModel([[assistantMessage("Said bye.")]]);
    const openAiAgent = planner(second, model, approvals);
    const head = await second.head();
    const resumed = await resumeOpenAiAgent(second, { agent, openAiAgent, runner });
    expect(resumed.status).toBe("completed");
    expect(resumed.status === "completed" && resumed.result.finalOutput).toBe("Said bye.");
    expect(toolResults(model)).toEqual(["Applied: n1 is now at version 2."]);
    expect((await second.artifact("n1"))?.data).toEqual({ text: "bye", title: "" });
    const events = (await second.log({ after: head })).map((e) => e.event);
    expect(events.map((e) => e.type)).toEqual(["run_started", "artifact_changed", "run_ended"]);
    expect(events.find((e) => e.type === "run_started")).toMatchObject({ trigger: "resume" });
    expect(await second.run("r1")).toMatchObject({ status: "completed", resume: null });
    model.assertComplete();
    await second.close();
  });

  it("denied, reaches the model as text and runs nothing", async () => {
    const ws = await setup();
    await pauseOnBye(ws);
    await answer(ws, "call_bye", "deny");
    const model = new ScriptedModel([[assistantMessage("I will not.")]]);
    const openAiAgent = planner(ws, model, approvals);
    const resumed = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(resumed.status).toBe("completed");
    expect(toolResults(model)).toEqual([DENIED]);
    expect((await ws.artifact("n1"))?.version).toBe(1);
    await ws.close();
  });

  it("is asked one at a time when several calls wait, and resuming early asks nothing new", async () => {
    const ws = await setup();
    const create = { artifact_id: "n2", data: { text: "new", title: null } };
    const model = new ScriptedModel([
      [
        functionCall("edit_note", bye, { callId: "call_bye" }),
        functionCall("create_note", create, { callId: "call_new" }),
      ],
      [assistantMessage("Done what I may.")],
    ]);
    const openAiAgent = planner(ws, model, approvals);
    const paused = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Two things." });
    expect(paused.status === "paused" && paused.decision?.id).toBe("call_bye");
    expect((await ws.run("r1"))?.pending.map((r) => r.tool_call_id)).toEqual([
      "call_bye",
      "call_new",
    ]);

    const head = await ws.head();
    const early = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(early).toMatchObject({ status: "paused", result: null, decision: { id: "call_bye" } });
    expect(await ws.head()).toBe(head);

    await answer(ws, "call_bye", "approve");
    const next = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(next).toMatchObject({ status: "paused", result: null, decision: { id: "call_new" } });
    expect((await ws.decisions()).map((d) => d.decision.id)).toEqual(["call_new"]);

    await answer(ws, "call_new", "deny");
    const done = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(done.status).toBe("completed");
    expect(toolResults(model)).toEqual(["Applied: n1 is now at version 2.", DENIED]);
    expect(await ws.artifact("n2")).toBeNull();
    await ws.close();
  });

  it("is not asked for a call whose arguments do not parse: the model reads the refusal", async () => {
    const ws = await setup();
    const model = new ScriptedModel([
      [functionCall("edit_note", { artifact_id: "n1" }, { callId: "call_bad" })],
      [assistantMessage("Let me fix that.")],
    ]);
    const openAiAgent = planner(ws, model, approvals);
    const step = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Edit." });
    expect(step.status).toBe("completed");
    expect(toolResults(model)[0]).toMatch(/^Not applied: the input is not valid/);
    await ws.close();
  });
});

describe("a host's own tool that needs approval", () => {
  it("is asked like the workspace's, and a run that asks again pauses again", async () => {
    const ws = await setup();
    const deploy = tool({
      name: "deploy",
      description: "Deploy the release.",
      parameters: {
        type: "object",
        properties: { target: { type: "string" } },
        required: ["target"],
        additionalProperties: false,
      },
      needsApproval: true,
      execute: (input) => `deployed to ${(input as { target: string }).target}`,
    });
    const model = new ScriptedModel([
      [functionCall("deploy", { target: "prod" }, { callId: "call_prod" })],
      [functionCall("deploy", { target: "staging" }, { callId: "call_staging" })],
      [assistantMessage("Deployed where I may.")],
    ]);
    const tools = [...openAiAgentsTools(ws, { agent }), deploy];
    const openAiAgent = new Agent({ name: "deployer", model, tools });
    const first = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Deploy." });
    expect(first.decision?.prompt).toContain('"target": "prod"');
    await answer(ws, "call_prod", "approve");
    const second = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(second).toMatchObject({ status: "paused", decision: { id: "call_staging" } });
    expect(toolResults(model)).toEqual(["deployed to prod"]);
    await answer(ws, "call_staging", "deny");
    const done = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(done.status).toBe("completed");
    expect(toolResults(model)).toEqual(["deployed to prod", DENIED]);
    const facts = (await ws.log()).map((e) => e.event).filter((e) => e.type.startsWith("run_"));
    expect(facts.map((e) => e.type)).toEqual([
      "run_started",
      "run_paused",
      "run_started",
      "run_paused",
      "run_started",
      "run_ended",
    ]);
    await ws.close();
  });
});

describe("a question to the person", () => {
  it("with options pauses the run; the picked option is ask_person's result on resume", async () => {
    const ws = await setup();
    const options = [
      { id: "monday", label: "Monday" },
      { id: "friday", label: "Friday" },
    ];
    const ask = { prompt: "Which day do we ship?", options };
    const first = new ScriptedModel([[functionCall("ask_person", ask, { callId: "call_day" })]]);
    const paused = await runOpenAiAgent(ws, {
      agent,
      openAiAgent: planner(ws, first),
      runner,
      input: "Plan the release.",
    });
    expect(paused.decision).toMatchObject({
      id: "call_day",
      prompt: "Which day do we ship?",
      options,
    });
    expect((await ws.run("r1"))?.pending).toMatchObject([
      { tool_call_id: "call_day", kind: "question" },
    ]);
    await answer(ws, "call_day", "monday");
    const model = new ScriptedModel([[assistantMessage("Monday it is.")]]);
    const resumed = await resumeOpenAiAgent(ws, { agent, openAiAgent: planner(ws, model), runner });
    expect(resumed.status).toBe("completed");
    expect(toolResults(model)).toEqual(["The person answered: Monday (monday)."]);
    await ws.close();
  });

  it("in prose is read-only as a decision, answered as a deferred request", async () => {
    const ws = await setup();
    const ask = { prompt: "When do we ship?", options: null };
    const first = new ScriptedModel([[functionCall("ask_person", ask, { callId: "call_when" })]]);
    const paused = await runOpenAiAgent(ws, {
      agent,
      openAiAgent: planner(ws, first),
      runner,
      input: "Plan.",
    });
    expect(paused.decision).toMatchObject({ id: "call_when", options: [], channel: null });
    const reply: CommandInput = {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "call_when",
      answer: "Tuesday, please",
    };
    expect((await ws.commit(reply, alice)).ok).toBe(true);
    const model = new ScriptedModel([[assistantMessage("Tuesday.")]]);
    await resumeOpenAiAgent(ws, { agent, openAiAgent: planner(ws, model), runner });
    expect(toolResults(model)).toEqual(["The person answered: Tuesday, please"]);
    await ws.close();
  });
});

describe("a run", () => {
  it("resumed twice at once goes on once; one that is not paused is left alone", async () => {
    const ws = await setup();
    await pauseOnBye(ws);
    await answer(ws, "call_bye", "approve");
    const model = new ScriptedModel([[assistantMessage("Said bye.")]]);
    const openAiAgent = planner(ws, model, approvals);
    const steps = await Promise.all([
      resumeOpenAiAgent(ws, { agent, openAiAgent, runner }),
      resumeOpenAiAgent(ws, { agent, openAiAgent, runner }),
    ]);
    expect(steps.map((s) => s.status).sort()).toEqual(["completed", "not_paused"]);
    expect((await ws.artifact("n1"))?.version).toBe(2);
    expect(model.calls).toHaveLength(1);
    const again = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(again).toMatchObject({ status: "not_paused", run: { status: "completed" } });
    await ws.close();
  });

  it("cannot be started again while paused", async () => {
    const ws = await setup();
    await pauseOnBye(ws);
    const model = new ScriptedModel([]);
    const start = runOpenAiAgent(ws, {
      agent,
      openAiAgent: planner(ws, model),
      runner,
      input: "Again.",
    });
    await expect(start).rejects.toMatchObject({ code: "invalid_argument" });
    await ws.close();
  });

  it("is recorded as failed when the SDK throws, and the SDK's error is thrown on", async () => {
    const ws = await setup();
    const model = new ScriptedModel([modelError(new Error("the model is down"))]);
    const start = runOpenAiAgent(ws, {
      agent,
      openAiAgent: planner(ws, model),
      runner,
      input: "Go.",
    });
    await expect(start).rejects.toThrow("the model is down");
    expect(await ws.run("r1")).toMatchObject({ status: "failed" });
    const [ended] = (await ws.log()).slice(-1).map((e) => e.event);
    expect(ended).toMatchObject({ type: "run_ended", error: "Error: the model is down" });
    await ws.close();
  });
});
