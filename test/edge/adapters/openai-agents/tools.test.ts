import { Agent, tool } from "@openai/agents-core";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents-core/testing";
import { describe, expect, it } from "vitest";
import { runOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/run.ts";
import { openAiAgentsTools } from "../../../../src/edge/adapters/openai-agents/tools.ts";
import type { CommandInput } from "../../../../src/model/command.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import { agent, alice, planner, runner, setup, toolResults } from "./helpers.ts";

describe("openAiAgentsTools", () => {
  it("are accepted by the SDK as strict, their JSON Schemas sent to the model as they are", async () => {
    const ws = await setup();
    const plain = workspaceTools(ws, { agent });
    const tools = openAiAgentsTools(ws, { agent });
    expect(tools.map((t) => t.name)).toEqual(plain.map((t) => t.name));
    for (const [i, made] of tools.entries()) {
      expect(made.strict, made.name).toBe(true);
      expect(made.parameters, made.name).toEqual(plain[i]?.jsonSchema);
    }
    const model = new ScriptedModel([[assistantMessage("Nothing to do.")]]);
    const sdk = new Agent({ name: "planner", model, tools });
    await runner.run(sdk, "Look around.");
    const sent = model.firstCall?.request.tools ?? [];
    expect(sent.map((t) => (t.type === "function" ? [t.name, t.strict] : t.type))).toEqual(
      plain.map((t) => [t.name, true]),
    );
    for (const [i, t] of sent.entries()) {
      expect(t.type === "function" && t.parameters, plain[i]?.name).toEqual(plain[i]?.jsonSchema);
    }
    await ws.close();
  });

  it("send our strict JSON Schemas, not the SDK's own conversion of the zod inputs", async () => {
    const ws = await setup();
    for (const plain of workspaceTools(ws, { agent })) {
      const withZod = tool({
        name: plain.name,
        description: "d",
        parameters: plain.inputSchema,
        execute: () => "",
      });
      // The SDK's conversion is its own (draft-07, defaults and bounds kept), never ours.
      expect(withZod.parameters, plain.name).toMatchObject({
        $schema: "http://json-schema.org/draft-07/schema#",
      });
      expect(withZod.parameters, plain.name).not.toEqual(plain.jsonSchema);
    }
    await ws.close();
  });

  it("turn an edit of a propose artifact into a proposal, and tell the model so", async () => {
    const ws = await setup();
    const edit = {
      artifact_id: "m1",
      base_version: 1,
      summary: "B it is",
      text_edits: { field: "text", edits: [{ old: "Plan A", new: "Plan B" }] },
      set: null,
    };
    const model = new ScriptedModel([
      [functionCall("edit_memo", edit, { callId: "call_edit" })],
      [assistantMessage("Proposed.")],
    ]);
    const step = await runOpenAiAgent(ws, {
      agent,
      openAiAgent: planner(ws, model),
      runner,
      input: "Go with B.",
    });
    expect(step.status).toBe("completed");
    const [proposal] = await ws.proposals({ status: "pending" });
    expect(proposal?.change.artifact_id).toBe("m1");
    expect((await ws.artifact("m1"))?.data).toEqual({ text: "Plan A" });
    const [seen] = toolResults(model);
    expect(seen).toContain(`proposal ${proposal?.id}`);
    expect(seen).toContain("it is not applied yet");
    await ws.close();
  });

  it("hand a refusal to the model as text, and write nothing", async () => {
    const ws = await setup();
    const stale = {
      artifact_id: "n1",
      base_version: 7,
      summary: null,
      text_edits: null,
      set: { text: "bye", title: null },
    };
    const model = new ScriptedModel([
      [functionCall("edit_note", stale, { callId: "call_stale" })],
      [functionCall("edit_note", { artifact_id: "n1" }, { callId: "call_bad" })],
      [assistantMessage("I will read it first.")],
    ]);
    const head = await ws.head();
    await runOpenAiAgent(ws, { agent, openAiAgent: planner(ws, model), runner, input: "Say bye." });
    const [conflict, invalid] = toolResults(model);
    expect(conflict).toBe(
      "Not applied: n1 is at version 1, and the change was based on version 7. Read it again and base the change on version 1.",
    );
    expect(invalid).toMatch(/^Not applied: the input is not valid \(base_version: /);
    expect((await ws.artifact("n1"))?.version).toBe(1);
    const written = (await ws.log({ after: head })).map((e) => e.event.type);
    expect(written).toEqual(["run_started", "run_ended"]);
    await ws.close();
  });

  it("let the agent's notes ride on its next result, once", async () => {
    const ws = await setup();
    const edit = {
      artifact_id: "m1",
      base_version: 1,
      summary: null,
      text_edits: { field: "text", edits: [{ old: "Plan A", new: "Plan B" }] },
      set: null,
    };
    const first = new ScriptedModel([
      [functionCall("edit_memo", edit, { callId: "call_edit" })],
      [assistantMessage("Proposed.")],
    ]);
    await runOpenAiAgent(ws, { agent, openAiAgent: planner(ws, first), runner, input: "B." });
    const [proposal] = await ws.proposals({ status: "pending" });
    if (proposal === undefined) throw new Error("the edit was not proposed");
    const accept: CommandInput = {
      type: "respond_to_proposal",
      proposal_id: proposal.id,
      decision: "accept",
      changes: { kind: "text_edits", edits: [{ old: "Plan B", new: "Plan C" }] },
    };
    expect((await ws.commit(accept, alice)).ok).toBe(true);

    const next = { ...agent, run_id: "r2" };
    const second = new ScriptedModel([
      [functionCall("list_artifacts", {}, { callId: "call_list" })],
      [functionCall("list_artifacts", {}, { callId: "call_again" })],
      [assistantMessage("Noted.")],
    ]);
    const sdk = planner(ws, second, { agent: next });
    await runOpenAiAgent(ws, { agent: next, openAiAgent: sdk, runner, input: "Carry on." });
    const [withNote, without] = toolResults(second);
    expect(withNote).toContain("Since you last looked:");
    expect(withNote).toContain(`Alice accepted your proposal ${proposal?.id} for m1`);
    expect(withNote).toContain("\n    -Plan B\n");
    expect(withNote).toContain("\n    +Plan C\n");
    expect(without).not.toContain("Since you last looked:");
    await ws.close();
  });

  it("refuse approvals they cannot honour", async () => {
    const ws = await setup();
    const make = (options: object) => () => openAiAgentsTools(ws, { agent, ...options });
    expect(make({ needsApproval: ["edit_nothing"] })).toThrow(
      /no tool to approve named edit_nothing/,
    );
    expect(make({ needsApproval: ["ask_person"] })).toThrow(/ask_person asks already/);
    const outside = () =>
      openAiAgentsTools(ws, {
        agent: { kind: "external_agent", client_id: "c" },
        needsApproval: ["edit_note"],
      });
    expect(outside).toThrow(/approvals need an agent with a run_id/);
    try {
      outside();
    } catch (error) {
      expect((error as { code?: string }).code).toBe("invalid_argument");
    }
    await ws.close();
  });
});
