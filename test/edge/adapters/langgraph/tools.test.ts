import { HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { langGraphTools } from "../../../../src/edge/adapters/langgraph/tools.ts";
import { defineArtifactType } from "../../../../src/model/artifact-type.ts";
import { sequentialIds } from "../../../../src/model/ids.ts";
import { createRegistry } from "../../../../src/model/registry.ts";
import { proposalAcknowledgement } from "../../../../src/proposals/acknowledgement.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { agentGraph, scriptedModel, type Turn, toolResults } from "./harness.ts";

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;
const plan = defineArtifactType({
  kind: "plan",
  description: "The release plan; a person approves every change.",
  schema: z.strictObject({ text: z.string() }),
  writePolicy: "propose",
});

async function setup() {
  const ws = createWorkspace({
    registry: createRegistry({ artifactTypes: [plan] }),
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  const text = "Release on Monday.\nTell the team.\n";
  await ws.commit(
    { type: "create_artifact", artifact_id: "plan", kind: "plan", data: { text } },
    alice,
  );
  // Heard of already: each test's notes are the ones it makes.
  await ws.nextNotes({ viewer: agent });
  return { ws, tools: langGraphTools(ws, { agent }) };
}

const edit = (old: string, replacement: string, base_version = 1) => ({
  name: "edit_plan",
  args: {
    artifact_id: "plan",
    base_version,
    summary: null,
    text_edits: { field: "text", edits: [{ old, new: replacement }] },
    set: null,
  },
});

async function run(turns: Turn[]) {
  const { ws, tools } = await setup();
  const model = scriptedModel(turns);
  const graph = agentGraph(model, tools);
  const config = { configurable: { thread_id: "t1" } };
  const talk = (text: string) => graph.invoke({ messages: [new HumanMessage(text)] }, config);
  return { ws, tools, model, talk };
}

const contentOf = (message: ToolMessage | undefined): string => String(message?.content);

describe("langGraphTools", () => {
  it("are the workspace's tools, each showing the model its strict JSON Schema", async () => {
    const { ws, tools } = await setup();
    const plain = workspaceTools(ws, { agent });
    expect(tools.map((t) => t.name)).toEqual(plain.map((t) => t.name));
    for (const [i, tool] of tools.entries()) {
      expect(tool.description).toBe(plain[i]?.description);
      expect(toJsonSchema(tool.schema)).toEqual(plain[i]?.jsonSchema);
    }
    // What a provider's bindTools shows the model (ChatOpenAI's conversion).
    const editPlan = tools.find((t) => t.name === "edit_plan");
    if (editPlan === undefined) throw new Error("no edit_plan");
    const shown = convertToOpenAITool(editPlan);
    expect(shown.function.parameters).toEqual(
      plain.find((t) => t.name === "edit_plan")?.jsonSchema,
    );
  });

  it("turn the agent's edit of a propose artifact into a proposal, and tell the model so", async () => {
    const { ws, model, talk } = await run([
      { calls: [edit("Tell the team.", "Tell the team and support.")] },
      { say: "Proposed." },
    ]);
    const out = await talk("Add support to the plan.");
    const [proposal] = await ws.proposals({ status: "pending" });
    expect(proposal?.change).toMatchObject({ type: "edit_artifact", artifact_id: "plan" });
    expect((await ws.artifact("plan"))?.version).toBe(1);
    const [result] = toolResults(model);
    const words = proposalAcknowledgement({
      type: "proposed",
      seq: null,
      proposal_id: proposal?.id ?? "",
    });
    expect(contentOf(result)).toBe(words);
    expect(result?.status).toBe("success");
    expect(result?.tool_call_id).toBe("call_1");
    expect(out.messages.at(-1)?.content).toBe("Proposed.");
  });

  it("hand a refusal to the model as text, marked as an error, never thrown", async () => {
    const { ws, model, talk } = await run([
      { calls: [edit("Tell the team.", "Tell everyone.", 7)] },
      // A model that sends a wrong type, and leaves out the fields it may leave out.
      { calls: [{ name: "edit_plan", args: { artifact_id: "plan", base_version: "one" } }] },
      { calls: [{ name: "read_artifact", args: { artifact_id: "nope" } }] },
      { say: "Stuck." },
    ]);
    await talk("Change the plan.");
    const [stale, badType, missing] = toolResults(model);
    expect(stale?.status).toBe("error");
    expect(contentOf(stale)).toBe(
      "Not applied: plan is at version 1, and the change was based on version 7. Read it again and base the change on version 1.",
    );
    expect(badType?.status).toBe("error");
    expect(contentOf(badType)).toContain("base_version");
    expect(contentOf(badType)).not.toContain("did not match expected schema");
    expect(contentOf(missing)).toContain("artifact nope does not exist");
    expect(missing?.artifact).toMatchObject({ ok: false, rejection: { type: "not_found" } });
    expect(await ws.proposals()).toEqual([]);
  });

  it("let the agent's new notes ride on its next result, the person's changes as a diff", async () => {
    const { ws, model, talk } = await run([
      { calls: [edit("Tell the team.", "Tell the team and support.")] },
      { say: "Proposed." },
      { calls: [{ name: "list_artifacts", args: {} }] },
      { say: "Noted." },
    ]);
    await talk("Add support to the plan.");
    const [proposal] = await ws.proposals({ status: "pending" });
    const accepted = await ws.commit(
      {
        type: "respond_to_proposal",
        proposal_id: proposal?.id ?? "",
        decision: "accept",
        changes: { kind: "text_edits", edits: [{ old: "Monday", new: "Monday at 10:00" }] },
      },
      alice,
    );
    expect(accepted.ok).toBe(true);
    await talk("Anything new?");
    const [, listed] = toolResults(model);
    const text = contentOf(listed);
    expect(text).toMatch(/^- plan \(plan, version 2\)\n\nSince you last looked:\n/);
    expect(text).toContain("-Release on Monday.");
    expect(text).toContain("+Release on Monday at 10:00.");
  });

  it("refuse to ask on the LangGraph channel, where nothing would be paused to resume", async () => {
    const { ws } = await setup();
    expect(() => langGraphTools(ws, { agent, decisionChannel: "langgraph" })).toThrow(
      expect.objectContaining({ code: "invalid_argument" }),
    );
  });

  it("answer bare arguments with the text alone", async () => {
    const { tools } = await setup();
    const read = tools.find((t) => t.name === "read_artifact");
    const text = await read?.invoke({ artifact_id: "plan" });
    expect(text).toMatch(/^plan \(plan, version 1\):/);
  });
});
