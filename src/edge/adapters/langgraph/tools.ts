import { randomUUID } from "node:crypto";
import { ToolMessage } from "@langchain/core/messages";
import { type DynamicStructuredTool, type ToolRunnableConfig, tool } from "@langchain/core/tools";
import type { JSONSchema } from "@langchain/core/utils/json_schema";
import { WorkspaceError } from "../../../model/errors.ts";
import type { WorkspaceTool, WorkspaceToolsOptions } from "../../../tools/api.ts";
import { workspaceTools } from "../../../tools/workspace-tools.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { LANGGRAPH_CHANNEL } from "./question.ts";
import { passThroughSchema } from "./tool-schema.ts";

/** A LangChain tool wrapping one workspace tool. */
export function toLangChainTool(workspaceTool: WorkspaceTool): DynamicStructuredTool {
  const { name, description } = workspaceTool;
  const run = async (args: unknown, config: ToolRunnableConfig): Promise<ToolMessage | string> => {
    const call = config.toolCall;
    // The call's id names what it creates (an offer, a question): one is made when there is none.
    const toolCallId = call?.id ?? `call_${randomUUID()}`;
    const result = await workspaceTool.execute(args, { toolCallId });
    if (call?.id === undefined) return result.text;
    return new ToolMessage({
      content: result.text,
      tool_call_id: call.id,
      name,
      // A refusal reads as one to the model; a proposal is neither (its words say so).
      status: result.ok ? "success" : "error",
      artifact: result.ok
        ? { ok: true, value: result.value }
        : { ok: false, rejection: result.rejection },
    });
  };
  // LangChain types a schema as zod or JSON Schema; it reads a Standard JSON Schema as well.
  const schema = passThroughSchema(workspaceTool.jsonSchema) as unknown as JSONSchema;
  return tool(run, { name, description, schema });
}

/**
 * What `options.agent` may do in the workspace, as LangChain tools for a LangGraph agent (a
 * `ToolNode`, or a chat model's `bindTools`): the tools of `workspaceTools`, each showing the
 * model its strict JSON Schema. Called with a tool call, a tool answers a `ToolMessage`
 * whose content is the result's text (the agent's new notes included), with status `error`
 * for a refusal and the outcome or rejection as its `artifact`; called with bare arguments,
 * the text alone. A bad argument is refused in words, never thrown.
 *
 * Their `ask_person` does not pause the graph (a ToolNode would run the message's other
 * calls again on resume): it asks on `options.decisionChannel` as `workspaceTools` does. A
 * question that pauses the graph is a node's, through `askPerson`.
 *
 * @throws WorkspaceError `invalid_argument` when `options.agent` is not an agent, or when
 * `options.decisionChannel` is the LangGraph channel (nothing would be paused to resume).
 */
export function langGraphTools(
  workspace: Workspace,
  options: WorkspaceToolsOptions,
): DynamicStructuredTool[] {
  if (options.decisionChannel === LANGGRAPH_CHANNEL) {
    throw new WorkspaceError(
      "invalid_argument",
      "langGraphTools: ask_person does not pause the graph; ask on the langgraph channel with askPerson in a node",
    );
  }
  return workspaceTools(workspace, options).map(toLangChainTool);
}
