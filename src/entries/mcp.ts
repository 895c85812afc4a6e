// `agent-workspace/mcp`: the workspace's tools served to an MCP client (the official SDK's
// `Server`), with the person's answers to `ask_person` taken through MCP elicitation. A
// subpath of its own, so only hosts that use it load `@modelcontextprotocol/sdk`.

export type { McpAnswerChannel, McpAnswerWaiter } from "../edge/adapters/mcp/answer-channel.ts";
export { MCP_ANSWER_CHANNEL, mcpAnswerChannel } from "../edge/adapters/mcp/answer-channel.ts";
export type { McpServerOptions } from "../edge/adapters/mcp/api.ts";
export { MCP_SURFACE } from "../edge/adapters/mcp/ask-person.ts";
export { createMcpServer } from "../edge/adapters/mcp/server.ts";
