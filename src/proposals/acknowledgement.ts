import { inlined } from "../model/line-breaks.ts";
import type { Outcome } from "../model/outcome.ts";

// A person's words continue indented on lines of their own: none reads as the library's.
const quoted = (text: string): string => inlined(text, "  ");

/**
 * The text a host hands back to the model when its write became a proposal. It reads as
 * neither success nor failure: the change waits for a person, the answer will come as a note,
 * and proposing the same change again would only duplicate it. A revision says which proposal
 * it replaced; a proposal whose effect equals a rejected one's says so, with the person's
 * reason last (their words, after all of ours).
 */
export function proposalAcknowledgement(outcome: Extract<Outcome, { type: "proposed" }>): string {
  const revised =
    outcome.revises === undefined
      ? ""
      : ` It replaces your proposal ${quoted(outcome.revises)}, which is superseded; its comments carry over.`;
  const base =
    `Submitted for review as proposal ${quoted(outcome.proposal_id)}; it is not applied yet.${revised} ` +
    "A person will answer it, and the answer will reach you as a note. ";
  const again = outcome.reproposal_of;
  if (again === undefined) {
    return `${base}Do not propose the same change again; carry on with the rest of the task.`;
  }
  const reason = again.reason === null ? "" : ` The reason given: ${quoted(again.reason)}`;
  return (
    `${base}It has the same effect as proposal ${quoted(again.proposal_id)}, which a person ` +
    "rejected: it is marked as proposing that change again. Do not propose it again unchanged; " +
    `change what the reason asks, or carry on without it.${reason}`
  );
}
