import { applyPatch } from "../../diffs/patches/apply.ts";
import { isJsonObject } from "../../model/json.ts";
import type { AcceptEditedRequest, PageRefusal } from "../../page/review-api.ts";
import type { Workspace, WriteResult } from "../../workspace/api.ts";
import type { Person } from "./actors.ts";
import {
  type ConflictSides,
  changesTo,
  cleanDocument,
  conflictDocument,
  type EditDocument,
  readBack,
} from "./edit-document.ts";
import { isCliError, refused } from "./exit.ts";
import { type ProposalView, viewProposal } from "./proposal-view.ts";

/** Where the page's answers are recorded as coming from. */
const PAGE_SURFACE = "page";

/** The document, or why none can be opened (a refusal). */
type DocumentAnswer =
  | { readonly ok: true; readonly document: EditDocument; readonly conflicted: boolean }
  | { readonly ok: false; readonly rejection: PageRefusal };

/** The data the proposal was based on and what it proposed, for a three-way document. */
async function sidesOf(workspace: Workspace, view: ProposalView): Promise<ConflictSides> {
  const { change } = view.proposal;
  if (change.type !== "edit_artifact" || view.artifact === null) {
    const message = `proposal ${view.proposal.id} has no text to merge`;
    throw refused({ type: "invalid_state", message });
  }
  const base = await workspace.revision(change.artifact_id, change.base_version);
  const proposed = base === null ? null : applyPatch(base.data, change.patch);
  if (base === null || proposed === null || !proposed.ok || !isJsonObject(proposed.value)) {
    const message = `the version proposal ${view.proposal.id} was based on (v${change.base_version}) cannot be read`;
    throw refused({ type: "not_found", message });
  }
  return { base: base.data, current: view.artifact.data, proposed: proposed.value };
}

/**
 * What the editor opens on, as `accept --edit` opens it: what would land when the proposal
 * merges, the text with conflict markers when it conflicts, a new artifact's data as proposed.
 *
 * @throws CliError `refused` when accepting is blocked, or there is nothing to edit.
 */
async function documentFor(workspace: Workspace, view: ProposalView): Promise<DocumentAnswer> {
  const { proposal, artifact, preview } = view;
  const { change } = proposal;
  if (preview.blocked !== null) throw refused(preview.blocked);
  if (change.type === "archive_artifact") {
    const message = `proposal ${proposal.id} archives ${change.artifact_id}: there is nothing to edit`;
    throw refused({ type: "invalid_state", message });
  }
  const clean = (document: EditDocument) => ({ ok: true, document, conflicted: false }) as const;
  if (change.type === "create_artifact") {
    return clean(cleanDocument(preview.result ?? change.data, change.data, null));
  }
  if (artifact === null) {
    throw refused({ type: "not_found", message: `artifact ${change.artifact_id} not found` });
  }
  if (preview.mergeable && preview.result !== null) {
    return clean(cleanDocument(preview.result, artifact.data, artifact.version));
  }
  const document = conflictDocument(await sidesOf(workspace, view), preview, artifact.version);
  return { ok: true, document, conflicted: true };
}

/** A CLI refusal as an answer; anything else goes on up. */
function refusalOf(error: unknown): { readonly ok: false; readonly rejection: PageRefusal } {
  if (isCliError(error) && error.refusal !== null) return { ok: false, rejection: error.refusal };
  throw error;
}

/** The document a proposal's editor opens on now, or the refusal saying why it cannot. */
export async function editDocument(workspace: Workspace, proposalId: string) {
  try {
    return await documentFor(workspace, await viewProposal(workspace, proposalId));
  } catch (error) {
    return refusalOf(error);
  }
}

/** What accepting a saved text did: the write, or the refusal (nothing written). */
type AcceptEditedResult =
  | Extract<WriteResult, { ok: true }>
  | { readonly ok: false; readonly rejection: PageRefusal };

/**
 * Accepts a proposal with what the person saved, as `accept --edit` does: the saved text
 * becomes changes against the version the editor was opened on (`base_version`), or on a
 * proposed new artifact's data. The document is made again here, so only the text comes from
 * the page; if the artifact moved on meanwhile, it is refused (`version_conflict`) and the
 * person opens it again. A text still holding conflict markers is refused.
 */
export async function acceptEdited(
  workspace: Workspace,
  by: Person,
  request: { readonly proposal_id: string } & AcceptEditedRequest,
): Promise<AcceptEditedResult> {
  const opened = await editDocument(workspace, request.proposal_id);
  if (!opened.ok) return opened;
  const doc = opened.document;
  if (doc.baseVersion !== request.base_version || doc.field !== request.field) {
    const now = doc.baseVersion === null ? "" : ` (it is at v${doc.baseVersion} now)`;
    const message = `the artifact changed since the editor was opened${now}: open it again`;
    return { ok: false, rejection: { type: "version_conflict", message } };
  }
  const back = readBack(doc, request.text);
  if (!back.ok) return { ok: false, rejection: back.refusal };
  const changes = changesTo(doc, back.data);
  const create = doc.baseVersion === null;
  const written = await workspace.commit(
    {
      type: "respond_to_proposal",
      proposal_id: request.proposal_id,
      decision: "accept",
      changes: create && changes.ops.length === 0 ? null : changes,
      ...(create ? {} : { base_version: doc.baseVersion }),
      surface: PAGE_SURFACE,
    },
    by,
  );
  return written.ok ? written : { ok: false, rejection: written.rejection };
}
