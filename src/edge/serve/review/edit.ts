// Accepting with changes made in an editor, shared by the page's routes and the CLI's
// `accept --edit`: what the editor opens on, and how what was saved lands.

import type { Actor } from "../../../model/actors.ts";
import type { Versioned } from "../../../model/artifacts.ts";
import { isJsonObject } from "../../../model/json.ts";
import type { Proposal } from "../../../model/proposals.ts";
import { applyPatch } from "../../../patches/apply.ts";
import type { ProposalPreview } from "../../../proposals/preview.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import {
  type ConflictSides,
  changesTo,
  cleanDocument,
  conflictDocument,
  type EditDocument,
  readBack,
} from "./edit-document.ts";
import type { AcceptEditedRequest, PageRefusal } from "./page-api.ts";

/** A proposal with what its editor is made from: its artifact now, and the rebased preview. */
export interface EditableView {
  readonly proposal: Proposal;
  /** The artifact as it is now (`null` for a proposed new artifact). */
  readonly artifact: Versioned | null;
  readonly preview: ProposalPreview;
}

/** Something that could not be done, and why; nothing was written. */
export type Refused = { readonly ok: false; readonly rejection: PageRefusal };

/** The document an editor opens on, or why none can be opened. */
type DocumentAnswer =
  | { readonly ok: true; readonly document: EditDocument; readonly conflicted: boolean }
  | Refused;

const refused = (rejection: PageRefusal): Refused => ({ ok: false, rejection });

/** The data the proposal was based on and what it proposed, for a three-way document. */
export async function sidesOf(
  workspace: Workspace,
  view: EditableView,
): Promise<{ readonly ok: true; readonly sides: ConflictSides } | Refused> {
  const { change } = view.proposal;
  if (change.type !== "edit_artifact" || view.artifact === null) {
    const message = `proposal ${view.proposal.id} has no text to merge`;
    return refused({ type: "invalid_state", message });
  }
  const base = await workspace.revision(change.artifact_id, change.base_version);
  const proposed = base === null ? null : applyPatch(base.data, change.patch);
  if (base === null || proposed === null || !proposed.ok || !isJsonObject(proposed.value)) {
    const message = `the version proposal ${view.proposal.id} was based on (v${change.base_version}) cannot be read`;
    return refused({ type: "not_found", message });
  }
  const sides = { base: base.data, current: view.artifact.data, proposed: proposed.value };
  return { ok: true, sides };
}

/**
 * What the editor opens on, as `accept --edit` opens it: what would land when the proposal
 * merges, the text with conflict markers when it conflicts, a new artifact's data as proposed.
 * Refused when accepting is blocked, or there is nothing to edit (an archive).
 */
export async function openDocument(
  workspace: Workspace,
  view: EditableView,
): Promise<DocumentAnswer> {
  const { proposal, artifact, preview } = view;
  const { change } = proposal;
  if (preview.blocked !== null) return refused(preview.blocked);
  if (change.type === "archive_artifact") {
    const message = `proposal ${proposal.id} archives ${change.artifact_id}: there is nothing to edit`;
    return refused({ type: "invalid_state", message });
  }
  const clean = (document: EditDocument) => ({ ok: true, document, conflicted: false }) as const;
  if (change.type === "create_artifact") {
    return clean(cleanDocument(preview.result ?? change.data, change.data, null));
  }
  if (artifact === null) {
    return refused({ type: "not_found", message: `artifact ${change.artifact_id} not found` });
  }
  if (preview.mergeable && preview.result !== null) {
    return clean(cleanDocument(preview.result, artifact.data, artifact.version));
  }
  const read = await sidesOf(workspace, view);
  if (!read.ok) return read;
  const document = conflictDocument(read.sides, preview, artifact.version);
  return { ok: true, document, conflicted: true };
}

/** A proposal, its artifact and its preview now; refused for an unknown proposal. */
export async function viewOf(
  workspace: Workspace,
  id: string,
): Promise<{ readonly ok: true; readonly view: EditableView } | Refused> {
  const proposal = await workspace.proposal(id);
  if (proposal === null) {
    const message = `proposal ${id} not found`;
    return refused({ type: "not_found", message, entity: "proposal", id });
  }
  const artifact = await workspace.artifact(proposal.change.artifact_id);
  const previewed = await workspace.previewProposal(proposal.id);
  if (!previewed.ok) return refused(previewed.rejection);
  return { ok: true, view: { proposal, artifact, preview: previewed.value } };
}

/** The document a proposal's editor opens on now, or the refusal saying why it cannot. */
export async function editDocument(
  workspace: Workspace,
  proposalId: string,
): Promise<DocumentAnswer> {
  const read = await viewOf(workspace, proposalId);
  return read.ok ? openDocument(workspace, read.view) : read;
}

/** What accepting a saved text did: the write, or the refusal (nothing written). */
type AcceptEditedResult = Extract<WriteResult, { ok: true }> | Refused;

/**
 * Accepts a proposal with what the person saved, as `accept --edit` does: the saved text
 * becomes changes against the version the editor was opened on (`base_version`), or on a
 * proposed new artifact's data. The document is made again here, so only the text comes from
 * the page; if the artifact moved on meanwhile, it is refused (`version_conflict`) and the
 * person opens it again. A text still holding conflict markers is refused.
 */
export async function acceptEdited(
  workspace: Workspace,
  by: Actor,
  request: { readonly proposal_id: string; readonly surface: string } & AcceptEditedRequest,
): Promise<AcceptEditedResult> {
  const opened = await editDocument(workspace, request.proposal_id);
  if (!opened.ok) return opened;
  const doc = opened.document;
  if (doc.baseVersion !== request.base_version || doc.field !== request.field) {
    const now = doc.baseVersion === null ? "" : ` (it is at v${doc.baseVersion} now)`;
    const message = `the artifact changed since the editor was opened${now}: open it again`;
    return refused({ type: "version_conflict", message });
  }
  const back = readBack(doc, request.text);
  if (!back.ok) return refused(back.refusal);
  const changes = changesTo(doc, back.data);
  const create = doc.baseVersion === null;
  const written = await workspace.commit(
    {
      type: "respond_to_proposal",
      proposal_id: request.proposal_id,
      decision: "accept",
      changes: create && changes.ops.length === 0 ? null : changes,
      ...(create ? {} : { base_version: doc.baseVersion }),
      surface: request.surface,
    },
    by,
  );
  return written.ok ? written : refused(written.rejection);
}
