import { type Actor, actorRunId, authorKey, isAgent } from "../model/actors.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Comment, CommentOnProposal, Proposal, RequestChanges } from "../model/proposals.ts";
import { forbidden, invalidState, notFound, type Rejection } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, type State } from "../model/state.ts";
import { proposalHunkIds } from "./reproposal.ts";
import { isExpired } from "./respond.ts";

/** A comment to add, as the rules check it. */
interface NewComment {
  readonly id: string;
  readonly kind: Comment["kind"];
  readonly hunkId: string | null;
  readonly text: string;
  readonly replyTo: string | null;
  readonly surface: string | null;
}

// What makes a comment wrong for its proposal: an id it already holds, a reply to a comment it
// does not hold, a hunk that is not one of its hunks as they are now.
function commentProblem(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  comment: NewComment,
): Rejection | null {
  if (proposal.comments.some((c) => c.id === comment.id)) {
    return invalidState(`comment ${comment.id} already exists on proposal ${proposal.id}`);
  }
  if (comment.replyTo !== null && !proposal.comments.some((c) => c.id === comment.replyTo)) {
    return notFound("comment", comment.replyTo);
  }
  if (comment.hunkId !== null) {
    const hunks = proposalHunkIds(context, state, proposal);
    if (hunks === null || !hunks.includes(comment.hunkId)) return notFound("hunk", comment.hunkId);
  }
  return null;
}

// The proposal with the comment added, and the event that records it.
function commented(context: DecideContext, proposal: Proposal, comment: NewComment): CommitResult {
  const { id, kind, hunkId, text, replyTo, surface } = comment;
  const by: Actor = context.actor;
  const added: Comment = {
    id,
    proposal_id: proposal.id,
    kind,
    hunk_id: hunkId,
    text,
    reply_to: replyTo,
    by,
    at: context.now ?? null,
  };
  const changesRequested = proposal.changes_requested || kind === "request_changes";
  return commitResult(
    { type: "commented", seq: null, proposal_id: proposal.id, comment_id: id, kind },
    {
      events: [
        {
          type: "proposal_commented",
          thread_id: proposal.thread_id,
          run_id: actorRunId(by),
          proposal_id: proposal.id,
          artifact_id: proposal.change.artifact_id,
          proposed_by: proposal.proposed_by,
          comment_id: id,
          kind,
          hunk_id: hunkId,
          text,
          reply_to: replyTo,
          surface,
        },
      ],
      proposals: [
        {
          ...proposal,
          comments: [...proposal.comments, added],
          changes_requested: changesRequested,
        },
      ],
    },
  );
}

/**
 * Comments on a proposal, whatever its status (a resolved proposal's discussion may go on):
 * on the whole of it, or on one of its hunks as they are now (`hunk_id`, else `not_found`
 * hunk), possibly replying to one of its comments (`reply_to`, else `not_found` comment). An
 * agent comments only on its own proposals (the table keeps it to its own thread; this rule to
 * its own proposals there). A comment id the proposal already holds is `invalid_state`.
 */
export function decideCommentOnProposal(
  context: DecideContext,
  state: State,
  command: CommentOnProposal,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  if (isAgent(context.actor) && authorKey(context.actor) !== authorKey(proposal.proposed_by)) {
    return refuse(forbidden("an agent may comment only on its own proposals"));
  }
  const comment: NewComment = {
    id: command.comment_id,
    kind: "comment",
    hunkId: command.hunk_id,
    text: command.text,
    replyTo: command.reply_to,
    surface: command.surface,
  };
  const problem = commentProblem(context, state, proposal, comment);
  return problem === null ? ok(commented(context, proposal, comment)) : refuse(problem);
}

/**
 * Asks for changes to a pending proposal, in words: it stays pending, the words become a
 * comment of kind `request_changes`, and the proposal shows changes were requested until its
 * author revises it (`propose_change` with `revises`) or someone answers it. As with answering,
 * only someone other than its author may, and not once it expired.
 */
export function decideRequestChanges(
  context: DecideContext,
  state: State,
  command: RequestChanges,
): Result<CommitResult> {
  const proposal = proposalIn(state, command.proposal_id);
  if (proposal === null) return refuse(notFound("proposal", command.proposal_id));
  if (proposal.status !== "pending") {
    return refuse(invalidState(`proposal ${proposal.id} is already ${proposal.status}`));
  }
  if (authorKey(context.actor) === authorKey(proposal.proposed_by)) {
    return refuse(
      forbidden("changes to a proposal must be requested by someone other than its author"),
    );
  }
  if (isExpired(proposal, context.now)) {
    return refuse(invalidState(`proposal ${proposal.id} expired at ${proposal.expires_at}`));
  }
  const comment: NewComment = {
    id: command.comment_id,
    kind: "request_changes",
    hunkId: null,
    text: command.text,
    replyTo: null,
    surface: command.surface,
  };
  const problem = commentProblem(context, state, proposal, comment);
  return problem === null ? ok(commented(context, proposal, comment)) : refuse(problem);
}
