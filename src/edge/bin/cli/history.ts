import type { CommandDef } from "citty";
import { participantKey } from "../../../model/actors.ts";
import type { Revision } from "../../../model/artifacts.ts";
import type { DataDiff } from "../../../model/data-diff.ts";
import { unifiedLines } from "../../../notes/diff-lines.ts";
import { dataDiff } from "../../../patches/data-diff.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { READER_ARGS, WORKSPACE_ARGS } from "./args.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { refused } from "./exit.ts";
import { joined, line, type Shown } from "./shown.ts";

// A summary names this many JSON changes before it counts the rest.
const NAMED_OPS = 3;

/** A text field's change as counts: `text +2 -1`. */
function textSummary(field: DataDiff["text"][number]): string {
  // The first two lines are the headers; `@@` lines locate hunks and change nothing.
  const body = unifiedLines(field).slice(2);
  const added = body.filter((l) => l.startsWith("+")).length;
  const removed = body.filter((l) => l.startsWith("-")).length;
  return `${field.field}: +${added} -${removed} lines`;
}

/** What one revision changed from the one before it, in a few words. */
function changeSummary(revision: Revision, before: Revision | undefined): string {
  if (before === undefined) return "created";
  if (revision.archived) return "archived";
  const diff = dataDiff(before.data, revision.data, [`v${before.version}`, `v${revision.version}`]);
  if (diff === null) return "no change to the data";
  const ops = diff.json.map((op) => `${op.op} ${op.path}`);
  const more = ops.length > NAMED_OPS ? [`${ops.length - NAMED_OPS} more`] : [];
  return [...diff.text.map(textSummary), ...ops.slice(0, NAMED_OPS), ...more].join("; ");
}

/** The versions later revisions reverted, each with the version that reverted it. */
function revertedBy(revisions: readonly Revision[]): Map<number, number> {
  const by = new Map<number, number>();
  for (const r of revisions) if (r.reverts !== null) by.set(r.reverts, r.version);
  return by;
}

/** Who proposed each proposal the revisions were accepted from (those that can be read). */
async function authorsOf(
  workspace: Workspace,
  revisions: readonly Revision[],
): Promise<Map<string, string>> {
  const ids = new Set(revisions.flatMap((r) => (r.proposal_id === null ? [] : [r.proposal_id])));
  const authors = new Map<string, string>();
  for (const id of ids) {
    const proposal = await workspace.proposal(id);
    if (proposal !== null) authors.set(id, participantKey(proposal.proposed_by));
  }
  return authors;
}

/** What marks one revision beside its version and writer. */
interface RevisionMarks {
  /** The author of the proposal it was accepted from, when that proposal can be read. */
  readonly author: string | undefined;
  /** The version that later reverted it, if one did. */
  readonly revertedBy: number | undefined;
}

/** The proposal a revision was accepted from, and whose it was. */
function viaText(proposalId: string, author: string | undefined): Shown {
  return author === undefined
    ? line`via proposal ${proposalId}`
    : line`via proposal ${proposalId} of ${author}`;
}

/** One revision's lines: its version, who, which proposal, revert marks; then what changed. */
function revisionLines(
  revision: Revision,
  before: Revision | undefined,
  { author, revertedBy: reverted }: RevisionMarks,
  paint: Palette,
): Shown[] {
  const marks = [
    revision.proposal_id === null ? null : viaText(revision.proposal_id, author),
    revision.reverts === null ? null : paint.yellow(`reverts v${revision.reverts}`),
    reverted === undefined ? null : paint.dim(`reverted by v${reverted}`),
  ].filter((mark) => mark !== null);
  const who = line`${paint.cyan(`v${revision.version}`)}  ${participantKey(revision.actor)}`;
  const head = marks.length === 0 ? who : line`${who}  ${joined(marks, "  ")}`;
  return [line`  ${head}`, line`      ${changeSummary(revision, before)}`];
}

/** `history <artifact>`: its revisions, newest first, and how to revert one. */
export function historyCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "history",
    description:
      "An artifact's versions, newest first: who wrote each, through which proposal, what it changed, which undo others (revert one with `revert`)",
    args: {
      artifact: { type: "positional", description: "The artifact's id", required: true },
      ...WORKSPACE_ARGS,
      ...READER_ARGS,
    },
    async run({ args, session, out }) {
      const id = args.artifact;
      const revisions = await session.workspace.revisions(id);
      if (revisions.length === 0) {
        throw refused({
          type: "not_found",
          message: `artifact ${id} not found`,
          entity: "artifact",
          id,
        });
      }
      const reverted = revertedBy(revisions);
      const authors = await authorsOf(session.workspace, revisions);
      const newest = revisions.map((revision, i) => ({ revision, before: revisions[i - 1] }));
      newest.reverse();
      const { paint } = out;
      const kind = revisions.at(-1)?.kind ?? "?";
      const count = revisions.length === 1 ? "1 version" : `${revisions.length} versions`;
      const text = [
        paint.bold(`history of ${id} (${kind}): ${count}, newest first`),
        ...newest.flatMap(({ revision, before }) =>
          revisionLines(
            revision,
            before,
            {
              author: authors.get(revision.proposal_id ?? ""),
              revertedBy: reverted.get(revision.version),
            },
            paint,
          ),
        ),
        // Only an edit can be reverted: not the creation, nor an archive.
        ...(revisions.some((r) => r.version > 1 && !r.archived)
          ? [line`undo one with: agent-workspace revert ${id} <version>`]
          : []),
      ];
      const json = {
        artifact_id: id,
        revisions: newest.map(({ revision, before }) => ({
          ...revision,
          summary: changeSummary(revision, before),
          reverted_by: reverted.get(revision.version) ?? null,
        })),
      };
      return { json, text };
    },
  });
}
