import type { CommandDef } from "citty";
import type { Workspace } from "../../../workspace/api.ts";
import { openDocument } from "../../serve/review/edit.ts";
import { changesTo, type EditDocument, readBack } from "../../serve/review/edit-document.ts";
import { type Person, person } from "./actors.ts";
import { PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { editText } from "./editor.ts";
import { type CliError, isCliError, refused, usage } from "./exit.ts";
import type { Io } from "./io.ts";
import { type ProposalView, viewProposal } from "./proposal-view.ts";
import { respond, respondReport } from "./respond.ts";

/**
 * What to open the editor on (the page's editor opens on the same): the merged text when the
 * proposal merges, the text with conflict markers when it conflicts, a proposed new
 * artifact's data as proposed.
 *
 * @throws CliError `refused` when accepting is blocked; `usage` for an archive.
 */
async function documentFor(workspace: Workspace, view: ProposalView): Promise<EditDocument> {
  const { change } = view.proposal;
  // A blocked proposal is refused as such (below), whatever it changes.
  if (change.type === "archive_artifact" && view.preview.blocked === null) {
    throw usage(
      `proposal ${view.proposal.id} archives ${change.artifact_id}: there is nothing to edit`,
    );
  }
  const opened = await openDocument(workspace, view);
  if (!opened.ok) throw refused(opened.rejection);
  return opened.document;
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

/** The ids of `--hunks id,id` (spaces around them ignored); `""` is none. */
function hunkIds(list: string): string[] {
  return list
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

/**
 * `accept <proposal> [--edit | --hunks id,id]`: accept, accept with the person's own edit of
 * the merge, or accept only some hunks of it (as `show` lists them).
 */
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
      hunks: {
        type: "string",
        description:
          "Accept only these hunks, ids from `show`, comma-separated (none: the proposal is rejected)",
      },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out, io }) {
      const by = person(args.as);
      const { workspace } = session;
      if (args.edit === true && args.hunks !== undefined) {
        throw usage("choose --edit or --hunks, not both");
      }
      if (args.edit === true) {
        const view = await viewProposal(workspace, args.proposal);
        return respondReport(await acceptEdited(io, workspace, by, view), out.paint);
      }
      const accept = {
        proposal_id: args.proposal,
        decision: "accept",
        ...(args.hunks === undefined ? {} : { hunks: hunkIds(args.hunks) }),
      } as const;
      const written = await respond(workspace, by, accept).catch((error: unknown) => {
        throw withHint(error, args.proposal);
      });
      return respondReport(written, out.paint);
    },
  });
}
