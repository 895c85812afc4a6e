import { tool } from "@openai/agents-core";
import { DEFERRED_CHANNEL } from "../../../model/decisions.ts";
import { WorkspaceError } from "../../../model/errors.ts";
import type { WorkspaceTool } from "../../../tools/api.ts";
import { readArguments } from "../../../tools/strict-schema.ts";
import { workspaceTools } from "../../../tools/workspace-tools.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type {
  OpenAiAgentsTool,
  OpenAiAgentsToolParameters,
  OpenAiAgentsToolsOptions,
} from "./api.ts";
import { type AnswerReader, questionAnswerer } from "./question.ts";
import { ASK_PERSON } from "./requests.ts";
import { runAgentOf } from "./run-agent.ts";

/** The workspace tool each SDK tool made here stands for. */
const wrappedTools = new WeakMap<object, WorkspaceTool>();

/** The workspace tool an SDK tool stands for, if `openAiAgentsTools` made it. */
export function workspaceToolOf(sdkTool: unknown): WorkspaceTool | undefined {
  return typeof sdkTool === "object" && sdkTool !== null ? wrappedTools.get(sdkTool) : undefined;
}

/** One workspace tool as an SDK function tool: its strict JSON Schema, its text as result. */
function sdkTool(
  wrapped: WorkspaceTool,
  approval: boolean,
  answer: AnswerReader | null,
): OpenAiAgentsTool {
  const made = tool({
    name: wrapped.name,
    description: wrapped.description,
    parameters: wrapped.jsonSchema as OpenAiAgentsToolParameters,
    strict: true,
    // Faults of the store reach the host as the WorkspaceError they are, not as model text.
    errorFunction: null,
    // A call that does not parse is refused with text at once: nothing for a person to approve.
    // A tool that needs none says so outright: the SDK asks about any call whose arguments an
    // approval that depends on them cannot read (not JSON, not an object).
    needsApproval: approval
      ? async (_context, input) => readArguments(wrapped.inputSchema, input ?? {}).ok
      : false,
    async execute(input, _context, details) {
      const toolCallId = details?.toolCall?.callId ?? `call_${crypto.randomUUID()}`;
      if (answer !== null) {
        const text = await answer(toolCallId, input);
        if (text !== null) return text;
      }
      return (await wrapped.execute(input, { toolCallId })).text;
    },
  });
  wrappedTools.set(made, wrapped);
  return made;
}

function checkApprovals(names: readonly string[], tools: readonly WorkspaceTool[], run: boolean) {
  const known = new Set(tools.map((t) => t.name));
  const unknown = names.filter((name) => !known.has(name) || name === ASK_PERSON);
  if (unknown.length > 0) {
    const message = `needsApproval: no tool to approve named ${unknown.join(", ")} (ask_person asks already)`;
    throw new WorkspaceError("invalid_argument", message);
  }
  if (!run && names.length > 0) {
    throw new WorkspaceError(
      "invalid_argument",
      "needsApproval: approvals need an agent with a run_id",
    );
  }
}

/**
 * The workspace's tools for `options.agent` (see `workspaceTools`) as OpenAI Agents function
 * tools: strict, their parameters the tools' strict JSON Schemas as they are, each call's
 * result the tool's text (what happened, or the refusal, then the agent's new notes).
 *
 * Calls of the tools named in `needsApproval`, and `ask_person` when it pauses the run,
 * interrupt the SDK's run: `runOpenAiAgent` records the interruptions as the run's deferred
 * requests and asks the person; `resumeOpenAiAgent` goes on once they answered. On resume an
 * answered question is `ask_person`'s result.
 *
 * @throws WorkspaceError `invalid_argument` when the agent is not an agent, `needsApproval`
 *   names a tool the set does not have (or `ask_person`), or names any while the agent has no
 *   run.
 */
export function openAiAgentsTools(
  workspace: Workspace,
  options: OpenAiAgentsToolsOptions,
): OpenAiAgentsTool[] {
  const { needsApproval = [], agent, notes, decisionChannel } = options;
  const tools = workspaceTools(workspace, {
    agent,
    ...(notes === undefined ? {} : { notes }),
    ...(decisionChannel === undefined ? {} : { decisionChannel }),
  });
  const run = runAgentOf(agent);
  checkApprovals(needsApproval, tools, run !== null);
  // As in `workspaceTools`: on the run's `deferred` channel, a question pauses the run.
  const channel = decisionChannel === undefined ? DEFERRED_CHANNEL : decisionChannel;
  const questions = run !== null && channel === DEFERRED_CHANNEL;
  const answer = run === null ? null : questionAnswerer(workspace, run, notes !== false);
  return tools.map((t) => {
    const asks = questions && t.name === ASK_PERSON;
    return sdkTool(t, asks || needsApproval.includes(t.name), asks ? answer : null);
  });
}
