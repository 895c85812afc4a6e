// A host's loop with the AI SDK: a turn, what waits on a person paused as decisions, and,
// later and in any process, the turn resumed once they answered.
import type { Workspace } from "agent-workspace";
import { aiTools, pauseForPerson, resumeMessages } from "agent-workspace/ai";
import { generateText, type LanguageModel, type ModelMessage } from "ai";

type RunAgent = { readonly kind: "agent"; readonly thread_id: string; readonly run_id: string };

/** One turn; archiving needs a person's approval, which pauses the run. */
export async function turn(
  ws: Workspace,
  model: LanguageModel,
  agent: RunAgent,
  messages: ModelMessage[],
) {
  const tools = aiTools(ws, { agent });
  const toolApproval = { archive_artifact: "user-approval" } as const;
  const result = await generateText({ model, tools, messages, toolApproval });
  return pauseForPerson(ws, { agent, result, messages }); // what waits on a person, as decisions
}

/** Later, in any process, once a person answered (workspace.answerDecision, the CLI, the page). */
export async function resume(ws: Workspace, model: LanguageModel, agent: RunAgent) {
  const resumed = await resumeMessages(ws, { runId: agent.run_id });
  if (!resumed.ok || resumed.status !== "resumed") return resumed;
  return generateText({ model, tools: aiTools(ws, { agent }), messages: resumed.messages });
}
