import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { ExpireProposal } from "../model/proposals.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, type State } from "../model/state.ts";
import { isExpired } from "./respond.ts";

/**
 * Expires a pending proposal whose time-to-live has run out by the decision's clock: an
 * explicit resolution, with its own event, so the proposing agent hears of it. Expiring an
 * expired proposal again changes nothing.
 */
export function decideExpireProposal(
  context: DecideContext,
  state: State,
  command: ExpireProposal,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  if (proposal.status !== "pending") {
    if (proposal.status === "expired") return ok(commitResult(RECORDED));
    return refuse(invalidState(`proposal ${proposal.id} is already ${proposal.status}`));
  }
  if (proposal.expires_at === null)
    return refuse(invalidState(`proposal ${proposal.id} does not expire`));
  if (!isExpired(proposal, context.now)) {
    return refuse(invalidState(`proposal ${proposal.id} expires at ${proposal.expires_at}`));
  }
  return ok(
    commitResult(RECORDED, {
      events: [
        {
          type: "proposal_expired",
          thread_id: proposal.thread_id,
          run_id: null,
          proposal_id: proposal.id,
          artifact_id: proposal.change.artifact_id,
          proposed_by: proposal.proposed_by,
          expired_at: proposal.expires_at,
        },
      ],
      proposals: [
        {
          ...proposal,
          status: "expired",
          resolution: {
            decision: "expire",
            version: null,
            changes: null,
            base_version: null,
            reason: null,
            by: context.actor,
            surface: null,
            at: context.now ?? null,
            superseded_by: null,
            hunk_ids: null,
            hunks: null,
          },
        },
      ],
    }),
  );
}
