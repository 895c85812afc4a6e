import type { CommandDef } from "citty";
import type { DataDiff } from "../../../model/data-diff.ts";
import { dataDiff } from "../../../patches/data-diff.ts";
import { conflictRegions } from "../../../proposals/conflict-choices.ts";
import { READER_ARGS, WORKSPACE_ARGS } from "./args.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { renderComments, renderMarks } from "./comments-listing.ts";
import { renderHunks } from "./hunks-listing.ts";
import {
  behindText,
  changeText,
  mergeState,
  type ProposalView,
  viewProposal,
} from "./proposal-view.ts";
import { renderConflict, renderDataDiff } from "./render-diff.ts";
import { renderRefusal } from "./render-refusal.ts";
import { regionLine } from "./resolve.ts";
import { block, line, type Shown, shown } from "./shown.ts";

/** Where the proposal started from and where the artifact is now. */
function baseText({ proposal, artifact, preview }: ProposalView): string {
  const { change } = proposal;
  if (change.type === "create_artifact") return "a new artifact";
  const now = artifact === null ? "gone" : `at v${artifact.version}`;
  return `based on v${change.base_version}; ${change.artifact_id} is ${now} (${behindText(preview.behind)})`;
}

/** What accepting now would do, in one line, with what to run next. */
function verdict(view: ProposalView, paint: Palette): Shown[] {
  const { preview, proposal } = view;
  if (preview.blocked !== null) {
    return renderRefusal(preview.blocked, paint, "accepting it now is refused; nothing to preview");
  }
  if (!preview.mergeable) {
    const at = view.artifact?.version ?? 0;
    return [
      line`${mergeState(view, paint)}: accepting it as it stands is refused; choose per region with \`agent-workspace resolve ${proposal.id} --at ${String(at)} --take <region>=<choice>\`, or edit with \`agent-workspace accept ${proposal.id} --edit\``,
      line`regions at v${String(at)}:`,
      ...conflictRegions(preview.conflicts).map(regionLine),
    ];
  }
  if (preview.already_present)
    return [line`${mergeState(view, paint)}: accepting writes no new version`];
  return [line`${mergeState(view, paint)}: accepting it lands this change`];
}

/**
 * The diff to show: the preview's, except for a new artifact, whose text fields are shown as
 * added lines (from empty texts) rather than as one JSON `add` each.
 */
function shownDiff({ proposal, preview }: ProposalView): DataDiff | null {
  if (proposal.change.type !== "create_artifact" || preview.result === null) return preview.diff;
  const result = preview.result;
  const blank = Object.fromEntries(
    Object.entries(result).flatMap(([key, value]) =>
      typeof value === "string" ? [[key, ""]] : [],
    ),
  );
  return dataDiff(blank, result, ["current", "proposed"]);
}

// A rationale in full: its later lines under its first, deeper than any line of the CLI's.
const WHY = "why: ";

/**
 * The preview of a proposal for people: the header, then the diff or the conflicts. What the
 * agent wrote is made visible; its rationale is shown whole, each later line indented.
 */
function renderShow(view: ProposalView, paint: Palette): Shown[] {
  const { proposal, preview } = view;
  const why = proposal.rationale;
  const lines = [
    paint.bold(`proposal ${proposal.id}: ${changeText(view)}, ${proposal.status}`),
    ...(why === null ? [] : block(shown(WHY), why, " ".repeat(WHY.length))),
    shown(baseText(view)),
    ...renderMarks(view, paint),
    ...verdict(view, paint),
  ];
  const gap = shown("");
  const comments = renderComments(proposal, paint);
  lines.push(...(comments.length === 0 ? [] : [gap, ...comments]));
  if (preview.blocked !== null) return lines;
  if (!preview.mergeable) {
    return [...lines, ...preview.conflicts.flatMap((c) => [gap, ...renderConflict(c, paint)])];
  }
  const hunks = renderHunks(proposal.id, preview.hunks, paint);
  return [
    ...lines,
    gap,
    ...renderDataDiff(shownDiff(view), paint),
    ...(hunks.length === 0 ? [] : [gap, ...hunks]),
  ];
}

/** `show <proposal>`: the rebased preview as a unified diff, or its conflicts with markers. */
export function showCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "show",
    description:
      "A proposal rebased onto the artifact as it is now: a unified diff of what accepting lands, or the conflicts with their markers",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      ...WORKSPACE_ARGS,
      ...READER_ARGS,
    },
    async run({ args, session, out }) {
      const view = await viewProposal(session.workspace, args.proposal);
      const json = {
        proposal: view.proposal,
        kind: view.kind,
        artifact: view.artifact,
        preview: view.preview,
        rejected: view.rejected,
        regions: conflictRegions(view.preview.conflicts),
      };
      return { json, text: renderShow(view, out.paint) };
    },
  });
}
