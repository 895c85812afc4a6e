import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolResult } from "../../tools/api.ts";

// How the tools set the notes after a result's own text (src/tools/tool-kit.ts).
const NOTES_HEADING = "Since you last looked:\n";

/**
 * A tool's result as MCP says it: the text for the model, then the agent's new notes as a
 * second text block when there are any; `isError` for a refusal (or when the caller says so).
 */
export function mcpResult(result: ToolResult, isError = !result.ok): CallToolResult {
  const { text, notes } = result;
  const suffix = `\n\n${NOTES_HEADING}${notes}`;
  // read_notes answers with the notes themselves: one block, not the same text twice.
  if (notes === "" || text === notes) {
    return { content: [{ type: "text", text }], isError };
  }
  const body = text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
  return {
    content: [
      { type: "text", text: body },
      { type: "text", text: `${NOTES_HEADING}${notes}` },
    ],
    isError,
  };
}

/** A result for a call the tools could not run: words for the model, marked as an error. */
export function mcpError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
