// An MCP client connected in-process to a server over a workspace, for the adapter's tests.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpServerOptions } from "../../../../src/edge/adapters/mcp/api.ts";
import { createMcpServer } from "../../../../src/edge/adapters/mcp/server.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";

/** How the client answers an elicitation: its request, and the signal that withdraws it. */
export type Elicitor = (
  request: ElicitRequest["params"],
  signal: AbortSignal,
) => Promise<ElicitResult>;

/** The texts of a result's content blocks. */
export function texts(result: CallToolResult): string[] {
  return result.content.map((block) => (block.type === "text" ? block.text : `<${block.type}>`));
}

/** A client connected to `createMcpServer(workspace, options)`, eliciting when given how. */
export async function connect(
  workspace: Workspace,
  options: McpServerOptions,
  elicitor?: Elicitor,
) {
  let n = 0;
  const server = createMcpServer(workspace, { newCallId: () => `call_${++n}`, ...options });
  const capabilities = elicitor === undefined ? {} : { elicitation: {} };
  const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities });
  if (elicitor !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      elicitor(request.params, extra.signal),
    );
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args }, CallToolResultSchema)) as CallToolResult;
  const close = async () => {
    await client.close();
    await server.close();
  };
  return { client, server, call, close };
}
