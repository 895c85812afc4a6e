// The OpenAI Agents SDK over a workspace, with a scripted model (no network, no API key): the
// agent's edit of the plan becomes a proposal, a person accepts it with a change of their own
// from another process, and the agent's next tool result carries the note with the diff.
//   npm run example:openai-agents
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, Runner } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents-core/testing";
import { createWorkspace } from "agent-workspace";
import { openAiAgentsTools, runOpenAiAgent } from "agent-workspace/openai-agents";
import { sqliteStore } from "agent-workspace/sqlite";
import { personAcceptsElsewhere } from "./another-process.ts";
import registry from "./registry.ts";

const dir = mkdtempSync(join(tmpdir(), "aw-openai-agents-"));
const path = join(dir, "workspace.db");
const ws = createWorkspace({ registry, store: sqliteStore({ path }) });
const alice = { kind: "user", id: "alice", name: "Alice" } as const;
await ws.commit({ type: "create_thread", thread_id: "release", title: "Release" }, alice);
await ws.commit(
  { type: "create_artifact", kind: "plan", artifact_id: "plan", data: { text: "Ship on Friday." } },
  alice,
);
const runner = new Runner({ tracingDisabled: true });

/** One turn of the agent (run `runId`), scripted; prints each tool result the model saw. */
async function turn(runId: string, input: string, script: ScriptedModel): Promise<void> {
  const agent = { kind: "agent", thread_id: "release", run_id: runId } as const;
  const tools = openAiAgentsTools(ws, { agent });
  const planner = new Agent({
    name: "planner",
    instructions: "Keep the plan.",
    model: script,
    tools,
  });
  const step = await runOpenAiAgent(ws, { agent, openAiAgent: planner, runner, input });
  console.log(`\n== ${runId}: ${input}`);
  for (const item of step.result?.newItems ?? []) {
    if (item.type !== "tool_call_output_item") continue;
    const { name, output } = item.rawItem as { name: string; output: { text?: string } };
    console.log(`-- the model saw, from ${name}:\n${output.text ?? JSON.stringify(output)}`);
  }
  console.log(`-- the agent said: ${String(step.result?.finalOutput)} (run ${step.status})`);
}

const moveToMonday = {
  artifact_id: "plan",
  base_version: 1,
  summary: "Ship on Monday instead",
  text_edits: { field: "text", edits: [{ old: "Friday", new: "Monday" }] },
  set: null,
};
await turn(
  "run_1",
  "Move the release to Monday.",
  new ScriptedModel([
    [functionCall("edit_plan", moveToMonday, { callId: "call_move" })],
    [assistantMessage("I proposed moving the release to Monday.")],
  ]),
);

console.log(`\n== the person, in another process: ${personAcceptsElsewhere(path)}`);

await turn(
  "run_2",
  "What does the plan say now?",
  new ScriptedModel([
    [functionCall("read_artifact", { artifact_id: "plan" }, { callId: "call_read" })],
    [assistantMessage("The release is on Monday at 10:00.")],
  ]),
);

await ws.close();
rmSync(dir, { recursive: true, force: true });
