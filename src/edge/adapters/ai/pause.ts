import type { z } from "zod";
import { parseActor } from "../../../decide/parse.ts";
import type { Actor, ActorInput } from "../../../model/actors.ts";
import { WorkspaceError } from "../../../model/errors.ts";
import { notFound } from "../../../model/rejections.ts";
import type { DeferredRequestSchema } from "../../../model/runs.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { AiPauseOptions, AiPauseResult, AiWaitingCall } from "./api.ts";
import { askNext } from "./next-decision.ts";
import { toResumeData } from "./resume-data.ts";
import { describeApproval, questionOf, requestArgs, waitingCalls } from "./waiting-calls.ts";

type RunAgent = Extract<Actor, { kind: "agent" }> & { readonly run_id: string };

function runAgent(input: ActorInput): RunAgent {
  const parsed = parseActor(input);
  if (parsed.ok && parsed.value.kind === "agent" && parsed.value.run_id !== null) {
    return parsed.value as RunAgent;
  }
  throw new WorkspaceError("invalid_argument", "pauseForPerson: the agent must be in a run");
}

function requestOf(call: AiWaitingCall): z.input<typeof DeferredRequestSchema> {
  return {
    tool_call_id: call.id,
    tool_name: call.toolName,
    kind: call.kind,
    args: requestArgs(call.input),
  };
}

// A pause already recorded with these very requests (a host retrying) goes on to the asking.
async function alreadyPaused(workspace: Workspace, runId: string, ids: readonly string[]) {
  const run = await workspace.run(runId);
  const same =
    run?.status === "paused" &&
    run.pending.length === ids.length &&
    run.pending.every((r, i) => r.tool_call_id === ids[i]);
  return same ? run : null;
}

/**
 * Pauses the agent's run on what a `generateText` result waits for: each tool approval a
 * person must give (`toolApproval` answered `user-approval`), and each `ask_person` call. It
 * records them as the run's deferred requests (`run_paused`, keyed by the approval id or the
 * question's tool call id) with the conversation as the run's resume data, then asks the
 * person the first as a decision on the run's `deferred` channel (options approve and deny
 * for an approval; the question's own for a question). Any surface answers with
 * `workspace.answerDecision`; `resumeMessages` asks the next and, once all are answered,
 * gives the messages to go on with. Nothing waits on a person: `none`, nothing written.
 *
 * @throws WorkspaceError `invalid_argument` when `options.agent` is not a thread's agent in a run.
 */
export async function pauseForPerson(
  workspace: Workspace,
  options: AiPauseOptions,
): Promise<AiPauseResult> {
  const agent = runAgent(options.agent);
  const calls = waitingCalls(options.result);
  if (calls.length === 0) return { ok: true, status: "none" };
  const describe = options.describe ?? describeApproval;
  const prompts = Object.fromEntries(
    calls.map((c) => [c.id, c.kind === "question" ? questionOf(c.input).prompt : describe(c)]),
  );
  const messages = [...options.messages, ...options.result.responseMessages];
  const resume = toResumeData({ agent, messages, prompts });
  const fact = {
    type: "run_paused",
    run_id: agent.run_id,
    thread_id: agent.thread_id,
    requests: calls.map(requestOf),
    resume,
  } as const;
  const ids = calls.map((c) => c.id);
  const recorded = await workspace.record(fact, agent);
  const run = recorded.ok
    ? (recorded.entities.runs[0] ?? (await workspace.run(agent.run_id)))
    : await alreadyPaused(workspace, agent.run_id, ids);
  if (run === null) {
    return recorded.ok ? { ok: false, rejection: notFound("run", agent.run_id) } : recorded;
  }
  const asked = await askNext(workspace, run, { agent, messages, prompts });
  if (!asked.ok) return asked;
  return { ok: true, status: "paused", runId: run.id, requests: ids, decisionId: asked.value };
}
