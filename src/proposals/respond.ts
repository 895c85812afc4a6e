import { actorRunId, authorKey } from "../model/actors.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { HunkOutcome } from "../model/hunks.ts";
import { jsonEqual } from "../model/json.ts";
import type { Proposal, Resolution, RespondToProposal } from "../model/proposals.ts";
import { forbidden, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, type State } from "../model/state.ts";
import { type Accepted, acceptProposal } from "./accept.ts";
import { acceptsNone, hunksRefused } from "./partial-accept.ts";
import { previewAccept } from "./preview.ts";
import { withRejectedHunks } from "./reproposal.ts";

// An accept of none of the proposal's hunks rejects it.
function decisionOf(command: RespondToProposal): "accept" | "reject" {
  return acceptsNone(command) ? "reject" : command.decision;
}

// The same hunks chosen (in any order), or both answers the whole proposal.
function sameHunks(resolution: Resolution, command: RespondToProposal): boolean {
  if (resolution.decision !== "accept") return true;
  const landed = resolution.hunks?.landed.map((hunk) => hunk.id) ?? null;
  if (landed === null || command.hunks === null) return landed === command.hunks;
  const chosen = new Set(command.hunks);
  return chosen.size === landed.length && landed.every((id) => chosen.has(id));
}

// The same answer: the same decision with the same changes (and hunks), based on the same
// version. A reason is commentary: a repeated reject with other words is still the same answer.
function sameAnswer(resolution: Resolution, command: RespondToProposal): boolean {
  return (
    resolution.decision === decisionOf(command) &&
    jsonEqual(resolution.changes, command.changes) &&
    resolution.base_version === command.base_version &&
    sameHunks(resolution, command)
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
  const decision = decisionOf(command);
  const outcome = { type: "resolved", seq: null, proposal_id: proposal.id, decision } as const;
  return ok(commitResult({ ...outcome, version: recorded.version }));
}

// The proposal resolved: the accept's new version (if any), then `proposal_resolved`.
function resolved(
  context: DecideContext,
  proposal: Proposal,
  command: RespondToProposal,
  accepted: Accepted | null,
  hunks: HunkOutcome | null = accepted?.hunks ?? null,
): CommitResult {
  const { changes, base_version, reason, surface } = command;
  const decision = decisionOf(command);
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
    hunk_ids: null,
    hunks,
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
    hunk_ids: null,
    hunks,
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

// An accept of none of its hunks: the proposal rejected, every hunk it has now not landed.
function rejectedWhole(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  command: RespondToProposal,
): CommitResult {
  const preview = previewAccept(proposal.id, state, context);
  const hunks = preview.ok ? preview.value.hunks : [];
  return resolved(context, proposal, command, null, { landed: [], not_landed: [...hunks] });
}

/**
 * Accepts or rejects a pending proposal. Only someone other than its author may (every run of
 * one thread's agent, and its side conversations, are the same author: see `authorKey`). An accept rebases the change onto the artifact as
 * it is now (see `acceptProposal`); with `hunks`, only those of the rebased change land, and
 * an accept of none (`hunks: []`) is recorded as a rejection. Sending the same answer again returns the recorded outcome
 * and writes nothing; a different answer to a resolved proposal is `invalid_state`.
 */
export function decideRespondToProposal(
  context: DecideContext,
  state: State,
  command: RespondToProposal,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  const badHunks = hunksRefused(proposal, command);
  if (badHunks !== null) return refuse(badHunks);
  if (proposal.status !== "pending") return answeredAgain(proposal, command);
  if (authorKey(context.actor) === authorKey(proposal.proposed_by)) {
    return refuse(forbidden("a proposal must be resolved by someone other than its author"));
  }
  if (isExpired(proposal, context.now)) {
    return refuse(invalidState(`proposal ${proposal.id} expired at ${proposal.expires_at}`));
  }
  // A rejection records the proposal's hunks as they are now: the same effect proposed again
  // is marked as a re-proposal.
  const rejecting = (result: CommitResult) =>
    ok(withRejectedHunks(context, state, proposal, result));
  if (command.decision === "reject") return rejecting(resolved(context, proposal, command, null));
  if (acceptsNone(command)) return rejecting(rejectedWhole(context, state, proposal, command));
  const accepted = acceptProposal(context, state, proposal, command);
  return accepted.ok ? ok(resolved(context, proposal, command, accepted.value)) : accepted;
}
