import type { Outcome } from "../model/outcome.ts";

/**
 * The text a host hands back to the model when its write became a proposal. It reads as
 * neither success nor failure: the change waits for a person, the answer will come as a note,
 * and proposing the same change again would only duplicate it.
 */
export function proposalAcknowledgement(outcome: Extract<Outcome, { type: "proposed" }>): string {
  return (
    `Submitted for review as proposal ${outcome.proposal_id}; it is not applied yet. ` +
    "A person will answer it, and the answer will reach you as a note. " +
    "Do not propose the same change again; carry on with the rest of the task."
  );
}
