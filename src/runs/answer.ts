import type { Actor } from "../model/actors.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { commitResult, RECORDED } from "../model/commit-result.ts";
import { jsonEqual } from "../model/json.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { AnswerDeferred } from "../model/runs.ts";
import { runIn, type State } from "../model/state.ts";
import { evolveOwner, retirePending } from "../scopes/scope.ts";

/** Who answers, and when (the host's clock). */
interface AnswerContext {
  readonly actor: Actor;
  readonly now: string | null;
}

/**
 * Answers one of a paused run's deferred requests: a question with `answer`, an approval with
 * `approved`. The run stays paused until its agent resumes it. Sending the same answer again
 * returns the recorded outcome and writes nothing, even after the run moved on; a different
 * answer to an answered request is refused. A decision pending on the request retires: the
 * person answered elsewhere (unless `viaDecision`, when the decision's answer is recorded).
 */
export function decideAnswerDeferred(
  context: AnswerContext,
  state: State,
  command: AnswerDeferred,
  viaDecision = false,
): Result<CommitResult> {
  const { run_id, tool_call_id, answer, approved, surface } = command;
  const run = runIn(state, run_id);
  if (run === null) return refuse(notFound("run", run_id));
  const prior = run.answers[tool_call_id] ?? run.answered[tool_call_id];
  if (prior !== undefined) {
    if (jsonEqual(prior.answer, answer) && prior.approved === approved) {
      return ok(commitResult(RECORDED));
    }
    return refuse(invalidState(`deferred request ${tool_call_id} is already answered`));
  }
  if (run.status !== "paused") {
    return refuse(invalidState(`run ${run_id} is ${run.status}, not paused`));
  }
  const request = run.pending.find((r) => r.tool_call_id === tool_call_id);
  if (request === undefined) return refuse(notFound("deferred request", tool_call_id));
  if (request.kind === "approval" && approved === null) {
    return refuse(invalidState("an approval needs approved=true or false"));
  }
  if (request.kind === "question" && approved !== null) {
    return refuse(invalidState("a question is answered with answer, not approved"));
  }
  const recorded = { answer, approved, by: context.actor, surface, at: context.now };
  const owner = {
    kind: "run",
    run: {
      ...run,
      answers: { ...run.answers, [tool_call_id]: { answer, approved } },
      answered: { ...run.answered, [tool_call_id]: recorded },
    },
  } as const;
  const elsewhere = !viaDecision && run.decision.pending?.id === tool_call_id;
  const retired = elsewhere ? retirePending(owner, "user_input") : [];

  return ok(
    commitResult(RECORDED, {
      events: [
        {
          type: "deferred_answered",
          run_id,
          thread_id: run.thread_id,
          tool_call_id,
          answer,
          approved,
          surface,
        },
        ...retired,
      ],
      runs: [evolveOwner(owner, retired).run],
    }),
  );
}
