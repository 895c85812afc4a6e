import type { RunResult } from "@openai/agents-core";
import type { Decision } from "../../../model/decisions.ts";
import { DEFERRED_CHANNEL } from "../../../model/decisions.ts";
import { WorkspaceError } from "../../../model/errors.ts";
import type { Rejection } from "../../../model/rejections.ts";
import type { Run } from "../../../model/runs.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import type { AnyOpenAiAgent } from "./api.ts";
import { decisionFor, requestOf } from "./requests.ts";
import type { RunAgent } from "./run-agent.ts";

/** Throws the write's rejection as a `WorkspaceError` (`refused`), else returns it. */
export function written(result: WriteResult, what: string): WriteResult & { ok: true } {
  if (result.ok) return result;
  const rejection: Rejection = result.rejection;
  throw new WorkspaceError("refused", `${what}: ${rejection.message}`, { rejection });
}

/** The run as it is now in the workspace (it exists: a step just wrote to it). */
export async function currentRun(workspace: Workspace, id: string): Promise<Run> {
  const run = await workspace.run(id);
  if (run === null) throw new WorkspaceError("invalid_argument", `run ${id} does not exist`);
  return run;
}

/** What the SDK reports of its usage, as the workspace records it. */
export function usageOf(result: RunResult<unknown, AnyOpenAiAgent>) {
  const { requests, inputTokens, outputTokens } = result.state.usage;
  return { requests, input_tokens: inputTokens, output_tokens: outputTokens };
}

/**
 * Records an interrupted SDK run as paused: its interruptions as deferred requests keyed by
 * call id, its RunState (`JSON.stringify(result.state)`) as the run's resume data.
 */
export async function recordPause(
  workspace: Workspace,
  agent: RunAgent,
  result: RunResult<unknown, AnyOpenAiAgent>,
): Promise<Run> {
  const fact = {
    type: "run_paused",
    run_id: agent.run_id,
    thread_id: agent.thread_id,
    requests: result.interruptions.map(requestOf),
    usage: usageOf(result),
    resume: JSON.stringify(result.state),
  } as const;
  written(await workspace.record(fact, agent.actor), `pausing run ${agent.run_id}`);
  return currentRun(workspace, agent.run_id);
}

/**
 * Puts the next unanswered request of a paused run in front of the person, on the run's
 * `deferred` channel, one at a time (a run holds one pending decision): the pending one if it
 * is still open, else a new one. The decision is `null` when every request is answered, or when
 * the open ones can only be answered with `answer_deferred` (their decisions ended unanswered).
 */
export async function askNext(
  workspace: Workspace,
  agent: RunAgent,
  run: Run,
): Promise<{ run: Run; decision: Decision | null }> {
  const open = run.pending.filter((r) => run.answers[r.tool_call_id] === undefined);
  const pending = run.decision.pending;
  if (pending !== null && open.some((r) => r.tool_call_id === pending.id)) {
    return { run, decision: pending };
  }
  const next = open.find((r) => run.decision.closed[r.tool_call_id] === undefined);
  if (next === undefined) return { run, decision: null };
  const command = {
    type: "request_decision",
    scope: { kind: "run", id: run.id },
    decision_id: next.tool_call_id,
    ...decisionFor(next),
    channel: DEFERRED_CHANNEL,
  } as const;
  written(await workspace.commit(command, agent.actor), `asking about ${next.tool_call_id}`);
  const asked = await currentRun(workspace, run.id);
  return { run: asked, decision: asked.decision.pending };
}
