import { invalidState, notFound } from "../../../model/rejections.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { answersMessage, givenAnswers } from "./answers.ts";
import type { AiResumeOptions, AiResumeResult } from "./api.ts";
import { askNext } from "./next-decision.ts";
import { readResumeData } from "./resume-data.ts";

/**
 * Resumes a run `pauseForPerson` paused, from what the store holds (any process can): once
 * every request is answered, records the run as resumed (`run_started`, trigger `resume`) and
 * gives the messages to call `generateText` with — the conversation as it was paused, then a
 * tool message with a `tool-approval-response` per approval and a `tool-result` per question.
 * While some are unanswered, it puts the next in front of the person (one decision at a time)
 * and answers `waiting`. Call it whenever the person may have answered: it writes nothing
 * twice. Only one caller resumes a run; the others are refused (`invalid_state`).
 */
export async function resumeMessages(
  workspace: Workspace,
  options: AiResumeOptions,
): Promise<AiResumeResult> {
  const { runId } = options;
  const run = await workspace.run(runId);
  if (run === null) return { ok: false, rejection: notFound("run", runId) };
  if (run.status !== "paused") {
    return { ok: false, rejection: invalidState(`run ${runId} is ${run.status}, not paused`) };
  }
  const data = readResumeData(run.resume);
  if (data === null) {
    return {
      ok: false,
      rejection: invalidState(`run ${runId} was not paused by the AI SDK adapter`),
    };
  }
  if (run.pending.some((r) => !Object.hasOwn(run.answers, r.tool_call_id))) {
    const asked = await askNext(workspace, run, data);
    return asked.ok ? { ok: true, status: "waiting", decisionId: asked.value } : asked;
  }
  const started = await workspace.record(
    { type: "run_started", run_id: run.id, thread_id: run.thread_id, trigger: "resume" },
    data.agent,
  );
  if (!started.ok) return started;
  return {
    ok: true,
    status: "resumed",
    messages: [...data.messages, answersMessage(run)],
    answers: givenAnswers(run),
  };
}
