import type { JsonConflict } from "../model/conflicts.ts";
import type { DecideContext } from "../model/context.ts";
import type { DataDiff } from "../model/data-diff.ts";
import type { Hunk } from "../model/hunks.ts";
import type { JsonObject } from "../model/json.ts";
import type { ProposalStatus } from "../model/proposals.ts";
import { notFound, type Rejection } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, proposalIn, type State } from "../model/state.ts";
import { dataDiff } from "../patches/data-diff.ts";
import { acceptProposal } from "./accept.ts";
import { hunksOf } from "./hunks.ts";

/** What accepting a proposal as it stands would do now, for a reviewer. */
export interface ProposalPreview {
  readonly proposal_id: string;
  readonly artifact_id: string;
  readonly status: ProposalStatus;
  /** How many versions the artifact moved on since the proposal's base (0 for a new artifact). */
  readonly behind: number;
  /** True when accepting now would land without a conflict. */
  readonly mergeable: boolean;
  /** Where it conflicts, when it does. */
  readonly conflicts: readonly JsonConflict[];
  /** The data that would land (`null` on a conflict, or when something else blocks it). */
  readonly result: JsonObject | null;
  /** What accepting would change, from the current data to `result`: what a reviewer should see. */
  readonly diff: DataDiff | null;
  /** True when the proposal's effect is already in the artifact. */
  readonly already_present: boolean;
  /** Why it could not be accepted now, other than a conflict (archived, invalid data, …). */
  readonly blocked: Rejection | null;
  /**
   * The parts of `diff` a person may accept one by one (`respond_to_proposal` with `hunks`):
   * empty unless it is an edit that would merge cleanly and change something.
   */
  readonly hunks: readonly Hunk[];
}

/**
 * Previews a proposal against the artifact as it is now, without writing anything: how far
 * behind it is, whether it would merge cleanly, its conflicts if not, and the diff a reviewer
 * should see. Needs what answering the proposal needs (`needs` of a `respond_to_proposal`).
 */
export function previewAccept(
  proposalId: string,
  state: State,
  context: DecideContext,
): Result<ProposalPreview> {
  const proposal = proposalIn(state, proposalId);
  if (proposal === null) return refuse(notFound("proposal", proposalId));
  const { change } = proposal;
  const current = artifactIn(state, change.artifact_id);
  const behind =
    change.type === "create_artifact" || current === null
      ? 0
      : current.version - change.base_version;
  const base = {
    proposal_id: proposal.id,
    artifact_id: change.artifact_id,
    status: proposal.status,
    behind,
  };
  const asAccepted = {
    type: "respond_to_proposal",
    proposal_id: proposal.id,
    decision: "accept",
    changes: null,
    reason: null,
    base_version: null,
    surface: null,
    hunks: null,
  } as const;
  // The diff a preview shows is from the data now, so the accept's own diff is not asked for.
  const accepted = acceptProposal(context, state, proposal, asAccepted, { landedDiff: false });
  const none = { conflicts: [], result: null, diff: null, already_present: false, hunks: [] };
  if (!accepted.ok) {
    const { rejection } = accepted;
    if (rejection.type === "conflict") {
      return ok({
        ...base,
        ...none,
        mergeable: false,
        conflicts: rejection.conflicts,
        blocked: null,
      });
    }
    return ok({ ...base, ...none, mergeable: false, blocked: rejection });
  }
  const landed = accepted.value.applied.artifacts[0]?.data ?? current?.data ?? null;
  const diff =
    landed === null ? null : dataDiff(current?.data ?? {}, landed, ["current", "proposed"]);
  const hunks =
    change.type === "edit_artifact" && current !== null && landed !== null
      ? hunksOf(current.data, landed)
      : [];
  return ok({
    ...base,
    mergeable: true,
    conflicts: [],
    result: landed,
    diff,
    already_present: accepted.value.alreadyPresent,
    blocked: null,
    hunks,
  });
}
