import { participantKey } from "../../../model/actors.ts";
import type { Versioned } from "../../../model/artifacts.ts";
import type { Proposal } from "../../../model/proposals.ts";
import type { ProposalPreview } from "../../../proposals/preview.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { Palette } from "./colour.ts";
import { refused } from "./exit.ts";
import type { Shown } from "./shown.ts";

/** A proposal with what a reviewer reads beside it: its artifact now, and the rebased preview. */
export interface ProposalView {
  readonly proposal: Proposal;
  /** The artifact as it is now (`null` for a proposed new artifact). */
  readonly artifact: Versioned | null;
  /** The artifact's type. */
  readonly kind: string;
  readonly preview: ProposalPreview;
  /**
   * For a re-proposal, the rejected proposal whose change it repeats, so its reason can be
   * shown beside it (`null` when it repeats none, or that one cannot be loaded).
   */
  readonly rejected: Proposal | null;
}

/**
 * Reads a proposal, its artifact and the preview of accepting it now.
 *
 * @throws CliError `refused` (`not_found`) for an unknown proposal.
 */
export async function viewProposal(workspace: Workspace, id: string): Promise<ProposalView> {
  const proposal = await workspace.proposal(id);
  if (proposal === null)
    throw refused({
      type: "not_found",
      message: `proposal ${id} not found`,
      entity: "proposal",
      id,
    });
  return viewOf(workspace, proposal);
}

/** The view of a proposal already read. @throws CliError `refused` when it cannot be previewed. */
export async function viewOf(workspace: Workspace, proposal: Proposal): Promise<ProposalView> {
  const { change } = proposal;
  const artifact = await workspace.artifact(change.artifact_id);
  const previewed = await workspace.previewProposal(proposal.id);
  if (!previewed.ok) throw refused(previewed.rejection);
  const kind = change.type === "create_artifact" ? change.kind : (artifact?.kind ?? "?");
  const rejectedId = proposal.reproposal_of;
  const rejected = rejectedId === null ? null : await workspace.proposal(rejectedId);
  return { proposal, artifact, kind, preview: previewed.value, rejected };
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** How far behind: `up to date`, `1 version behind`, `3 versions behind`. */
export function behindText(behind: number): string {
  return behind === 0 ? "up to date" : `${plural(behind, "version")} behind`;
}

/** Whether accepting it now lands: clean, already present, N conflicts, or blocked and why. */
export function mergeState({ preview }: ProposalView, paint: Palette): Shown {
  if (preview.blocked !== null) return paint.yellow(`blocked (${preview.blocked.type})`);
  if (!preview.mergeable) return paint.red(plural(preview.conflicts.length, "conflict"));
  if (preview.already_present) return paint.dim("already present");
  return paint.green("clean");
}

/** `edit of plan_1 (plan) by agent:thr_1`, raw: whoever prints it makes it visible. */
export function changeText({ proposal, kind }: ProposalView): string {
  const verb = { create_artifact: "new", edit_artifact: "edit of", archive_artifact: "archive of" };
  const by = participantKey(proposal.proposed_by);
  return `${verb[proposal.change.type]} ${proposal.change.artifact_id} (${kind}) by ${by}`;
}

/** A proposal's view as `--json` prints it in a list: the preview summed up, not the diff. */
export function proposalSummary(view: ProposalView): Record<string, unknown> {
  const { proposal, preview } = view;
  return {
    id: proposal.id,
    artifact_id: proposal.change.artifact_id,
    kind: view.kind,
    change: proposal.change.type,
    proposed_by: proposal.proposed_by,
    thread_id: proposal.thread_id,
    rationale: proposal.rationale,
    created_at: proposal.created_at,
    expires_at: proposal.expires_at,
    changes_requested: proposal.changes_requested,
    revises: proposal.revises,
    reproposal_of: proposal.reproposal_of,
    // The rejection a re-proposal repeats, when it can be read: why that change was turned down.
    reproposal_rejection: view.rejected?.resolution ?? null,
    comments: proposal.comments.length,
    behind: preview.behind,
    mergeable: preview.mergeable,
    conflicts: preview.conflicts.length,
    already_present: preview.already_present,
    blocked: preview.blocked,
  };
}
