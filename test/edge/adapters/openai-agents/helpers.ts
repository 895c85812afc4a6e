// What the OpenAI Agents adapter's tests share: a workspace with a thread and its agent's run,
// the SDK agent over the adapter's tools, and what the scripted model was shown.
import { Agent, Runner } from "@openai/agents-core";
import { functionCall, ScriptedModel } from "@openai/agents-core/testing";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import type { OpenAiAgentsToolsOptions } from "../../../../src/edge/adapters/openai-agents/api.ts";
import { runOpenAiAgent } from "../../../../src/edge/adapters/openai-agents/run.ts";
import { openAiAgentsTools } from "../../../../src/edge/adapters/openai-agents/tools.ts";
import { sequentialIds } from "../../../../src/model/ids.ts";
import { memoryStore } from "../../../../src/stores/memory.ts";
import type { Store } from "../../../../src/stores/port.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";

export const alice = { kind: "user", id: "alice", name: "Alice" } as const;
export const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
export const runner = new Runner({ tracingDisabled: true });

/** A workspace on `store` (fixtures' types: `note` applies at once, `memo` is proposed). */
export function open(store: Store = memoryStore()): Workspace {
  return createWorkspace({ registry: fixtureRegistry(), store, newId: sequentialIds() });
}

/** A workspace with thread t1, Alice's memo m1 and note n1 in it, all heard of by the agent. */
export async function setup(store?: Store): Promise<Workspace> {
  const ws = open(store);
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit(
    { type: "create_artifact", kind: "memo", artifact_id: "m1", data: { text: "Plan A" } },
    alice,
  );
  await ws.commit(
    { type: "create_artifact", kind: "note", artifact_id: "n1", data: { text: "hi" } },
    alice,
  );
  await ws.nextNotes({ viewer: agent });
  return ws;
}

/** The SDK agent "planner" over the adapter's tools for `agent`, answering with `model`. */
export function planner(
  ws: Workspace,
  model: ScriptedModel,
  options: Partial<OpenAiAgentsToolsOptions> = {},
): Agent {
  const tools = openAiAgentsTools(ws, { agent, ...options });
  return new Agent({ name: "planner", instructions: "Keep the plan.", model, tools });
}

/** The tool results the model was shown in its last call, oldest first. */
export function toolResults(model: ScriptedModel): string[] {
  const input = model.lastCall?.request.input;
  if (!Array.isArray(input)) return [];
  return input.flatMap((item) => {
    if (item.type !== "function_call_result") return [];
    const output = item.output as { type?: string; text?: string } | string;
    return [typeof output === "string" ? output : (output.text ?? "")];
  });
}

/** The edit the agent asks for in the approval tests: note n1's text to "bye". */
export const bye = {
  artifact_id: "n1",
  base_version: 1,
  summary: null,
  text_edits: null,
  set: { text: "bye", title: null },
};

/** The tools the approval tests' agent needs a person's approval for. */
export const approvals = { needsApproval: ["edit_note", "create_note"] };

/** Runs the agent on a model that asks for `bye` (call `call_bye`): the run pauses on it. */
export async function pauseOnBye(ws: Workspace) {
  const model = new ScriptedModel([[functionCall("edit_note", bye, { callId: "call_bye" })]]);
  const openAiAgent = planner(ws, model, approvals);
  return runOpenAiAgent(ws, { agent, openAiAgent, runner, input: "Say bye." });
}
