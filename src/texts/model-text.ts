import { inlined } from "../model/line-breaks.ts";
import type { Outcome } from "../model/outcome.ts";
import type { Rejection, ValidationError } from "../model/rejections.ts";
import { proposalAcknowledgement } from "../proposals/acknowledgement.ts";

const MAX_ERRORS = 5;

// The most of one quoted piece a model is handed back: a key or an anchor of its own input
// can be a megabyte, and one bad field must not send it all back.
const MAX_QUOTE = 160;

// A piece cut to MAX_QUOTE characters, never between the halves of a surrogate pair.
function bounded(text: string): string {
  if (text.length <= MAX_QUOTE) return text;
  const end = /[\ud800-\udbff]/.test(text[MAX_QUOTE - 1] ?? "") ? MAX_QUOTE - 1 : MAX_QUOTE;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

// What a rejection quotes (an id, a key of the input, a message that names them), at most
// MAX_QUOTE characters of it, continues indented where it holds a line break: no line of it
// reads as the library's own, such as a note after "Since you last looked:".
const q = (text: string | number): string => inlined(bounded(String(text)), "  ");

function fieldErrors(errors: readonly ValidationError[]): string {
  const listed = errors.slice(0, MAX_ERRORS).map((e) => {
    const at = e.loc.length === 0 ? "the input" : e.loc.join(".");
    return `${q(at)}: ${q(e.msg)}`;
  });
  const more = errors.length > MAX_ERRORS ? `; and ${errors.length - MAX_ERRORS} more` : "";
  return `${listed.join("; ")}${more}`;
}

function rejectionText(rejection: Rejection): string {
  switch (rejection.type) {
    case "version_conflict":
      return (
        `Not applied: ${q(rejection.artifact_id)} is at version ${rejection.head}, and the change ` +
        `was based on version ${rejection.base}. Read it again and base the change on version ` +
        `${rejection.head}.`
      );
    case "validation_failed":
      return `Not applied: the input is not valid (${fieldErrors(rejection.errors)}). Correct it and try again.`;
    case "patch_failed":
      return `Not applied: ${q(rejection.message)}. Read the artifact again and adjust the change.`;
    case "not_found":
      return `Not applied: ${q(rejection.entity)} ${q(rejection.id)} does not exist.`;
    case "forbidden":
      return `Not applied: ${q(rejection.message)}. This is not yours to do; do not try it another way.`;
    case "conflict":
      return `Not applied: ${q(rejection.message)}. A person resolves it.`;
    case "already_started":
      return `Not applied: ${q(rejection.message)}.`;
    case "invalid_placement":
      return `Not applied: ${q(rejection.message)} (${q(rejection.field)}).`;
    case "stale_hunks":
      return `Not applied: ${q(rejection.message)}. Show the proposal again and choose from its hunks now.`;
    case "invalid_state":
    case "unsupported_protocol":
    case "unknown_decision":
    case "stale_decision":
      return `Not applied: ${q(rejection.message)}.`;
  }
}

// Each answer of a batch on its own line, indented under the count.
function batchText(batch: Extract<Outcome, { type: "batch" }>): string {
  const lines = batch.items.map((item) =>
    item.ok
      ? `  - ${modelText(item.outcome)}`
      : `  - Proposal ${q(item.proposal_id)}: ${rejectionText(item.rejection)}`,
  );
  const refused = batch.items.filter((item) => !item.ok).length;
  const head = `Answered ${batch.items.length - refused} of ${batch.items.length} proposals:`;
  return [head, ...lines].join("\n");
}

/**
 * The text a host hands back to a model for what its command or fact led to, whichever it
 * was: plain, neutral words that say what happened and, for a refusal, what to do next. A
 * proposal reads as {@link proposalAcknowledgement}: neither success nor failure. What it
 * quotes continues indented where it holds a line break.
 */
export function modelText(answer: Outcome | Rejection): string {
  switch (answer.type) {
    case "applied":
      return `Applied: ${q(answer.artifact_id)} is now at version ${answer.version}.`;
    case "proposed":
      return proposalAcknowledgement(answer);
    case "resolved":
      return answer.decision === "accept"
        ? `Proposal ${q(answer.proposal_id)} was accepted${answer.version === null ? "" : `; the artifact is now at version ${answer.version}`}.`
        : `Proposal ${q(answer.proposal_id)} was rejected.`;
    case "commented":
      return answer.kind === "request_changes"
        ? `Changes were requested on proposal ${q(answer.proposal_id)} (comment ${q(answer.comment_id)}); it stays pending.`
        : `Commented on proposal ${q(answer.proposal_id)} (comment ${q(answer.comment_id)}).`;
    case "recorded":
      return "Recorded.";
    case "batch":
      return batchText(answer);
    default:
      return rejectionText(answer);
  }
}
