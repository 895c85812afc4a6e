import { applyChange } from "../artifacts/apply.ts";
import { currentArtifact } from "../artifacts/current.ts";
import { actorRunId, participantKey } from "../model/actors.ts";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { Change } from "../model/artifacts.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import { contextThread, type DecideContext } from "../model/context.ts";
import type { KnownEvent } from "../model/event.ts";
import type { Outcome } from "../model/outcome.ts";
import type { Proposal } from "../model/proposals.ts";
import { invalidState, versionConflict } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, pendingIn, proposalIn, type State } from "../model/state.ts";
import { proposedHunkIds, reproposalOf } from "./reproposal.ts";
import { type Revised, revise } from "./revise.ts";

/** A change to turn into a proposal. */
interface ProposeOptions {
  readonly proposalId: string;
  readonly change: Change;
  readonly rationale: string | null;
  /** The author's pending proposal this one revises (and supersedes), if any. */
  readonly revises?: string | null;
}

/**
 * Records a change as a pending proposal, without applying it. The change must apply now (a
 * dry run), so a proposal that could never be accepted is refused at once. An edit without a
 * summary stores the one the dry run would record.
 */
export function propose(
  context: DecideContext,
  state: State,
  { proposalId, change, rationale, revises = null }: ProposeOptions,
): Result<CommitResult> {
  if (proposalIn(state, proposalId) !== null) {
    return refuse(invalidState(`proposal ${proposalId} already exists`));
  }
  if (change.type !== "create_artifact") {
    const current = currentArtifact(state, change.artifact_id);
    if (!current.ok) return current;
    if (change.base_version !== current.value.version) {
      return refuse(
        versionConflict(change.artifact_id, change.base_version, current.value.version),
      );
    }
  }
  const threadId = contextThread(change.thread_id, context.actor);
  const dryRun = applyChange(context, state, change, {
    changes: null,
    threadId,
    proposalId,
    summary: change.type === "edit_artifact" ? change.summary : null,
  });
  if (!dryRun.ok) return dryRun;
  const stored = withSummary(change, dryRun.value);
  const type = typeOf(context, state, change);
  const now = context.now ?? null;
  const ttl = type?.proposals?.ttlMs;
  const repeated = repeatedRejection(state, change, type);
  const drafted: Proposal = {
    id: proposalId,
    change: stored,
    proposed_by: context.actor,
    rationale,
    status: "pending",
    thread_id: threadId,
    created_at: now,
    expires_at:
      now === null || ttl === undefined ? null : new Date(Date.parse(now) + ttl).toISOString(),
    resolution: null,
    comments: [],
    changes_requested: false,
    revises,
    reproposal_of: repeated?.id ?? null,
  };
  const revised = revises === null ? null : revise(context, state, revises, drafted);
  if (revised !== null && !revised.ok) return revised;
  const older = revised?.value ?? null;
  // A revision carries the comments of the proposal it revises along.
  const proposal: Proposal =
    older === null ? drafted : { ...drafted, comments: [...older.proposal.comments] };
  const others = type?.proposals?.supersede === true ? supersede(context, state, proposal) : [];
  const superseded: Revised[] = [
    ...(older === null ? [] : [older]),
    ...others.filter((p) => p.proposal.id !== revises),
  ];
  return ok(
    commitResult(proposedOutcome(proposal, repeated), {
      events: [
        {
          type: "proposal_created",
          thread_id: threadId,
          run_id: actorRunId(context.actor),
          proposal_id: proposalId,
          change: stored,
          rationale,
          expires_at: proposal.expires_at,
          revises,
          reproposal_of: proposal.reproposal_of,
        },
        ...superseded.map((p) => p.event),
      ],
      proposals: [proposal, ...superseded.map((p) => p.proposal)],
    }),
  );
}

// The rejected proposal on the artifact this change repeats: the same hunks against the
// artifact now as that one had against the artifact when it was rejected. The hunks are those
// of the dry run's data, which `proposedHunkIds` computes the same way (and `needs` asked).
function repeatedRejection(
  state: State,
  change: Change,
  type: ArtifactType | undefined,
): Proposal | null {
  if (change.type === "create_artifact" || type === undefined) return null;
  const before = artifactIn(state, change.artifact_id)?.data;
  if (before === undefined) return null;
  return reproposalOf(state, change.artifact_id, proposedHunkIds(type, before, change));
}

function proposedOutcome(proposal: Proposal, repeated: Proposal | null): Outcome {
  const outcome = { type: "proposed", seq: null, proposal_id: proposal.id } as const;
  return {
    ...outcome,
    ...(proposal.revises === null ? {} : { revises: proposal.revises }),
    ...(repeated === null
      ? {}
      : {
          reproposal_of: {
            proposal_id: repeated.id,
            reason: repeated.resolution?.reason ?? null,
          },
        }),
  };
}

function typeOf(context: DecideContext, state: State, change: Change): ArtifactType | undefined {
  const kind =
    change.type === "create_artifact" ? change.kind : artifactIn(state, change.artifact_id)?.kind;
  return kind === undefined ? undefined : context.registry.artifactType(kind);
}

// An author's newer proposal on an artifact replaces its own older pending ones there, in the
// same thread (only that thread's pending proposals are loaded). Only its own: a proposal by someone else (a person, another agent, a side
// conversation of the thread) is theirs to keep until someone answers it.
function supersede(
  context: DecideContext,
  state: State,
  newer: Proposal,
): { proposal: Proposal; event: KnownEvent }[] {
  if (newer.thread_id === null) return [];
  const artifactId = newer.change.artifact_id;
  const author = participantKey(newer.proposed_by);
  return pendingIn(state, { artifact_id: artifactId, thread_id: newer.thread_id })
    .filter(
      (older) =>
        older.thread_id === newer.thread_id &&
        participantKey(older.proposed_by) === author &&
        older.id !== newer.id &&
        older.status === "pending",
    )
    .map((older) => ({
      proposal: {
        ...older,
        status: "superseded" as const,
        resolution: {
          decision: "supersede" as const,
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
        type: "proposal_superseded" as const,
        thread_id: older.thread_id,
        run_id: actorRunId(context.actor),
        proposal_id: older.id,
        artifact_id: artifactId,
        proposed_by: older.proposed_by,
        superseded_by: newer.id,
      },
    }));
}

function withSummary(change: Change, dryRun: CommitResult): Change {
  if (change.type !== "edit_artifact" || change.summary !== null) return change;
  const event = dryRun.events[0];
  return event?.type === "artifact_changed" ? { ...change, summary: event.summary } : change;
}
