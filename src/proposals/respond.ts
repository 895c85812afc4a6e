import { actorRunId, authorKey } from "../model/actors.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { jsonEqual } from "../model/json.ts";
import type { Proposal, Resolution, RespondToProposal } from "../model/proposals.ts";
import { forbidden, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, type State } from "../model/state.ts";
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

// A resolved proposal: the same answer again returns what was recorded; any other is refused.
function answeredAgain(proposal: Proposal, command: RespondToProposal): Result<CommitResult> {
  const recorded = proposal.resolution;
  if (recorded === null || !sameAnswer(recorded, command)) {
    return refuse(invalidState(`proposal ${proposal.id} is already ${proposal.status}`));
  }
  const { decision } = command;
  const outcome = { type: "resolved", seq: null, proposal_id: proposal.id, decision } as const;
  return ok(commitResult({ ...outcome, version: recorded.version }));
}

// The proposal resolved: the accept's new version (if any), then `proposal_resolved`.
function resolved(
  context: DecideContext,
  proposal: Proposal,
  command: RespondToProposal,
  accepted: Accepted | null,
): CommitResult {
  const { decision, changes, base_version, reason, surface } = command;
  const version = accepted?.version ?? null;
  const by = context.actor;
  const at = context.now ?? null;
  const resolution: Resolution = {
    decision,
    version,
    changes,
    base_version,
    reason,
    by,
    surface,
    at,
    superseded_by: null,
  };
  const status = decision === "accept" ? "accepted" : "rejected";
  const applied = accepted?.applied;
  const event = {
    type: "proposal_resolved",
    thread_id: proposal.thread_id,
    run_id: actorRunId(context.actor),
    proposal_id: proposal.id,
    decision,
    proposed_by: proposal.proposed_by,
    artifact_id: proposal.change.artifact_id,
    changes,
    reason,
    version,
    base_version,
    surface,
    rebased_from: accepted?.rebasedFrom ?? null,
    already_present: accepted?.alreadyPresent ?? false,
    landed_diff: accepted?.landedDiff ?? null,
  } as const;
  return commitResult(
    { type: "resolved", seq: null, proposal_id: proposal.id, decision, version },
    {
      ...applied,
      events: [...(applied?.events ?? []), event],
      proposals: [{ ...proposal, status, resolution }],
    },
  );
}

/**
 * Accepts or rejects a pending proposal. Only someone other than its author may (every run of
 * one thread's agent, and its side conversations, are the same author: see `authorKey`). An accept rebases the change onto the artifact as
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
  if (proposal.status !== "pending") return answeredAgain(proposal, command);
  if (authorKey(context.actor) === authorKey(proposal.proposed_by)) {
    return refuse(forbidden("a proposal must be resolved by someone other than its author"));
  }
  if (isExpired(proposal, context.now)) {
    return refuse(invalidState(`proposal ${proposal.id} expired at ${proposal.expires_at}`));
  }
  if (command.decision === "reject") return ok(resolved(context, proposal, command, null));
  const accepted = acceptProposal(context, state, proposal, command);
  return accepted.ok ? ok(resolved(context, proposal, command, accepted.value)) : accepted;
}
