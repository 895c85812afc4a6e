import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolResult } from "../../../tools/api.ts";
import { NOTES_HEADING } from "../../../tools/tool-kit.ts";

/**
 * A tool's result as MCP says it: the text for the model, then the agent's new notes as a
 * second text block when there are any; `isError` for a refusal (or when the caller says so).
 */
export function mcpResult(result: ToolResult, isError = !result.ok): CallToolResult {
  const { text, body, notes } = result;
  // read_notes answers with the notes themselves: one block, not the same text twice.
  if (notes === "" || body === notes) return { content: [{ type: "text", text }], isError };
  return {
    content: [
      { type: "text", text: body },
      { type: "text", text: `${NOTES_HEADING}\n${notes}` },
    ],
    isError,
  };
}

/** A result for a call the tools could not run: words for the model, marked as an error. */
export function mcpError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
