import { actorRunId, authorKey } from "../model/actors.ts";
import type { DecideContext } from "../model/context.ts";
import type { KnownEvent } from "../model/event.ts";
import type { Proposal } from "../model/proposals.ts";
import { forbidden, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, type State } from "../model/state.ts";

/** A proposal a new one revises, superseded by it, and the event that says so. */
export interface Revised {
  readonly proposal: Proposal;
  readonly event: KnownEvent;
}

/**
 * Checks that `newer` may revise the proposal `revisesId` and supersedes it: it must exist
 * (`not_found`), be its author's own (`forbidden`: only the author revises a proposal), be
 * pending and on the same artifact (`invalid_state`). The revised proposal ends `superseded`
 * by `newer`, which carries its comments along (see `propose`).
 */
export function revise(
  context: DecideContext,
  state: State,
  revisesId: string,
  newer: Proposal,
): Result<Revised> {
  const older = proposalIn(state, revisesId);
  if (older === null) return refuse(notFound("proposal", revisesId));
  if (authorKey(older.proposed_by) !== authorKey(context.actor)) {
    return refuse(forbidden("only the author of a proposal may revise it"));
  }
  if (older.status !== "pending") {
    return refuse(invalidState(`proposal ${older.id} is already ${older.status}`));
  }
  const artifactId = newer.change.artifact_id;
  if (older.change.artifact_id !== artifactId) {
    return refuse(
      invalidState(`proposal ${older.id} is on ${older.change.artifact_id}, not ${artifactId}`),
    );
  }
  return ok({
    proposal: {
      ...older,
      status: "superseded",
      resolution: {
        decision: "supersede",
        version: null,
        changes: null,
        base_version: null,
        reason: null,
        by: context.actor,
        surface: null,
        at: context.now ?? null,
        superseded_by: newer.id,
        hunk_ids: null,
        hunks: null,
      },
    },
    event: {
      type: "proposal_superseded",
      thread_id: older.thread_id,
      run_id: actorRunId(context.actor),
      proposal_id: older.id,
      artifact_id: artifactId,
      proposed_by: older.proposed_by,
      superseded_by: newer.id,
    },
  });
}
