// A LangGraph agent over a workspace, with a scripted chat model (no network, no API key):
// the agent's edit of the plan becomes a proposal, the person accepts it with a change of
// their own from another process, and the agent's next tool result carries the note with the
// diff. It prints what the model saw.
//   npm run example:langgraph
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { createWorkspace } from "agent-workspace";
import { langGraphTools } from "agent-workspace/langgraph";
import { sqliteStore } from "agent-workspace/sqlite";
import { personAcceptsElsewhere } from "./another-process.ts";
import registry from "./registry.ts";

const dir = mkdtempSync(join(tmpdir(), "aw-example-langgraph-"));
const path = join(dir, "workspace.db");
const ws = createWorkspace({ registry, store: sqliteStore({ path }) });

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "thr_release", run_id: "run_1" } as const;
await ws.commit({ type: "create_thread", thread_id: "thr_release" }, alice);
await ws.commit(
  { type: "create_artifact", artifact_id: "plan", kind: "plan", data: { text: "Ship on Friday." } },
  alice,
);
await ws.record({ type: "run_started", run_id: "run_1", thread_id: "thr_release" }, agent);

/** Prints the tool results the model is sent: the ones after its latest message. */
function printWhatTheModelSaw(messages: readonly BaseMessage[]): void {
  for (const message of messages.slice(messages.findLastIndex(AIMessage.isInstance) + 1)) {
    if (!ToolMessage.isInstance(message)) continue;
    console.log(`The model saw, from ${message.name}:\n${String(message.content)}\n`);
  }
}

const call = (id: string, name: string, args: Record<string, unknown>) =>
  new AIMessage({ content: "", tool_calls: [{ id, name, args, type: "tool_call" }] });
const edit = {
  artifact_id: "plan",
  base_version: 1,
  summary: "Move the release to Monday",
  text_edits: { field: "text", edits: [{ old: "Friday", new: "Monday" }] },
  set: null,
};
// The model, scripted with LangChain's own fake chat model: each call to it answers with the
// next of these turns, after printing what it was shown.
const model = fakeModel();
for (const turn of [
  call("call_1", "edit_plan", edit),
  new AIMessage("I proposed moving the release to Monday."),
  call("call_2", "read_artifact", { artifact_id: "plan" }),
  new AIMessage("The release is on Monday at 10:00."),
]) {
  model.respond((messages) => {
    printWhatTheModelSaw(messages);
    return turn;
  });
}

// The usual agent: the model with the tools bound, a ToolNode, a checkpointer.
const tools = langGraphTools(ws, { agent });
const bound = model.bindTools(tools);
const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", async ({ messages }) => ({ messages: [await bound.invoke(messages)] }))
  .addNode("tools", new ToolNode(tools))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition, ["tools", END])
  .addEdge("tools", "agent")
  .compile({ checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "thr_release" } };
const ask = async (text: string): Promise<void> => {
  const { messages } = await graph.invoke({ messages: [new HumanMessage(text)] }, config);
  console.log(`The model said: ${String(messages.at(-1)?.content)}\n`);
};

await ask("Move the release to Monday.");

// The person answers elsewhere: another process opens the file and accepts with a change.
console.log(`Another process: ${personAcceptsElsewhere(path)}\n`);

await ask("When is the release now?");

await ws.close();
rmSync(dir, { recursive: true, force: true });
