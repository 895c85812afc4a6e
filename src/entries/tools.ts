// `agent-workspace/tools`: what a model may do in a workspace, as tools with no framework
// attached — names, words for the model, inputs as zod and as strict JSON Schema, and what
// calling each does. The adapters for MCP, the AI SDK, OpenAI Agents and LangGraph wrap these.

export { modelText } from "../texts/model-text.ts";
export type {
  ToolCallContext,
  ToolResult,
  WorkspaceTool,
  WorkspaceToolsOptions,
} from "../tools/api.ts";
export type { JsonSchema } from "../tools/strict-schema.ts";
export { strictSchema } from "../tools/strict-schema.ts";
export { workspaceTools } from "../tools/workspace-tools.ts";
