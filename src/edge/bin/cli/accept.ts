import type { CommandDef } from "citty";
import type { Workspace } from "../../../workspace/api.ts";
import { openDocument } from "../../serve/review/edit.ts";
import { changesTo, type EditDocument, readBack } from "../../serve/review/edit-document.ts";
import { type Person, person } from "./actors.ts";
import { pickClean, skippedLines } from "./all-clean.ts";
import { optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { BATCH_LIMIT, printBatch, proposalIds, respondAll } from "./batch.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { editText } from "./editor.ts";
import { type CliError, type ExitCode, isCliError, refused, usage } from "./exit.ts";
import { type Io, type Output, printReport, type Report } from "./io.ts";
import { type ProposalView, viewProposal } from "./proposal-view.ts";
import { respond, respondReport } from "./respond.ts";
import { line } from "./shown.ts";

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

/** The options `accept` reads beyond its ids. */
interface AcceptOptions {
  readonly edit?: boolean | undefined;
  readonly hunks?: string | undefined;
  readonly "all-clean"?: boolean | undefined;
  readonly "all-or-nothing"?: boolean | undefined;
  readonly thread?: string | undefined;
}

/**
 * Refuses options that do not go together: `--edit` and `--hunks` answer one proposal;
 * `--all-clean` picks the proposals itself; `--thread` only narrows `--all-clean`.
 *
 * @throws CliError `usage`
 */
function checkCombination(ids: readonly string[], args: AcceptOptions): void {
  const allClean = args["all-clean"] === true;
  if (args.edit === true && args.hunks !== undefined) {
    throw usage("choose --edit or --hunks, not both");
  }
  if (allClean && ids.length > 0) throw usage("choose proposal ids or --all-clean, not both");
  if (!allClean && args.thread !== undefined) throw usage("--thread narrows --all-clean only");
  if ((allClean || ids.length > 1) && (args.edit === true || args.hunks !== undefined)) {
    throw usage("--edit and --hunks answer one proposal at a time");
  }
  if (!allClean && ids.length === 0) {
    throw usage("give a proposal's id (or several), or --all-clean");
  }
}

/** One proposal accepted as `accept` always has: whole, with the person's edit, or in hunks. */
async function acceptOne(run: {
  readonly io: Io;
  readonly workspace: Workspace;
  readonly by: Person;
  readonly id: string;
  readonly args: AcceptOptions;
  readonly paint: Palette;
}): Promise<Report> {
  const { io, workspace, by, id, args, paint } = run;
  if (args.edit === true) {
    const view = await viewProposal(workspace, id);
    return respondReport(await acceptEdited(io, workspace, by, view), paint);
  }
  const accept = {
    proposal_id: id,
    decision: "accept",
    ...(args.hunks === undefined ? {} : { hunks: hunkIds(args.hunks) }),
  } as const;
  const written = await respond(workspace, by, accept).catch((error: unknown) => {
    throw withHint(error, id);
  });
  return respondReport(written, paint);
}

/**
 * `accept --all-clean [--thread T]`: every pending proposal whose preview is clean, in one
 * batch; those skipped (conflicting, blocked, changes requested) are named first.
 */
async function acceptAllClean(
  workspace: Workspace,
  by: Person,
  out: Output,
  args: AcceptOptions,
): Promise<ExitCode> {
  const { clean, skipped } = await pickClean(workspace, args.thread);
  const picked = clean.slice(0, BATCH_LIMIT);
  const left = clean.length - picked.length;
  const text = [
    ...skippedLines(skipped, out.paint),
    ...(left === 0 ? [] : [line`${String(left)} more clean proposals wait: run it again`]),
  ];
  const json = { skipped, clean_left: left };
  if (picked.length === 0) {
    const none = line`no pending proposal${args.thread === undefined ? "" : ` of thread ${args.thread}`} is clean; nothing was accepted`;
    return printReport(out, { json: { ok: true, outcome: null, ...json }, text: [...text, none] });
  }
  const answers = picked.map((id) => ({ proposal_id: id, decision: "accept" }) as const);
  const written = await respondAll(workspace, by, answers, args["all-or-nothing"] === true);
  return printBatch(written, out, { text, json });
}

/**
 * `accept <proposal>… [--edit | --hunks id,id] | --all-clean [--thread T]`: accept one
 * proposal (whole, with the person's own edit of the merge, or only some hunks of it, as
 * `show` lists them); several in one batch; or every clean one.
 */
export function acceptCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "accept",
    description:
      "Accept a proposal, rebased onto the current version (several ids, or --all-clean: in one batch, each rebased on the ones before); with --edit, open $EDITOR on the merged (or conflicted) text and accept what is saved",
    variadic: true,
    args: {
      proposal: {
        type: "positional",
        description: "The proposal's id; several are answered in order, in one write",
        required: false,
      },
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
      "all-clean": {
        type: "boolean",
        description:
          "Accept every pending proposal whose preview is clean, in one batch; says which it skipped (conflicting, blocked, changes requested)",
      },
      thread: {
        type: "string",
        valueHint: "id",
        description: "With --all-clean: only the proposals of this thread",
      },
      "all-or-nothing": {
        type: "boolean",
        description:
          "With several proposals: if any answer is refused, write none of them (default: the others land)",
      },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out, io }) {
      const by = person(args.as);
      const { workspace } = session;
      const options: AcceptOptions = { ...args, thread: optionValue(args, "thread") };
      const ids = proposalIds(args._);
      checkCombination(ids, options);
      if (options["all-clean"] === true) return acceptAllClean(workspace, by, out, options);
      const [only] = ids;
      if (ids.length === 1 && only !== undefined) {
        return acceptOne({ io, workspace, by, id: only, args: options, paint: out.paint });
      }
      const answers = ids.map((id) => ({ proposal_id: id, decision: "accept" }) as const);
      const written = await respondAll(workspace, by, answers, options["all-or-nothing"] === true);
      return printBatch(written, out, { text: [], json: {} });
    },
  });
}
