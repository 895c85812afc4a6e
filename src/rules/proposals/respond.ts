import { actorRunId, participantKey } from "../../model/actors.ts";
import { type CommitResult, commitResult } from "../../model/commit-result.ts";
import type { DecideContext } from "../../model/context.ts";
import { jsonEqual } from "../../model/json.ts";
import type { Proposal, Resolution, RespondToProposal } from "../../model/proposals.ts";
import { forbidden, invalidState, notFound } from "../../model/rejections.ts";
import { ok, type Result, refuse } from "../../model/result.ts";
import { proposalIn, type State } from "../../model/state.ts";
import { type Accepted, acceptProposal } from "./accept.ts";

// The same answer: the same decision with the same changes, based on the same version. A
// reason is commentary: a repeated reject with other words is still the same answer.
function sameAnswer(resolution: Resolution, command: RespondToProposal): boolean {
  return (
    resolution.decision === command.decision &&
    jsonEqual(resolution.changes, command.changes) &&
    resolution.base_version === command.base_version
  );
}

/** True when a pending proposal is past its time-to-live at `now`. */
export function isExpired(proposal: Proposal, now: string | undefined): boolean {
  return (
    proposal.expires_at !== null &&
    now !== undefined &&
    Date.parse(now) >= Date.parse(proposal.expires_at)
  );
}

/**
 * Accepts or rejects a pending proposal. Only someone other than its author may (every run of
 * one thread's agent is the same author). An accept rebases the change onto the artifact as
 * it is now (see `acceptProposal`). Sending the same answer again returns the recorded outcome
 * and writes nothing; a different answer to a resolved proposal is `invalid_state`.
 */
export function decideRespondToProposal(
  context: DecideContext,
  state: State,
  command: RespondToProposal,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  if (proposal.status !== "pending") {
    const recorded = proposal.resolution;
    if (recorded !== null && sameAnswer(recorded, command)) {
      const { decision } = command;
      return ok(
        commitResult({
          type: "resolved",
          seq: null,
          proposal_id: proposal.id,
          decision,
          version: recorded.version,
        }),
      );
    }
    return refuse(invalidState(`proposal ${proposal.id} is already ${proposal.status}`));
  }
  if (participantKey(context.actor) === participantKey(proposal.proposed_by)) {
    return refuse(forbidden("a proposal must be resolved by someone other than its author"));
  }
  if (isExpired(proposal, context.now)) {
    return refuse(invalidState(`proposal ${proposal.id} expired at ${proposal.expires_at}`));
  }
  let accepted: Accepted | null = null;
  if (command.decision === "accept") {
    const result = acceptProposal(context, state, proposal, command);
    if (!result.ok) return result;
    accepted = result.value;
  }
  const version = accepted?.version ?? null;
  const resolution: Resolution = {
    decision: command.decision,
    version,
    changes: command.changes,
    base_version: command.base_version,
    reason: command.reason,
    by: context.actor,
    surface: command.surface,
    at: context.now ?? null,
    superseded_by: null,
  };
  const status = command.decision === "accept" ? "accepted" : "rejected";
  const applied = accepted?.applied;
  return ok(
    commitResult(
      {
        type: "resolved",
        seq: null,
        proposal_id: proposal.id,
        decision: command.decision,
        version,
      },
      {
        ...applied,
        events: [
          ...(applied?.events ?? []),
          {
            type: "proposal_resolved",
            thread_id: proposal.thread_id,
            run_id: actorRunId(context.actor),
            proposal_id: proposal.id,
            decision: command.decision,
            proposed_by: proposal.proposed_by,
            artifact_id: proposal.change.artifact_id,
            changes: command.changes,
            reason: command.reason,
            version,
            base_version: command.base_version,
            surface: command.surface,
            rebased_from: accepted?.rebasedFrom ?? null,
            already_present: accepted?.alreadyPresent ?? false,
            landed_diff: accepted?.landedDiff ?? null,
          },
        ],
        proposals: [{ ...proposal, status, resolution }],
      },
    ),
  );
}
