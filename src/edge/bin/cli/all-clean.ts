import type { Proposal } from "../../../model/proposals.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { Palette } from "./colour.ts";
import { line, type Shown } from "./shown.ts";

/** Why `accept --all-clean` left a pending proposal alone. */
type SkipReason = "conflict" | "blocked" | "changes_requested" | "unpreviewable";

/** A pending proposal `accept --all-clean` did not accept, and why. */
interface Skipped {
  readonly proposal_id: string;
  readonly reason: SkipReason;
  /** For a conflict, how many; for a blocked or unpreviewable one, the rejection's type. */
  readonly detail: string | number | null;
}

/** The pending proposals `accept --all-clean` accepts, in the store's order, and those it skips. */
interface CleanPick {
  readonly clean: readonly string[];
  readonly skipped: readonly Skipped[];
}

/**
 * Whether a pending proposal is accepted as it stands by `--all-clean`: its preview now merges
 * (or is already present) and nothing blocks it. A proposal a person asked changes to is
 * skipped too: a blanket accept should not overrule a request someone made on purpose.
 */
async function skipOf(workspace: Workspace, proposal: Proposal): Promise<Skipped | null> {
  const proposal_id = proposal.id;
  const previewed = await workspace.previewProposal(proposal_id);
  if (!previewed.ok) {
    return { proposal_id, reason: "unpreviewable", detail: previewed.rejection.type };
  }
  const preview = previewed.value;
  if (preview.blocked !== null) {
    return { proposal_id, reason: "blocked", detail: preview.blocked.type };
  }
  if (!preview.mergeable) {
    return { proposal_id, reason: "conflict", detail: preview.conflicts.length };
  }
  if (proposal.changes_requested) return { proposal_id, reason: "changes_requested", detail: null };
  return null;
}

/**
 * The pending proposals (of thread `threadId`, when given) whose preview is clean now, and
 * those skipped. Each is previewed against the artifact as it is now, not as the accepts
 * before it in the batch leave it: two clean proposals may still conflict with each other,
 * which the batch then refuses for the later one.
 */
export async function pickClean(workspace: Workspace, threadId?: string): Promise<CleanPick> {
  const pending = (await workspace.proposals({ status: "pending" })).filter(
    (p) => threadId === undefined || p.thread_id === threadId,
  );
  const clean: string[] = [];
  const skipped: Skipped[] = [];
  for (const proposal of pending) {
    const skip = await skipOf(workspace, proposal);
    if (skip === null) clean.push(proposal.id);
    else skipped.push(skip);
  }
  return { clean, skipped };
}

/** Why a proposal was skipped, in the words `inbox` uses for its state. */
function why(skip: Skipped): string {
  switch (skip.reason) {
    case "conflict":
      return `it conflicts (${skip.detail === 1 ? "1 conflict" : `${skip.detail} conflicts`}); resolve it with: agent-workspace accept ${skip.proposal_id} --edit`;
    case "blocked":
      return `accepting it is blocked (${skip.detail})`;
    case "changes_requested":
      return "changes were requested; answer it on its own";
    case "unpreviewable":
      return `it cannot be previewed (${skip.detail})`;
  }
}

/** One line per skipped proposal: its id, and why it was left pending. */
export function skippedLines(skipped: readonly Skipped[], paint: Palette): Shown[] {
  return skipped.map((skip) => line`${paint.yellow("skipped")} ${skip.proposal_id}: ${why(skip)}`);
}
