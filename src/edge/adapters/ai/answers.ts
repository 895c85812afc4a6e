import type { ToolModelMessage } from "ai";
import { jsonText } from "../../../model/json-text.ts";
import { inlined } from "../../../model/line-breaks.ts";
import type { Run } from "../../../model/runs.ts";
import type { AiGivenAnswer } from "./api.ts";
import { questionOf } from "./waiting-calls.ts";

type Request = Run["pending"][number];

/** What the person answered to each of a paused run's requests, in the model's order. */
export function givenAnswers(run: Run): AiGivenAnswer[] {
  return run.pending.map((request) => {
    const given = Object.hasOwn(run.answers, request.tool_call_id)
      ? run.answers[request.tool_call_id]
      : undefined;
    return {
      id: request.tool_call_id,
      kind: request.kind,
      approved: request.kind === "approval" ? given?.approved === true : null,
      answer: request.kind === "question" ? (given?.answer ?? null) : null,
    };
  });
}

/** A question's answer in words for the model: the option's label, or the person's text. */
function answerText(request: Request, answer: unknown): string {
  const picked = questionOf(request.args).options?.find((o) => o.id === answer);
  if (picked !== undefined)
    return `The person chose "${inlined(picked.label, "  ")}" (${picked.id}).`;
  const words = typeof answer === "string" ? inlined(answer, "  ") : jsonText(answer);
  return `The person answered: ${words}`;
}

/**
 * The tool message that carries the answers back to the SDK: a `tool-approval-response` per
 * approval (the SDK then runs the approved calls and tells the model of the denied ones), and
 * a `tool-result` per question, the person's answer as its text.
 */
export function answersMessage(run: Run): ToolModelMessage {
  const answers = givenAnswers(run);
  const content = run.pending.map((request, i): ToolModelMessage["content"][number] => {
    const given = answers[i];
    if (request.kind === "approval") {
      const approved = given?.approved === true;
      return {
        type: "tool-approval-response",
        approvalId: request.tool_call_id,
        approved,
        ...(approved ? {} : { reason: "The person denied this call." }),
      };
    }
    return {
      type: "tool-result",
      toolCallId: request.tool_call_id,
      toolName: request.tool_name,
      output: { type: "text", value: answerText(request, given?.answer ?? null) },
    };
  });
  return { role: "tool", content };
}
