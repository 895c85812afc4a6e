// What the LangGraph tests share: a scripted chat model from @langchain/core's BaseChatModel
// that remembers what it saw, and the usual agent graph (model ⇄ ToolNode) on a MemorySaver.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";

/** One scripted model turn: tool calls, or a final answer. */
export type Turn = { readonly calls: readonly Call[] } | { readonly say: string };
/** One tool call a turn makes. */
export type Call = { readonly name: string; readonly args: Record<string, unknown> };

/** A chat model that answers from a script and keeps every prompt it was given. */
export class ScriptedChatModel extends BaseChatModel {
  /** Each call's messages, in order. */
  readonly seen: BaseMessage[][] = [];
  /** The tools as the model was shown them (OpenAI's function format). */
  shown: ReturnType<typeof convertToOpenAITool>[] = [];
  private readonly script: Turn[];
  private calls = 0;

  constructor(script: readonly Turn[]) {
    super({});
    this.script = [...script];
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: StructuredToolInterface[]): this {
    this.shown = tools.map((t) => convertToOpenAITool(t));
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages);
    const turn = this.script.shift();
    if (turn === undefined) throw new Error("the script ran out");
    const message =
      "say" in turn
        ? new AIMessage(turn.say)
        : new AIMessage({
            content: "",
            tool_calls: turn.calls.map((c) => ({
              ...c,
              id: `call_${++this.calls}`,
              type: "tool_call" as const,
            })),
          });
    return { generations: [{ text: "say" in turn ? turn.say : "", message }] };
  }

  /** The tool results the model has been shown, oldest first. */
  toolResults(): ToolMessage[] {
    const last = this.seen.at(-1) ?? [];
    return last.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
  }
}

/** The usual agent: the model with the tools bound, a ToolNode, and a MemorySaver. */
export function agentGraph(model: ScriptedChatModel, tools: StructuredToolInterface[]) {
  const bound = model.bindTools(tools);
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await bound.invoke(state.messages)] }))
    .addNode("tools", new ToolNode(tools))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
}
