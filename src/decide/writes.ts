import { applyArchive, applyCreate, applyEdit } from "../artifacts/apply.ts";
import { currentArtifact } from "../artifacts/current.ts";
import { mustPropose } from "../artifacts/write-policy.ts";
import { isAgent } from "../model/actors.ts";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { ArchiveArtifact, Change, CreateArtifact, EditArtifact } from "../model/artifacts.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { contextThread, type DecideContext } from "../model/context.ts";
import { notFound, versionConflict } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { type State, threadIn } from "../model/state.ts";
import { propose } from "../proposals/propose.ts";
import { openThread } from "../threads/open.ts";
import type { CommandOf } from "./row.ts";

function registered(context: DecideContext, kind: string): Result<ArtifactType> {
  const type = context.registry.artifactType(kind);
  return type === undefined ? refuse(notFound("artifact type", kind)) : ok(type);
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

/** Creates an artifact of a registered kind, or proposes it where the write policy says so. */
export function decideCreateArtifact(
  context: DecideContext,
  state: State,
  command: CreateArtifact,
): Result<CommitResult> {
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

/**
 * Edits or archives an artifact, or proposes it where the write policy says so: the artifact
 * must be current and the change based on its head.
 */
export function decideChangeArtifact(
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

/** Proposes a change, whatever the write policy, in a thread that is open. */
export function decideProposeChange(
  context: DecideContext,
  state: State,
  command: CommandOf["propose_change"],
): Result<CommitResult> {
  const thread = contextThread(command.change.thread_id, context.actor);
  const open = threadOpen(context, state, thread);
  if (!open.ok) return open;
  return propose(context, state, {
    proposalId: command.proposal_id,
    change: command.change,
    rationale: command.rationale,
    revises: command.revises,
  });
}
