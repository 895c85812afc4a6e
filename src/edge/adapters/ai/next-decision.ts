import { DEFERRED_CHANNEL } from "../../../model/decisions.ts";
import { ok, type Result, refuse } from "../../../model/result.ts";
import type { Run } from "../../../model/runs.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { ResumeData } from "./resume-data.ts";
import { questionOf } from "./waiting-calls.ts";

/** The options of every approval: what the run's deferred channel takes for one. */
const APPROVE_OR_DENY = [
  { id: "approve", label: "Approve" },
  { id: "deny", label: "Deny" },
];

/**
 * Puts the paused run's next unanswered request in front of the person, as a decision on its
 * `deferred` channel: a run has at most one pending decision, so they are asked one after
 * another. Answers the decision that is pending (the one just asked, or one already there), or
 * `null` when none is left to ask (a request whose decision ended unanswered is answered with
 * `answer_deferred`).
 */
export async function askNext(
  workspace: Workspace,
  run: Run,
  data: ResumeData,
): Promise<Result<string | null>> {
  const pending = run.decision.pending;
  if (pending !== null) return ok(pending.id);
  const next = run.pending.find(
    ({ tool_call_id: id }) =>
      !Object.hasOwn(run.answers, id) && !Object.hasOwn(run.decision.closed, id),
  );
  if (next === undefined) return ok(null);
  const question = next.kind === "question" ? questionOf(next.args) : null;
  const command = {
    type: "request_decision",
    scope: { kind: "run", id: run.id },
    decision_id: next.tool_call_id,
    prompt: Object.hasOwn(data.prompts, next.tool_call_id)
      ? (data.prompts[next.tool_call_id] ?? next.tool_name)
      : (question?.prompt ?? next.tool_name),
    options: question === null ? APPROVE_OR_DENY : question.options,
    channel: DEFERRED_CHANNEL,
  } as const;
  const written = await workspace.commit(command, data.agent);
  return written.ok ? ok(next.tool_call_id) : refuse(written.rejection);
}
