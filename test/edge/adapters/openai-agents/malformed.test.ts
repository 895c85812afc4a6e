// Arguments a tool cannot run with (not JSON, or JSON that is not an object), sent by the SDK's
// own scripted model: refused to the model in words, never a pause, never a person asked.
import { Agent, tool } from "@openai/agents-core";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents-core/testing";
import { describe, expect, it } from "vitest";
import { resumeOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/resume.ts";
import { runOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/run.ts";
import { openAiAgentsTools } from "../../../../src/edge/adapters/openai-agents/tools.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { agent, alice, approvals, bye, planner, runner, setup, toolResults } from "./helpers.ts";

/** What the SDK tells the model of arguments that do not parse: it runs nothing. */
const NOT_JSON =
  "An error occurred while parsing tool arguments. Please try again with valid JSON.";
/** What the tools tell the model of arguments that are JSON but not an object. */
const NOT_AN_OBJECT =
  "Not applied: the input is not valid (the input: Input should be a valid dictionary). Correct it and try again.";

/** What the workspace tool `name` answers `args` with, called directly: nothing is written. */
async function ownRefusal(ws: Workspace, name: string, args: unknown): Promise<string> {
  const [tool] = workspaceTools(ws, { agent }).filter((t) => t.name === name);
  const result = await tool?.execute(args, { toolCallId: "call_direct" });
  expect(result?.ok).toBe(false);
  return result?.body ?? "";
}

/** The events of the log that would mean the run waits on a person. */
async function waiting(ws: Workspace): Promise<string[]> {
  const types = (await ws.log()).map((e) => e.event.type);
  return types.filter((t) => t === "run_paused" || t.startsWith("decision_"));
}

describe("arguments a tool cannot run with", () => {
  it.each([
    ["not JSON", "{not json"],
    ["a JSON array", "[1,2]"],
    ["JSON null", "null"],
  ])(
    "%s: refused in words on a tool with or without approval, and on ask_person; never a pause",
    async (_what, raw) => {
      for (const name of ["read_artifact", "edit_note", "ask_person"]) {
        const ws = await setup();
        const model = new ScriptedModel([
          [functionCall(name, raw, { callId: "call_bad" })],
          [assistantMessage("Let me send that again.")],
        ]);
        // edit_note needs approval; ask_person asks in the run; read_artifact needs neither.
        const openAiAgent = planner(ws, model, approvals);
        const step = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Go." });
        expect(step.status, name).toBe("completed");
        expect(step.result?.finalOutput).toBe("Let me send that again.");
        expect(await waiting(ws), name).toEqual([]);
        expect(await ws.decisions(), name).toEqual([]);
        expect((await ws.run("r1"))?.pending, name).toEqual([]);
        expect((await ws.artifact("n1"))?.version, name).toBe(1);
        // The words the tool answers the same arguments with when called itself.
        const told = toolResults(model);
        expect(told, name).toEqual([expect.stringMatching(/^(An error occurred|Not applied: )/)]);
        if (raw === "{not json") expect(told).toEqual([NOT_JSON]);
        else expect(told).toEqual([await ownRefusal(ws, name, JSON.parse(raw))]);
        if (raw === "[1,2]") expect(told).toEqual([NOT_AN_OBJECT]);
        await ws.close();
      }
    },
  );

  it("never interrupt the SDK's own run on a tool that needs no approval", async () => {
    const ws = await setup();
    const model = new ScriptedModel([
      [functionCall("read_artifact", "{not json", { callId: "call_bad" })],
      [functionCall("list_artifacts", "[]", { callId: "call_worse" })],
      [assistantMessage("Done.")],
    ]);
    // A host driving the SDK itself, without runOpenAiAgent: no interruption to handle.
    const result = await runner.run(planner(ws, model), "Go.");
    expect(result.interruptions).toEqual([]);
    expect(toolResults(model)).toEqual([NOT_JSON, NOT_AN_OBJECT]);
    await ws.close();
  });

  it("leave a tool that needs approval pausing on arguments that parse, even in the same turn", async () => {
    const ws = await setup();
    const model = new ScriptedModel([
      [
        functionCall("edit_note", "[1]", { callId: "call_bad" }),
        functionCall("create_note", "{not json", { callId: "call_worse" }),
        functionCall("edit_note", bye, { callId: "call_bye" }),
      ],
      [assistantMessage("Said bye.")],
    ]);
    const openAiAgent = planner(ws, model, approvals);
    const step = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Say bye." });
    expect(step.status).toBe("paused");
    expect(step.run?.pending.map((r) => r.tool_call_id)).toEqual(["call_bye"]);
    expect(step.decision).toMatchObject({ id: "call_bye", channel: "deferred" });
    // The malformed calls were answered without a model turn: the model was asked once.
    expect(model.calls).toHaveLength(1);
    const scope = { kind: "run", id: "r1" } as const;
    const answer = { scope, decision_id: "call_bye", option_id: "approve" };
    expect(await ws.answerDecision(answer, alice)).toMatchObject({ ok: true });
    const done = await resumeOpenAiAgent(ws, { agent, openAiAgent, runner });
    expect(done.status).toBe("completed");
    expect(toolResults(model)).toEqual([
      NOT_AN_OBJECT,
      NOT_JSON,
      "Applied: n1 is now at version 2.",
    ]);
    expect((await ws.artifact("n1"))?.data).toMatchObject({ text: "bye" });
    await ws.close();
  });

  it("on a host's own tool whose approval reads them: refused, its code never run, no one asked", async () => {
    const ws = await setup();
    const ran: unknown[] = [];
    const deploy = tool({
      name: "deploy",
      description: "Deploy the release.",
      parameters: {
        type: "object",
        properties: { target: { type: "string" } },
        required: ["target"],
        additionalProperties: false,
      },
      needsApproval: async (_context, input) => (input as { target?: string }).target === "prod",
      execute: (input) => {
        ran.push(input);
        return "deployed";
      },
    });
    const model = new ScriptedModel([
      [
        functionCall("deploy", "[1]", { callId: "call_array" }),
        functionCall("deploy", "{not json", { callId: "call_garbage" }),
      ],
      [assistantMessage("I will not deploy.")],
    ]);
    const tools = [...openAiAgentsTools(ws, { agent }), deploy];
    const openAiAgent = new Agent({ name: "deployer", model, tools });
    const step = await runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Deploy." });
    expect(step.status).toBe("completed");
    expect(toolResults(model)).toEqual([NOT_AN_OBJECT, NOT_JSON]);
    expect(ran).toEqual([]);
    expect(await waiting(ws)).toEqual([]);
    await ws.close();
  });
});
