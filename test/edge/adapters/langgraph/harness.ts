// What the LangGraph tests share: LangChain's own scripted chat model (`fakeModel` from
// @langchain/core/testing: queued answers, tool calls included, and every call recorded), and
// the usual agent graph (model ⇄ ToolNode) on a MemorySaver.
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { type FakeBuiltModel, fakeModel } from "@langchain/core/testing";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";

/** One scripted model turn: tool calls, or a final answer. */
export type Turn = { readonly calls: readonly Call[] } | { readonly say: string };
/** One tool call a turn makes. */
export type Call = { readonly name: string; readonly args: Record<string, unknown> };

/** LangChain's fake chat model, answering with the turns in order (call ids `call_1`, …). */
export function scriptedModel(turns: readonly Turn[]): FakeBuiltModel {
  const model = fakeModel();
  let calls = 0;
  for (const turn of turns) {
    if ("say" in turn) model.respond(new AIMessage(turn.say));
    else model.respondWithTools(turn.calls.map((c) => ({ ...c, id: `call_${++calls}` })));
  }
  return model;
}

/** The tool results the model was shown in its latest call, oldest first. */
export function toolResults(model: FakeBuiltModel): ToolMessage[] {
  const last = model.calls.at(-1)?.messages ?? [];
  return last.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
}

/** The usual agent: the model with the tools bound, a ToolNode, and a MemorySaver. */
export function agentGraph(model: FakeBuiltModel, tools: StructuredToolInterface[]) {
  const bound = model.bindTools(tools);
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await bound.invoke(state.messages)] }))
    .addNode("tools", new ToolNode(tools))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
}
