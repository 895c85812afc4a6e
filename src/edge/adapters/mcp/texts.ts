import { inlined } from "../../../model/line-breaks.ts";
import type { DecisionEnd } from "./decision-end.ts";

const WITHOUT = "go on without the answer, or stop and say what you need.";

/** What the model reads when its question ended before or without an answer here. */
export function endText(end: DecisionEnd, scopeKind: "thread" | "run"): string {
  switch (end.type) {
    case "answered":
      return answerText(end.label, end.option_id);
    case "superseded":
      return `This question was replaced by a newer one (${end.superseded_by}) before the person answered; act on the answer to that one.`;
    case "retired":
      switch (end.reason) {
        case "user_input":
          return "The person did not pick an answer here; they answered elsewhere. Go by what they said there, and do not ask this again.";
        case "expired":
          return `The question expired before the person answered. Do not ask it again; ${WITHOUT}`;
        case "scope_ended":
          return `Your ${scopeKind} ended before the person answered.`;
        case "transport_lost":
          return `The question could not reach the person and was withdrawn; ${WITHOUT}`;
      }
  }
}

/** The person picked an option. */
export function answerText(label: string, optionId: string): string {
  return `The person answered: ${inlined(label, "  ")} (option ${optionId}).`;
}

/** The person wrote an answer. */
export function typedText(text: string): string {
  return `The person answered:\n${text}`;
}

/** The person declined, or closed the question without an answer. */
export function refusedText(how: "declined" | "cancelled"): string {
  const what =
    how === "declined"
      ? "The person declined to answer."
      : "The person closed the question without answering.";
  return `${what} Do not ask it again; ${WITHOUT}`;
}

/** The client could not put the question to the person. */
export function failedText(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `The person could not be asked (${why}); the question was withdrawn. Do not ask it again now; ${WITHOUT}`;
}
