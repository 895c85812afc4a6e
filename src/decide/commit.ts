import { mayAct } from "../access/who-may.ts";
import { applyArchive, applyCreate, applyEdit } from "../artifacts/apply.ts";
import { currentArtifact } from "../artifacts/current.ts";
import { mustPropose } from "../artifacts/write-policy.ts";
import {
  decideAnswerDecision,
  decideRequestDecision,
  decideRetireDecision,
} from "../decisions/decisions.ts";
import { decideGiveFeedback } from "../feedback/give.ts";
import { decideLaunchThread } from "../launch/launch.ts";
import { isAgent } from "../model/actors.ts";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { ArchiveArtifact, Change, EditArtifact } from "../model/artifacts.ts";
import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { actingAs, contextThread, type DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import { notFound, versionConflict } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { type State, threadIn } from "../model/state.ts";
import { decideAnswerOffer, decideReleaseOffer } from "../offers/answer-offer.ts";
import { decideMakeOffer } from "../offers/make-offer.ts";
import { decideExpireProposal } from "../proposals/expire.ts";
import { propose } from "../proposals/propose.ts";
import { decideRespondToProposal } from "../proposals/respond.ts";
import { decideAnswerDeferred } from "../runs/answer.ts";
import { decideFact } from "../runs/record.ts";
import { decideCloseSide, decideOpenSide, sideGate } from "../sides/sides.ts";
import { openThread } from "../threads/open.ts";
import {
  decideCloseThread,
  decideCreateThread,
  decideGrantPermission,
  decidePostMessage,
  decideSaveDraft,
  decideSetFocus,
  decideSetThreadMode,
} from "../threads/threads.ts";

function registered(context: DecideContext, kind: string): Result<ArtifactType> {
  const type = context.registry.artifactType(kind);
  return type === undefined ? refuse(notFound("artifact type", kind)) : ok(type);
}

// Edits and archives: the artifact must be current and the change based on its head.
function changeArtifact(
  context: DecideContext,
  state: State,
  command: EditArtifact | ArchiveArtifact,
): Result<CommitResult> {
  const current = currentArtifact(state, command.artifact_id);
  if (!current.ok) return current;
  const { version, kind } = current.value;
  if (command.base_version !== version) {
    return refuse(versionConflict(command.artifact_id, command.base_version, version));
  }
  const type = registered(context, kind);
  if (!type.ok) return type;
  return proposeOrApply(context, state, command, type.value, (threadId) => {
    const options = { changes: null, threadId, proposalId: null };
    return command.type === "edit_artifact"
      ? applyEdit(context, state, command, { ...options, summary: command.summary })
      : applyArchive(context, state, command, { ...options, summary: null });
  });
}

// An agent writes and proposes only in a thread that exists, so no proposal names a thread
// nobody reads (the original checked it only under an edit policy); an ended or deleted
// thread takes no new work. People and the system name what they like, as in the original.
function threadOpen(
  context: DecideContext,
  state: State,
  threadId: string | null,
): Result<unknown> {
  if (threadId === null) return ok(null);
  const thread = threadIn(state, threadId);
  if (thread !== null) return openThread(thread);
  return isAgent(context.actor) ? refuse(notFound("thread", threadId)) : ok(null);
}

// The write policy decides: a proposal, or the change applied by `apply` in its thread.
function proposeOrApply(
  context: DecideContext,
  state: State,
  change: Change,
  type: ArtifactType,
  apply: (threadId: string | null) => Result<CommitResult>,
): Result<CommitResult> {
  const threadId = contextThread(change.thread_id, context.actor);
  const open = threadOpen(context, state, threadId);
  if (!open.ok) return open;
  const proposing = mustPropose(context, state, type, threadId);
  if (!proposing.ok) return proposing;
  if (!proposing.value) return apply(threadId);
  return propose(context, state, { proposalId: change.proposal_id, change, rationale: null });
}

/**
 * Decides a command against the loaded state: the outcome, the events and the changed
 * entities, or a typed rejection. Who may do what is checked first, for every command.
 * Pure: no clock, no randomness, no I/O.
 *
 * @throws WorkspaceError `not_loaded` when `needs` was not satisfied (a host bug).
 */
export function commit(
  command: Command,
  state: State,
  decideContext: DecideContext,
): Result<CommitResult> {
  const context = asParticipant(decideContext);
  // A side conversation's own limits first: they say more than the table would.
  const gate = sideGate(context, state, command);
  if (!gate.ok) return gate;
  const allowed = mayAct(context, state, command);
  return allowed.ok ? decideCommand(context, state, command) : allowed;
}

// The rule each command type is decided by, once who may send it was checked.
function decideCommand(
  context: DecideContext,
  state: State,
  command: Command,
): Result<CommitResult> {
  switch (command.type) {
    case "create_artifact": {
      const type = registered(context, command.kind);
      if (!type.ok) return type;
      return proposeOrApply(context, state, command, type.value, (threadId) =>
        applyCreate(context, state, command, {
          changes: null,
          threadId,
          proposalId: null,
          summary: null,
        }),
      );
    }
    case "edit_artifact":
    case "archive_artifact":
      return changeArtifact(context, state, command);
    case "propose_change": {
      const thread = contextThread(command.change.thread_id, context.actor);
      const open = threadOpen(context, state, thread);
      if (!open.ok) return open;
      return propose(context, state, {
        proposalId: command.proposal_id,
        change: command.change,
        rationale: command.rationale,
      });
    }
    case "respond_to_proposal":
      return decideRespondToProposal(context, state, command);
    case "expire_proposal":
      return decideExpireProposal(context, state, command);
    case "create_thread":
      return decideCreateThread(state, command);
    case "post_message":
      return decidePostMessage(context, state, command);
    case "set_focus":
      return decideSetFocus(state, command);
    case "set_thread_mode":
      return decideSetThreadMode(state, command);
    case "answer_deferred":
      return decideAnswerDeferred(
        { actor: context.actor, now: context.now ?? null },
        state,
        command,
      );
    case "give_feedback":
      return decideGiveFeedback(context, state, command);
    case "save_draft":
      return decideSaveDraft(state, command);
    case "end_thread":
    case "delete_thread":
      return decideCloseThread(state, command);
    case "grant_permission":
      return decideGrantPermission(state, command);
    case "answer_offer":
      return decideAnswerOffer(context, state, command);
    case "make_offer":
      return decideMakeOffer(state, command);
    case "release_offer":
      return decideReleaseOffer(state, command);
    case "launch_thread":
      return decideLaunchThread(context, state, command);
    case "request_decision":
      return decideRequestDecision(context, state, command);
    case "answer_decision":
      return decideAnswerDecision(context, state, command);
    case "retire_decision":
      return decideRetireDecision(context, state, command);
    case "open_side":
      return decideOpenSide(context, state, command);
    case "close_side":
      return decideCloseSide(state, command);
  }
}

/**
 * Decides a fact about a run or the application against the loaded state.
 *
 * @throws WorkspaceError `not_loaded` when `needs` was not satisfied (a host bug).
 */
export function record(
  fact: Fact,
  state: State,
  decideContext: DecideContext,
): Result<CommitResult> {
  const context = asParticipant(decideContext);
  // A side conversation records no facts: the same gate as for its commands.
  const gate = sideGate(context, state, fact);
  if (!gate.ok) return gate;
  const allowed = mayAct(context, state, fact);
  return allowed.ok ? decideFact(state, fact) : allowed;
}

// A write from a side conversation is made as the side (see `actingAs`).
function asParticipant(context: DecideContext): DecideContext {
  const actor = actingAs(context.actor, context.side);
  return actor === context.actor ? context : { ...context, actor };
}
