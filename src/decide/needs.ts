import type { Actor } from "../model/actors.ts";
import type { Change } from "../model/artifacts.ts";
import type { Command } from "../model/command.ts";
import { contextThread } from "../model/context.ts";
import type { Scope } from "../model/decisions.ts";
import type { Fact } from "../model/event.ts";
import type { FeedbackTarget } from "../model/feedback.ts";
import { type Needs, type RevisionRef, revisionKey, type State } from "../model/state.ts";

type IdKind = "artifacts" | "proposals" | "threads" | "runs" | "messages" | "pending" | "deciding";
type Wanted = { [K in IdKind]: (string | null | undefined)[] } & { revisions: RevisionRef[] };

function wanted(): Wanted {
  return {
    artifacts: [],
    proposals: [],
    threads: [],
    runs: [],
    messages: [],
    pending: [],
    deciding: [],
    revisions: [],
  };
}

function changeNeeds(want: Wanted, change: Change, actor: Actor): void {
  want.artifacts.push(change.artifact_id);
  want.threads.push(contextThread(change.thread_id, actor));
  // A new proposal may supersede its thread's older ones on the same artifact.
  want.pending.push(change.artifact_id);
}

function targetNeeds(want: Wanted, target: FeedbackTarget): void {
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

// Answering a proposal: first the proposal, then (second round) its artifact and, for an
// edit, the version it was based on, which a rebase merges from.
function proposalNeeds(want: Wanted, proposalId: string, state: State): void {
  want.proposals.push(proposalId);
  const change = state.proposals.get(proposalId)?.change;
  if (change === undefined) return;
  want.artifacts.push(change.artifact_id);
  if (change.type === "edit_artifact") {
    want.revisions.push({ artifact_id: change.artifact_id, version: change.base_version });
  }
}

function commandNeeds(want: Wanted, command: Command, actor: Actor, state: State): void {
  switch (command.type) {
    case "create_artifact":
    case "edit_artifact":
    case "archive_artifact":
      changeNeeds(want, command, actor);
      want.proposals.push(command.proposal_id);
      return;
    case "propose_change":
      changeNeeds(want, command.change, actor);
      want.proposals.push(command.proposal_id);
      return;
    case "respond_to_proposal":
    case "expire_proposal":
      proposalNeeds(want, command.proposal_id, state);
      return;
    case "create_thread":
      want.threads.push(command.thread_id, command.proposed_by?.thread_id);
      return;
    case "set_thread_mode":
      want.threads.push(command.thread_id);
      return;
    case "post_message":
      want.threads.push(command.thread_id);
      want.messages.push(command.message_id);
      return;
    case "set_focus":
      want.threads.push(command.thread_id);
      want.artifacts.push(...command.artifact_ids);
      return;
    case "answer_deferred":
      want.runs.push(command.run_id);
      return;
    case "give_feedback":
      targetNeeds(want, command.target);
      return;
    case "end_thread":
    case "delete_thread":
      // The runs of an ending thread with a pending decision: those decisions end with it.
      want.threads.push(command.thread_id);
      want.deciding.push(command.thread_id);
      return;
    case "save_draft":
    case "grant_permission":
    case "open_side":
    case "close_side":
      want.threads.push(command.thread_id);
      return;
    case "make_offer":
    case "release_offer":
      want.threads.push(command.thread_id);
      return;
    case "answer_offer":
      want.threads.push(command.thread_id);
      if (command.answer.status === "started") want.threads.push(command.answer.thread_id);
      return;
    case "launch_thread":
      want.threads.push(command.source_thread_id, command.thread_id);
      want.messages.push(command.message_id);
      return;
    case "request_decision":
    case "answer_decision":
    case "retire_decision":
      scopeNeeds(want, command.scope);
      return;
  }
}

function scopeNeeds(want: Wanted, scope: Scope): void {
  if (scope.kind === "thread") want.threads.push(scope.id);
  else want.runs.push(scope.id);
}

function factNeeds(want: Wanted, fact: Fact): void {
  switch (fact.type) {
    case "run_started":
      want.threads.push(fact.thread_id);
      want.runs.push(fact.run_id);
      return;
    case "tool_called":
    case "tool_returned":
    case "run_paused":
    case "run_ended":
      want.runs.push(fact.run_id);
      return;
    case "app_event":
      want.threads.push(fact.thread_id);
      return;
  }
}

// The ids wanted that `have` does not hold, each once, in the order first wanted.
function missing(
  ids: readonly (string | null | undefined)[],
  have: ReadonlyMap<string, unknown>,
): string[] {
  const found: string[] = [];
  const many = ids.length > 8 ? new Set<string>() : null;
  for (const id of ids) {
    if (typeof id !== "string" || have.has(id)) continue;
    if (many === null ? found.includes(id) : many.has(id)) continue;
    many?.add(id);
    found.push(id);
  }
  return found;
}

const FACT_TYPES: ReadonlySet<string> = new Set([
  "run_started",
  "tool_called",
  "tool_returned",
  "run_paused",
  "run_ended",
  "app_event",
]);

/** True when `item` is a fact (decided by `record`) rather than a command. */
export function isFact(item: Command | Fact): item is Fact {
  return FACT_TYPES.has(item.type);
}

/**
 * What the host must load before deciding `item`, minus what `state` already holds. Call it
 * again after loading: some items need a second round (a response needs its proposal first,
 * then the artifact the proposal changes). Deciding is possible when it asks for nothing.
 * From a side conversation (`side`), its parent thread is needed too.
 */
export function needs(
  item: Command | Fact,
  state: State,
  actor: Actor,
  side?: { readonly thread_id: string },
): Needs {
  const want = wanted();
  if (side !== undefined) want.threads.push(side.thread_id);
  if (isFact(item)) factNeeds(want, item);
  else commandNeeds(want, item, actor, state);
  const revisions: RevisionRef[] = [];
  for (const ref of want.revisions) {
    const key = revisionKey(ref);
    const seen = revisions.some(
      (r) => r.artifact_id === ref.artifact_id && r.version === ref.version,
    );
    if (!seen && !state.revisions.has(key)) revisions.push(ref);
  }
  return {
    artifacts: missing(want.artifacts, state.artifacts),
    proposals: missing(want.proposals, state.proposals),
    threads: missing(want.threads, state.threads),
    runs: missing(want.runs, state.runs),
    messages: missing(want.messages, state.messages),
    pending: missing(want.pending, state.pending),
    deciding: missing(want.deciding, state.deciding),
    revisions,
  };
}
