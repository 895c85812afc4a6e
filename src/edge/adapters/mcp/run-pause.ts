import type { ActorInput } from "../../../model/actors.ts";
import type { CommandInput } from "../../../model/command.ts";
import type { FactInput } from "../../../model/event.ts";
import type { Rejection } from "../../../model/rejections.ts";
import type { Run } from "../../../model/runs.ts";
import type { Workspace } from "../../../workspace/api.ts";

/** The run an MCP server's agent works in, and who records its pauses and resumes. */
export interface ServedRun {
  readonly workspace: Workspace;
  /** The run's agent: the one who pauses and resumes it. */
  readonly agent: ActorInput;
  readonly runId: string;
  readonly threadId: string;
}

/**
 * Pauses the run on a question asked through the client (a deferred request keyed by the
 * decision id), once the question itself would be taken: what would refuse it is refused
 * before the run pauses, so a refusal never leaves the run waiting on nothing.
 */
export async function pauseToAsk(
  served: ServedRun,
  request: Extract<CommandInput, { readonly type: "request_decision" }>,
): Promise<Rejection | null> {
  const { workspace, agent, runId, threadId } = served;
  const askable = await workspace.dryRun(request, agent);
  if (!askable.ok) return askable.rejection;
  const { prompt, options, decision_id } = request;
  const question = { prompt, options: options ?? null };
  const paused = await workspace.record(
    {
      type: "run_paused",
      run_id: runId,
      thread_id: threadId,
      requests: [
        { tool_call_id: decision_id, tool_name: "ask_person", kind: "question", args: question },
      ],
    },
    agent,
  );
  return paused.ok ? null : paused.rejection;
}

/** Records the run as resumed; a refusal means someone else resumed or ended it first. */
async function resume(served: ServedRun): Promise<void> {
  const { workspace, agent, runId, threadId } = served;
  const fact: FactInput = {
    type: "run_started",
    run_id: runId,
    thread_id: threadId,
    trigger: "resume",
  };
  await workspace.record(fact, agent);
}

/**
 * Resumes the run once the call that asked `decisionId` is over, however the question ended:
 * nothing waits on it any more. A run paused on something else is left as it is.
 */
export async function resumeAfterAsking(served: ServedRun, decisionId: string): Promise<void> {
  const run = await served.workspace.run(served.runId);
  if (run?.status !== "paused" || !run.pending.some((r) => r.tool_call_id === decisionId)) return;
  await resume(served);
}

/** Whether a paused run's every request is over: answered, or its question ended unanswered. */
function settled(run: Run): boolean {
  return run.pending.every(
    (r) =>
      Object.hasOwn(run.answers, r.tool_call_id) ||
      Object.hasOwn(run.decision.closed, r.tool_call_id),
  );
}

/**
 * Resumes the run when it is paused on questions that are all over (the core `ask_person`
 * pauses it for an answer given on another surface, which its notes then tell): an MCP
 * client has no host loop to resume it, so the next call does. A run paused with a
 * framework's resume data (another adapter's) is that adapter's to resume.
 */
export async function resumeIfAnswered(served: ServedRun): Promise<void> {
  const run = await served.workspace.run(served.runId);
  if (run?.status !== "paused" || run.resume !== null || !settled(run)) return;
  await resume(served);
}
