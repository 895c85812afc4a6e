import { type AgentInputItem, Runner, type RunResult, type RunState } from "@openai/agents-core";
import { WorkspaceError } from "../../../model/errors.ts";
import type { FactInput } from "../../../model/event.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type {
  AnyOpenAiAgent,
  OpenAiAgentResumeOptions,
  OpenAiAgentRunOptions,
  OpenAiAgentStep,
} from "./api.ts";
import { answerMalformed } from "./malformed.ts";
import { askNext, currentRun, recordPause, usageOf, written } from "./pause.ts";
import { type RunAgent, requireRunAgent } from "./run-agent.ts";

/**
 * Records what an SDK run came to: paused on its interruptions (asking the first), or done.
 * Calls whose arguments cannot run are refused to the model, never asked about: the run goes
 * on from them at once.
 */
async function settle<TAgent extends AnyOpenAiAgent>(
  workspace: Workspace,
  agent: RunAgent,
  options: OpenAiAgentResumeOptions<TAgent>,
  result: RunResult<unknown, TAgent>,
): Promise<OpenAiAgentStep<TAgent>> {
  if (answerMalformed(result.state, result.interruptions)) {
    return drive(workspace, agent, options, result.state);
  }
  if (result.interruptions.length > 0) {
    const paused = await recordPause(workspace, agent, result);
    const { run, decision } = await askNext(workspace, agent, paused);
    return { status: "paused", run, decision, result };
  }
  const { run_id, thread_id } = agent;
  const fact: FactInput = {
    type: "run_ended",
    run_id,
    thread_id,
    status: "completed",
    usage: usageOf(result),
  };
  written(await workspace.record(fact, agent.actor), `ending run ${run_id}`);
  return { status: "completed", run: await currentRun(workspace, run_id), result };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs the SDK agent on `input` (a message, the conversation, or a resumed RunState) and
 * records what it came to. Should the SDK throw, the run is recorded as failed, and the error
 * thrown on (the SDK state up to the failure is not kept).
 */
export async function drive<TAgent extends AnyOpenAiAgent>(
  workspace: Workspace,
  agent: RunAgent,
  options: OpenAiAgentResumeOptions<TAgent>,
  input: string | AgentInputItem[] | RunState<unknown, TAgent>,
): Promise<OpenAiAgentStep<TAgent>> {
  const runner = options.runner ?? new Runner();
  let result: RunResult<unknown, TAgent>;
  try {
    result = await runner.run(options.openAiAgent, input, options.runOptions);
  } catch (error) {
    const { run_id, thread_id } = agent;
    const fact: FactInput = {
      type: "run_ended",
      run_id,
      thread_id,
      status: "failed",
      error: messageOf(error),
    };
    // The SDK's error is the one to hear of, even when the store cannot take the record.
    await workspace.record(fact, agent.actor).catch(() => undefined);
    throw error;
  }
  return settle(workspace, agent, options, result);
}

/**
 * Runs a new turn of an OpenAI Agents agent as the workspace run `options.agent.run_id`
 * (recording `run_started`, unless the host already did), and records what it came to:
 * `completed` (`run_ended`), or `paused` when tool calls wait for a person — each
 * interruption a deferred request of the run keyed by its call id, the SDK's RunState kept as
 * the run's resume data, and the first request asked as a decision on the run's `deferred`
 * channel. A person answers with `workspace.answerDecision`, from any surface; then
 * `resumeOpenAiAgent`, in this process or another, asks the next or goes on.
 *
 * @throws WorkspaceError `invalid_argument` when the agent has no run, or its run is paused or
 *   over; `refused` when the workspace refuses a record (its rejection attached); the SDK's own
 *   errors, once the run is recorded as failed.
 */
export async function runOpenAiAgent<TAgent extends AnyOpenAiAgent>(
  workspace: Workspace,
  options: OpenAiAgentRunOptions<TAgent>,
): Promise<OpenAiAgentStep<TAgent>> {
  const agent = requireRunAgent(options.agent, "runOpenAiAgent");
  const { run_id, thread_id } = agent;
  const run = await workspace.run(run_id);
  if (run === null) {
    const fact = { type: "run_started", run_id, thread_id, trigger: "message" } as const;
    written(await workspace.record(fact, agent.actor), `starting run ${run_id}`);
  } else if (run.status !== "running") {
    const next = run.status === "paused" ? "resume it with resumeOpenAiAgent" : "start a new run";
    throw new WorkspaceError("invalid_argument", `run ${run_id} is ${run.status}: ${next}`);
  }
  return drive(workspace, agent, options, options.input);
}
