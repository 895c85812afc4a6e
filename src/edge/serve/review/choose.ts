// Conflicts settled by choice, shared by the page's routes and the CLI's `resolve` (ADR 0054):
// the regions a person chooses for, named, and accepting with what was chosen, as the
// person's changes against the version the regions were listed at.
import type { ConflictChoices } from "../../../model/conflict-choices.ts";
import {
  type ConflictRegion,
  conflictRegions,
  resolveByChoice,
} from "../../../proposals/conflict-choices.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import { type EditableView, type Refused, sidesOf, viewOf } from "./edit.ts";

/** The regions of a proposal's conflicts now, and the version they were listed at. */
interface RegionsNow {
  readonly ok: true;
  readonly view: EditableView;
  readonly regions: readonly ConflictRegion[];
  /** The artifact's version the regions are for: choices are sent with it. */
  readonly base_version: number;
}

const refused = (type: string, message: string): Refused => ({
  ok: false,
  rejection: { type, message },
});

/** A conflicting proposal's regions as the preview lists them now; refused when none conflict. */
export async function regionsNow(
  workspace: Workspace,
  proposalId: string,
): Promise<RegionsNow | Refused> {
  const read = await viewOf(workspace, proposalId);
  if (!read.ok) return read;
  const { view } = read;
  if (view.preview.blocked !== null) return { ok: false, rejection: view.preview.blocked };
  if (view.preview.mergeable || view.artifact === null) {
    return refused("no_conflict", `proposal ${proposalId} does not conflict: accept it as it is`);
  }
  const regions = conflictRegions(view.preview.conflicts);
  return { ok: true, view, regions, base_version: view.artifact.version };
}

/**
 * Accepts a conflicting proposal with the person's choice for each region: the choices become
 * their changes against `base_version` (`respond_to_proposal` with `changes` and
 * `base_version`), so what lands is what they chose and the agent's note shows it. Refused,
 * nothing written, when the artifact moved on since the regions were listed, a region is
 * unknown or unchosen, or a choice does not fit; the accept's own rejections (the data not
 * valid for the type, among them) come back as they are.
 */
export async function acceptChosen(
  workspace: Workspace,
  by: Parameters<Workspace["commit"]>[1],
  request: { readonly proposal_id: string; readonly surface: string } & ConflictChoices,
): Promise<Extract<WriteResult, { ok: true }> | Refused> {
  const now = await regionsNow(workspace, request.proposal_id);
  if (!now.ok) return now;
  const read = await sidesOf(workspace, now.view);
  if (!read.ok) return read;
  const sides = { ...read.sides, version: now.base_version };
  const chosen = resolveByChoice(sides, request);
  if (!chosen.ok) return { ok: false, rejection: chosen.refusal };
  const written = await workspace.commit(
    {
      type: "respond_to_proposal",
      proposal_id: request.proposal_id,
      decision: "accept",
      changes: chosen.value.changes,
      base_version: chosen.value.base_version,
      surface: request.surface,
    },
    by,
  );
  return written.ok ? written : { ok: false, rejection: written.rejection };
}
