import type { CommitResult } from "../core/result.ts";
import { commitResult, RECORDED } from "../core/result.ts";
import { runIn, type State } from "../core/state.ts";
import { invalidState, notFound } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import type { AnswerDeferred } from "./commands.ts";

/**
 * Answers one of a paused run's deferred requests: a question with `answer`, an approval with
 * `approved`. The run stays paused until its agent resumes it.
 */
export function answerDeferred(state: State, command: AnswerDeferred): Result<CommitResult> {
  const { run_id, tool_call_id, answer, approved } = command;
  const run = runIn(state, run_id);
  if (run === null) return refuse(notFound("run", run_id));
  if (run.status !== "paused") {
    return refuse(invalidState(`run ${run_id} is ${run.status}, not paused`));
  }
  const request = run.pending.find((r) => r.tool_call_id === tool_call_id);
  if (request === undefined) return refuse(notFound("deferred request", tool_call_id));
  if (Object.hasOwn(run.answers, tool_call_id)) {
    return refuse(invalidState(`deferred request ${tool_call_id} is already answered`));
  }
  if (request.kind === "approval" && approved === null) {
    return refuse(invalidState("an approval needs approved=true or false"));
  }
  if (request.kind === "question" && approved !== null) {
    return refuse(invalidState("a question is answered with answer, not approved"));
  }
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
        },
      ],
      runs: [{ ...run, answers: { ...run.answers, [tool_call_id]: { answer, approved } } }],
    }),
  );
}
