import { actorRunId, participantKey } from "../actors/actor.ts";
import { applyChange } from "../artifacts/apply.ts";
import type { DecideContext } from "../core/context.ts";
import { type CommitResult, commitResult } from "../core/result.ts";
import { proposalIn, type State } from "../core/state.ts";
import { forbidden, invalidState, notFound } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import type { RespondToProposal } from "./commands.ts";

/**
 * Accepts or rejects a pending proposal. Only someone other than its author may (every run of
 * one thread's agent is the same author). An accept applies the change to the artifact as it
 * is now, ignoring write policies, with the responder's `changes` layered on top.
 */
export function respond(
  context: DecideContext,
  state: State,
  command: RespondToProposal,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  if (proposal.status !== "pending") {
    return refuse(invalidState(`proposal ${proposal.id} is already ${proposal.status}`));
  }
  if (participantKey(context.actor) === participantKey(proposal.proposed_by)) {
    return refuse(forbidden("a proposal must be resolved by someone other than its author"));
  }
  const resolvedEvent = (version: number | null) =>
    ({
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
    }) as const;

  if (command.decision === "reject") {
    return ok(
      commitResult(
        {
          type: "resolved",
          seq: null,
          proposal_id: proposal.id,
          decision: "reject",
          version: null,
        },
        { events: [resolvedEvent(null)], proposals: [{ ...proposal, status: "rejected" }] },
      ),
    );
  }
  const { change } = proposal;
  const applied = applyChange(context, state, change, {
    changes: command.changes,
    threadId: proposal.thread_id,
    proposalId: proposal.id,
    // The person's changes make the proposal's own summary untrue.
    summary: command.changes === null && change.type === "edit_artifact" ? change.summary : null,
  });
  if (!applied.ok) return applied;
  const { outcome, events, artifacts, revisions } = applied.value;
  const version = outcome.type === "applied" ? outcome.version : null;
  return ok(
    commitResult(
      { type: "resolved", seq: null, proposal_id: proposal.id, decision: "accept", version },
      {
        events: [...events, resolvedEvent(version)],
        artifacts,
        revisions,
        proposals: [{ ...proposal, status: "accepted" }],
      },
    ),
  );
}
