import { RunState } from "@openai/agents-core";
import { WorkspaceError } from "../../../model/errors.ts";
import type { Run } from "../../../model/runs.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { AnyOpenAiAgent, OpenAiAgentResumeOptions, OpenAiAgentStep } from "./api.ts";
import { askNext, written } from "./pause.ts";
import { callIdOf } from "./requests.ts";
import { drive } from "./run.ts";
import { requireRunAgent } from "./run-agent.ts";

/** What the model reads for a call the person did not approve. */
export const DENIED =
  "Not run: the person did not approve this call. Do not make it again unless they ask you to.";

/** Approves or rejects each interruption of the stored state as the person answered it. */
function applyAnswers<TAgent extends AnyOpenAiAgent>(state: RunState<unknown, TAgent>, run: Run) {
  for (const item of state.getInterruptions()) {
    const id = callIdOf(item);
    const request = run.pending.find((r) => r.tool_call_id === id);
    const answer = run.answers[id];
    if (request === undefined || answer === undefined) {
      const message = `run ${run.id}: its RunState waits on call ${id}, which the run did not record`;
      throw new WorkspaceError("corrupt_record", message);
    }
    // A question runs `ask_person`, which reads the answer; an approval runs or is refused.
    if (request.kind === "question" || answer.approved === true) state.approve(item);
    else state.reject(item, { message: DENIED });
  }
}

/**
 * Moves a paused run on, from the workspace alone (in any process, after a restart): while a
 * request is unanswered it puts the next one in front of the person (`paused`, one decision at
 * a time); once all are answered it reads the SDK's RunState from the run
 * (`RunState.fromString`), approves or rejects each interruption as the person answered,
 * records the run as resumed (`run_started`, trigger `resume`) and runs it to its next step.
 * A run that is not paused (resumed elsewhere first, or over) is `not_paused`, untouched: a
 * host may call this whenever an answer lands, or for every paused run when it starts.
 *
 * @throws WorkspaceError `invalid_argument` when the agent has no run, or its pause holds no
 *   RunState (it was not paused by `runOpenAiAgent`); `corrupt_record` when the RunState waits
 *   on a call the run did not record; `refused` when the workspace refuses a record; the SDK's
 *   own errors, once the run is recorded as failed.
 */
export async function resumeOpenAiAgent<TAgent extends AnyOpenAiAgent>(
  workspace: Workspace,
  options: OpenAiAgentResumeOptions<TAgent>,
): Promise<OpenAiAgentStep<TAgent>> {
  const agent = requireRunAgent(options.agent, "resumeOpenAiAgent");
  const { run_id, thread_id } = agent;
  const run = await workspace.run(run_id);
  if (run === null || run.status !== "paused") return { status: "not_paused", run };
  if (typeof run.resume !== "string") {
    throw new WorkspaceError("invalid_argument", `run ${run_id} is paused without a RunState`);
  }
  if (run.pending.some((r) => run.answers[r.tool_call_id] === undefined)) {
    return { status: "paused", ...(await askNext(workspace, agent, run)), result: null };
  }
  const state = await RunState.fromString(options.openAiAgent, run.resume);
  applyAnswers(state, run);
  const fact = { type: "run_started", run_id, thread_id, trigger: "resume" } as const;
  const started = await workspace.record(fact, agent.actor);
  if (!started.ok) {
    // Another process resumed it first: the run is its.
    const now = await workspace.run(run_id);
    if (now?.status !== "paused") return { status: "not_paused", run: now };
    written(started, `resuming run ${run_id}`);
  }
  return drive(workspace, agent, options, state);
}
