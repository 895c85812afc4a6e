import { participantKey } from "../../../model/actors.ts";
import type { Proposal } from "../../../model/proposals.ts";
import type { Palette } from "./colour.ts";
import { block, line, type Shown } from "./shown.ts";

/**
 * The re-proposal mark: which rejected proposal's change this one repeats, and why that one
 * was rejected when it can be read (the reason shown on this line, its breaks as escapes, so
 * it cannot start a line of its own).
 */
function reproposalMark(rejectedId: string, rejected: Proposal | null, paint: Palette): Shown {
  const head = line`${paint.yellow("re-proposal")}: the same change as ${rejectedId}, which was rejected`;
  const resolution = rejected?.resolution ?? null;
  if (resolution === null || resolution.decision !== "reject") return head;
  const by = resolution.by === null ? "" : ` by ${participantKey(resolution.by)}`;
  const reason = resolution.reason;
  return reason === null ? line`${head}${by} (no reason given)` : line`${head}${by}: ${reason}`;
}

/**
 * What a reviewer should know of a proposal before its diff: changes were requested, it
 * revises another, it proposes again a rejected change (with that rejection's reason, when
 * the rejected proposal can be read). Ids and reasons are made visible.
 */
export function renderMarks(
  { proposal, rejected }: { readonly proposal: Proposal; readonly rejected: Proposal | null },
  paint: Palette,
): Shown[] {
  return [
    ...(proposal.changes_requested
      ? [line`${paint.yellow("changes requested")}: waiting for its agent to revise it`]
      : []),
    ...(proposal.revises === null ? [] : [line`revises ${proposal.revises}, which it superseded`]),
    ...(proposal.reproposal_of === null
      ? []
      : [reproposalMark(proposal.reproposal_of, rejected, paint)]),
  ];
}

/**
 * A proposal's comments, oldest first: who, on what (a hunk, a reply), and their words whole,
 * each later line indented deeper than any line of the CLI's; every part made visible, so
 * no comment forges a line, moves the cursor or colours the terminal.
 */
export function renderComments(proposal: Proposal, paint: Palette): Shown[] {
  if (proposal.comments.length === 0) return [];
  return [
    line`comments (reply with: agent-workspace comment ${proposal.id} --reply-to <id> <text>):`,
    ...proposal.comments.flatMap((comment) => {
      const on = [
        comment.kind === "request_changes" ? "requests changes" : null,
        comment.hunk_id === null ? null : `on ${comment.hunk_id}`,
        comment.reply_to === null ? null : `reply to ${comment.reply_to}`,
        comment.proposal_id === proposal.id ? null : `on ${comment.proposal_id}`,
      ].filter((part) => part !== null);
      const what = on.length === 0 ? "" : ` (${on.join(", ")})`;
      const head = line`  ${paint.dim(comment.id)} ${participantKey(comment.by)}${what}: `;
      return block(head, comment.text, "      ");
    }),
  ];
}
