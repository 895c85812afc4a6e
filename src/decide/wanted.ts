import type { Actor } from "../model/actors.ts";
import type { Change } from "../model/artifacts.ts";
import { contextThread } from "../model/context.ts";
import type { Scope } from "../model/decisions.ts";
import type { FeedbackTarget } from "../model/feedback.ts";
import type { RevisionRef, State } from "../model/state.ts";

type IdKind =
  | "artifacts"
  | "proposals"
  | "threads"
  | "runs"
  | "messages"
  | "pending"
  | "rejected"
  | "deciding";

/**
 * What deciding an item wants loaded, as its row's `needs` adds it: ids by the table they are
 * in (a `null` or `undefined` id is none), and the revisions a rebase merges from. `needs`
 * then keeps what the state does not hold yet.
 */
export type Wanted = { [K in IdKind]: (string | null | undefined)[] } & {
  revisions: RevisionRef[];
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
 * A write's artifact and thread (the actor's own, when it names none), and the pending
 * and rejected proposals on the artifact: a new proposal may supersede its thread's older ones
 * there, and is marked when it proposes a rejected change again.
 */
export function changeNeeds(want: Wanted, change: Change, actor: Actor): void {
  want.artifacts.push(change.artifact_id);
  want.threads.push(contextThread(change.thread_id, actor));
  want.pending.push(change.artifact_id);
  want.rejected.push(change.artifact_id);
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
