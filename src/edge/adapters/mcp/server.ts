import { randomUUID } from "node:crypto";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type ServerNotification,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { parseActor } from "../../../decide/parse.ts";
import type { Actor } from "../../../model/actors.ts";
import { WorkspaceError } from "../../../model/errors.ts";
import type { WorkspaceTool, WorkspaceToolsOptions } from "../../../tools/api.ts";
import { readArguments } from "../../../tools/strict-schema.ts";
import type { ToolKit } from "../../../tools/tool-kit.ts";
import { workspaceTools } from "../../../tools/workspace-tools.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { McpServerOptions } from "./api.ts";
import { askByElicitation, type ElicitingAsk } from "./ask-person.ts";
import { keepAlive } from "./keep-alive.ts";
import { mcpError, mcpResult } from "./results.ts";
import { resumeIfAnswered, type ServedRun } from "./run-pause.ts";

const TEN_MINUTES = 10 * 60 * 1000;
const FIFTEEN_SECONDS = 15 * 1000;

const INSTRUCTIONS =
  "Tools over a workspace of artifacts shared with people. A change you make may become a proposal that a person reviews; their answer reaches you as a note on a later tool result.";

/** The tool as `tools/list` shows it: its strict JSON Schema as the input schema. */
function listed(tool: WorkspaceTool): Tool {
  if (tool.jsonSchema.type !== "object") {
    throw new WorkspaceError("invalid_argument", `tool ${tool.name}: input is not an object`);
  }
  const inputSchema = tool.jsonSchema as Tool["inputSchema"];
  return { name: tool.name, description: tool.description, inputSchema };
}

function toolsOptions(options: McpServerOptions): WorkspaceToolsOptions {
  return {
    agent: options.agent,
    ...(options.decisionChannel === undefined ? {} : { decisionChannel: options.decisionChannel }),
    ...(options.notes === undefined ? {} : { notes: options.notes }),
  };
}

function checkedPerson(person: McpServerOptions["person"]): Actor | undefined {
  if (person === undefined) return undefined;
  const parsed = parseActor(person);
  if (!parsed.ok || parsed.value.kind !== "user") {
    throw new WorkspaceError("invalid_argument", "createMcpServer: the person must be a user");
  }
  return parsed.value;
}

/** What asking the person in the client needs, for a thread's agent with a person given. */
function elicitingAsk(
  workspace: Workspace,
  options: McpServerOptions,
  person: Actor | undefined,
): Omit<ElicitingAsk, "elicit"> | undefined {
  const agent = parseActor(options.agent);
  if (person === undefined || !agent.ok || agent.value.kind !== "agent") return undefined;
  const { thread_id, run_id } = agent.value;
  const viewer = agent.value;
  const kit: ToolKit = {
    workspace,
    agent: viewer,
    notes: async () =>
      options.notes === false ? "" : (await workspace.nextNotes({ viewer })).text,
  };
  const scope =
    run_id === null
      ? ({ kind: "thread", id: thread_id } as const)
      : { kind: "run" as const, id: run_id };
  return { kit, person, channel: options.answerChannel, scope, threadId: thread_id };
}

/** The run the server's agent works in, if it has one. */
function servedRun(workspace: Workspace, options: McpServerOptions): ServedRun | null {
  const agent = parseActor(options.agent);
  if (!agent.ok || agent.value.kind !== "agent" || agent.value.run_id === null) return null;
  const { thread_id, run_id } = agent.value;
  return { workspace, agent: agent.value, runId: run_id, threadId: thread_id };
}

/** What every call of one server shares. */
interface Serving {
  readonly server: Server;
  readonly run: ServedRun | null;
  readonly byName: ReadonlyMap<string, WorkspaceTool>;
  readonly asking: Omit<ElicitingAsk, "elicit"> | undefined;
  readonly newCallId: () => string;
  readonly timeout: number;
  readonly progressEveryMs: number;
}

type CallRequest = { readonly params: { readonly name: string; readonly arguments?: unknown } };
type CallExtra = {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  readonly _meta?: { readonly progressToken?: string | number | undefined } | undefined;
  readonly sendNotification: (notification: ServerNotification) => Promise<void>;
};

/** `ask_person` through the client, when it can elicit and the arguments parse; else null. */
function elicited(
  serving: Serving,
  tool: WorkspaceTool,
  args: unknown,
  context: { readonly toolCallId: string; readonly extra: CallExtra },
): Promise<CallToolResult> | null {
  const { server, asking, timeout } = serving;
  const elicits = server.getClientCapabilities()?.elicitation?.form !== undefined;
  if (tool.name !== "ask_person" || asking === undefined || !elicits) return null;
  const parsed = readArguments(tool.inputSchema, args);
  if (!parsed.ok) return null;
  const { prompt, options } = parsed.value as {
    prompt: string;
    options?: { id: string; label: string }[] | null;
  };
  const { extra } = context;
  const elicit: ElicitingAsk["elicit"] = (form, signal) =>
    server.elicitInput(form, { signal, timeout, relatedRequestId: extra.requestId });
  const token = extra._meta?.progressToken;
  const stop = keepAlive({ token, everyMs: serving.progressEveryMs, send: extra.sendNotification });
  return askByElicitation(
    { ...asking, elicit },
    { prompt, options: options ?? null },
    { decisionId: context.toolCallId, signal: extra.signal },
  ).finally(stop);
}

/** One `tools/call`: never throws, whatever the arguments or the store do. */
async function callTool(
  serving: Serving,
  request: CallRequest,
  extra: CallExtra,
): Promise<CallToolResult> {
  const { name, arguments: args = {} } = request.params;
  const tool = serving.byName.get(name);
  if (tool === undefined) {
    const names = [...serving.byName.keys()].join(", ");
    return mcpError(`There is no tool named ${name}. The tools are: ${names}.`);
  }
  const toolCallId = serving.newCallId();
  try {
    // A question answered since the last call: the run goes on before this call is made.
    if (serving.run !== null) await resumeIfAnswered(serving.run);
    const asked = elicited(serving, tool, args, { toolCallId, extra });
    // Every other call, and malformed ask_person arguments (refused by the tool itself).
    return await (asked ?? tool.execute(args, { toolCallId }).then((result) => mcpResult(result)));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return mcpError(`The call failed (${why}). Read what you need again before you retry.`);
  }
}

/**
 * An MCP server (the SDK's `Server`) exposing exactly `workspaceTools(workspace, { agent })`:
 * each tool advertised with its strict JSON Schema, each result `{ content: [{ type: "text",
 * text }], isError }` with the agent's new notes as a second text block when there are any.
 * A refusal is `isError: true`; malformed arguments, an unknown tool or a store fault are
 * results the model reads, never a crash. With `person`, and a client that declared
 * `elicitation`, `ask_person` asks the person in the client and waits for the answer (see
 * `McpServerOptions.person`). In a run, a call first resumes the run when it is paused on
 * questions that are all over (the core `ask_person`'s pause, answered on another surface):
 * an MCP client has no host loop that would. Connect it to a transport with
 * `server.connect(transport)`.
 *
 * @throws WorkspaceError `invalid_argument` when `agent` is not an agent or `person` not a user.
 */
export function createMcpServer(workspace: Workspace, options: McpServerOptions): Server {
  const tools = workspaceTools(workspace, toolsOptions(options));
  const server = new Server(options.serverInfo ?? { name: "agent-workspace", version: "0" }, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
  });
  const serving: Serving = {
    server,
    run: servedRun(workspace, options),
    byName: new Map(tools.map((tool) => [tool.name, tool])),
    asking: elicitingAsk(workspace, options, checkedPerson(options.person)),
    newCallId: options.newCallId ?? (() => `call_${randomUUID()}`),
    timeout: options.elicitationTimeoutMs ?? TEN_MINUTES,
    progressEveryMs: options.progressIntervalMs ?? FIFTEEN_SECONDS,
  };
  const listing = tools.map(listed);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(serving, request, extra),
  );
  return server;
}
