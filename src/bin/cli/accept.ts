import type { CommandDef } from "citty";
import { applyPatch } from "../../diffs/patches/apply.ts";
import { isJsonObject } from "../../model/json.ts";
import type { Workspace } from "../../workspace/api.ts";
import { type Person, person } from "./actors.ts";
import { PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import {
  type ConflictSides,
  changesTo,
  cleanDocument,
  conflictDocument,
  type EditDocument,
  readBack,
} from "./edit-document.ts";
import { editText } from "./editor.ts";
import { type CliError, isCliError, refused, usage } from "./exit.ts";
import type { Io } from "./io.ts";
import { type ProposalView, viewProposal } from "./proposal-view.ts";
import { respond, respondReport } from "./respond.ts";

/** The data the proposal was based on and what it proposed, for a three-way document. */
async function sidesOf(workspace: Workspace, view: ProposalView): Promise<ConflictSides> {
  const { change } = view.proposal;
  if (change.type !== "edit_artifact" || view.artifact === null) {
    throw refused({
      type: "invalid_state",
      message: `proposal ${view.proposal.id} has no text to merge`,
    });
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
 * What to open the editor on: the merged text when the proposal merges, the text with
 * conflict markers when it conflicts, a proposed new artifact's data as proposed.
 *
 * @throws CliError `refused` when accepting is blocked; `usage` for an archive.
 */
async function documentFor(workspace: Workspace, view: ProposalView): Promise<EditDocument> {
  const { proposal, artifact, preview } = view;
  const { change } = proposal;
  if (preview.blocked !== null) throw refused(preview.blocked);
  if (change.type === "archive_artifact") {
    throw usage(`proposal ${proposal.id} archives ${change.artifact_id}: there is nothing to edit`);
  }
  if (change.type === "create_artifact") {
    return cleanDocument(preview.result ?? change.data, change.data, null);
  }
  if (artifact === null)
    throw refused({ type: "not_found", message: `artifact ${change.artifact_id} not found` });
  if (preview.mergeable && preview.result !== null) {
    return cleanDocument(preview.result, artifact.data, artifact.version);
  }
  return conflictDocument(await sidesOf(workspace, view), preview, artifact.version);
}

/**
 * Accepts with what the person saves in their editor, as changes against the current version
 * (`base_version`), or on a proposed new artifact's data. Refuses, writing nothing and keeping
 * the saved file, a text that still holds conflict markers.
 */
async function acceptEdited(io: Io, workspace: Workspace, by: Person, view: ProposalView) {
  const doc = await documentFor(workspace, view);
  const name = `${view.proposal.id}${doc.field === null ? ".json" : ".txt"}`;
  const edited = await editText(io, name, doc.text);
  const back = readBack(doc, edited.text);
  if (!back.ok) throw refused(back.refusal, `your text is kept in ${edited.file}`);
  await edited.discard();
  const changes = changesTo(doc, back.data);
  const create = doc.baseVersion === null;
  return respond(workspace, by, {
    proposal_id: view.proposal.id,
    decision: "accept",
    changes: create && changes.ops.length === 0 ? null : changes,
    ...(create ? {} : { base_version: doc.baseVersion }),
  });
}

/** A conflict refused on a plain accept says how to resolve it. */
function withHint(error: unknown, id: string): unknown {
  if (!isCliError(error) || error.refusal?.type !== "conflict") return error;
  return refused(error.refusal, `resolve it with: agent-workspace accept ${id} --edit`) as CliError;
}

/** `accept <proposal> [--edit]`: accept, or accept with the person's own edit of the merge. */
export function acceptCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "accept",
    description:
      "Accept a proposal, rebased onto the current version; with --edit, open $EDITOR on the merged (or conflicted) text and accept what is saved",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      edit: {
        type: "boolean",
        description:
          "Edit the merge in $EDITOR first; what is saved lands (never with conflict markers)",
      },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out, io }) {
      const by = person(args.as);
      const { workspace } = session;
      if (args.edit === true) {
        const view = await viewProposal(workspace, args.proposal);
        return respondReport(await acceptEdited(io, workspace, by, view), out.paint);
      }
      const accept = { proposal_id: args.proposal, decision: "accept" } as const;
      const written = await respond(workspace, by, accept).catch((error: unknown) => {
        throw withHint(error, args.proposal);
      });
      return respondReport(written, out.paint);
    },
  });
}
