import type { Actor } from "../model/actors.ts";
import type { Change } from "../model/artifacts.ts";
import { contextThread } from "../model/context.ts";
import type { Scope } from "../model/decisions.ts";
import type { FeedbackTarget } from "../model/feedback.ts";
import type { Registry } from "../model/registry.ts";
import type { PendingRef, RejectedRef, RevisionRef, State } from "../model/state.ts";
import { proposedHunkIds, repeatedHunk } from "../proposals/reproposal.ts";

type IdKind = "artifacts" | "proposals" | "threads" | "runs" | "messages" | "deciding";

/**
 * What deciding an item wants loaded, as its row's `needs` adds it: ids by the table they are
 * in (a `null` or `undefined` id is none), the revisions a rebase merges from, a thread's
 * pending proposals on an artifact and the rejections that recorded a hunk. `needs` then
 * keeps what the state does not hold yet.
 */
export type Wanted = { [K in IdKind]: (string | null | undefined)[] } & {
  revisions: RevisionRef[];
  pending: PendingRef[];
  rejected: RejectedRef[];
};

/** Nothing wanted yet. */
export function wanted(): Wanted {
  return {
    artifacts: [],
    proposals: [],
    threads: [],
    runs: [],
    messages: [],
    pending: [],
    rejected: [],
    deciding: [],
    revisions: [],
  };
}

/**
 * A write's artifact and thread (the actor's own, when it names none); then, once the
 * artifact's type is known (a creation names it, an edit's artifact is loaded first), what a
 * proposal of it touches: where the type supersedes, the thread's pending proposals on the
 * artifact (a new proposal supersedes its thread's older ones there), and for an edit the
 * rejections that recorded its first hunk (it is marked when it repeats one).
 */
export function changeNeeds(
  want: Wanted,
  change: Change,
  actor: Actor,
  state: State,
  registry: Registry,
): void {
  const artifactId = change.artifact_id;
  const threadId = contextThread(change.thread_id, actor);
  want.artifacts.push(artifactId);
  want.threads.push(threadId);
  const artifact = change.type === "create_artifact" ? null : state.artifacts.get(artifactId);
  const kind = change.type === "create_artifact" ? change.kind : artifact?.kind;
  const type = kind === undefined ? undefined : registry.artifactType(kind);
  if (type === undefined) return;
  if (type.proposals?.supersede === true && threadId !== null) {
    want.pending.push({ artifact_id: artifactId, thread_id: threadId });
  }
  if (artifact === null || artifact === undefined) return;
  const hunk = repeatedHunk(proposedHunkIds(type, artifact.data, change));
  if (hunk !== null) want.rejected.push({ artifact_id: artifactId, hunk_id: hunk });
}

/** What feedback is about: the artifact, thread or run of its target. */
export function targetNeeds(want: Wanted, target: FeedbackTarget): void {
  switch (target.kind) {
    case "artifact":
      want.artifacts.push(target.artifact_id);
      return;
    case "thread":
      want.threads.push(target.thread_id);
      return;
    case "turn":
      want.runs.push(target.run_id);
      return;
    case "message":
      want.threads.push(target.thread_id);
      want.runs.push(target.run_id);
      return;
  }
}

/**
 * Answering a proposal: first the proposal, then (second round) its artifact and, for an
 * edit, the version it was based on, which a rebase merges from.
 */
export function proposalNeeds(want: Wanted, proposalId: string, state: State): void {
  want.proposals.push(proposalId);
  const change = state.proposals.get(proposalId)?.change;
  if (change === undefined) return;
  want.artifacts.push(change.artifact_id);
  if (change.type === "edit_artifact") {
    want.revisions.push({ artifact_id: change.artifact_id, version: change.base_version });
  }
}

/** A decision's scope: its thread, or its run. */
export function scopeNeeds(want: Wanted, scope: Scope): void {
  if (scope.kind === "thread") want.threads.push(scope.id);
  else want.runs.push(scope.id);
}
