import type { Revision, Versioned } from "../model/artifacts.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { WorkspaceError } from "../model/errors.ts";
import type { KnownEvent } from "../model/event.ts";
import type { BatchItem, Outcome } from "../model/outcome.ts";
import type { Proposal, RespondToProposal, RespondToProposals } from "../model/proposals.ts";
import type { Rejection } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { Run } from "../model/runs.ts";
import { revisionKey, type State } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";

/** How one answer of a batch is decided: the rule of `respond_to_proposal`, with its access. */
type AnswerOne = (
  context: DecideContext,
  state: State,
  answer: RespondToProposal,
) => Result<CommitResult>;

type Resolved = Extract<Outcome, { type: "resolved" }>;

// What the batch has written so far, keyed so a later write of the same entity replaces it.
interface Written {
  readonly events: KnownEvent[];
  readonly artifacts: Map<string, Versioned>;
  readonly revisions: Map<string, Revision>;
  readonly proposals: Map<string, Proposal>;
  readonly threads: Map<string, Thread>;
  readonly runs: Map<string, Run>;
  readonly messages: Set<string>;
}

const nothingWritten = (): Written => ({
  events: [],
  artifacts: new Map(),
  revisions: new Map(),
  proposals: new Map(),
  threads: new Map(),
  runs: new Map(),
  messages: new Set(),
});

function keep(written: Written, result: CommitResult): void {
  written.events.push(...result.events);
  for (const a of result.artifacts) written.artifacts.set(a.id, a);
  for (const r of result.revisions) written.revisions.set(revisionKey(r), r);
  for (const p of result.proposals) written.proposals.set(p.id, p);
  for (const t of result.threads) written.threads.set(t.id, t);
  for (const r of result.runs) written.runs.set(r.id, r);
  for (const m of result.messages) written.messages.add(m);
}

function withEntries<V>(
  map: ReadonlyMap<string, V>,
  entries: Iterable<readonly [string, V]>,
): Map<string, V> {
  const next = new Map(map);
  for (const [key, value] of entries) next.set(key, value);
  return next;
}

/**
 * The state after one answer's result: what the next answer is decided against. A resolved
 * proposal leaves its artifact's pending list, where that list is loaded.
 */
function withResult(state: State, result: CommitResult): State {
  const resolved = new Set(result.proposals.filter((p) => p.status !== "pending").map((p) => p.id));
  const pending = new Map(state.pending);
  for (const [artifactId, list] of pending) {
    if (list.some((p) => resolved.has(p.id))) {
      pending.set(
        artifactId,
        list.filter((p) => !resolved.has(p.id)),
      );
    }
  }
  return {
    // Kinds an answer does not write are passed along as loaded.
    ...state,
    artifacts: withEntries(
      state.artifacts,
      result.artifacts.map((a) => [a.id, a] as const),
    ),
    revisions: withEntries(
      state.revisions,
      result.revisions.map((r) => [revisionKey(r), r] as const),
    ),
    proposals: withEntries(
      state.proposals,
      result.proposals.map((p) => [p.id, p] as const),
    ),
    threads: withEntries(
      state.threads,
      result.threads.map((t) => [t.id, t] as const),
    ),
    runs: withEntries(
      state.runs,
      result.runs.map((r) => [r.id, r] as const),
    ),
    messages: withEntries(
      state.messages,
      result.messages.map((m) => [m, true] as const),
    ),
    pending,
  };
}

function resolvedOf(outcome: Outcome): Resolved {
  if (outcome.type !== "resolved") {
    throw new WorkspaceError("unknown_outcome", `an answer to a proposal led to ${outcome.type}`);
  }
  return outcome;
}

// The refusal of a whole batch names the answer at fault, as a wrong field is named.
function atItem(rejection: Rejection, index: number, proposalId: string): Rejection {
  const message = `responses.${index} (proposal ${proposalId}): ${rejection.message}`;
  return { ...rejection, message };
}

/**
 * The rule of `respond_to_proposals`, deciding each answer with `answerOne`. Answers are
 * decided in order, each against the state the earlier ones left, so an accept rebases onto
 * what the accepts before it wrote; everything the answers that succeeded wrote is one result,
 * so it lands in one append. A refused answer writes nothing of its own: by default the
 * others still go ahead and the outcome reports it in its place; with `all_or_nothing` the
 * batch is refused with that answer's rejection (its message naming the answer) and nothing
 * is written. An answer given already is answered as a repeated `respond_to_proposal` is.
 */
export function respondToProposals(
  answerOne: AnswerOne,
): (context: DecideContext, state: State, command: RespondToProposals) => Result<CommitResult> {
  return (context, state, command) => {
    const written = nothingWritten();
    const items: BatchItem[] = [];
    let now = state;
    for (const [index, response] of command.responses.entries()) {
      const answer: RespondToProposal = { type: "respond_to_proposal", ...response };
      const decided = answerOne(context, now, answer);
      const proposal_id = answer.proposal_id;
      if (!decided.ok) {
        if (command.all_or_nothing) return refuse(atItem(decided.rejection, index, proposal_id));
        items.push({ ok: false, proposal_id, rejection: decided.rejection });
        continue;
      }
      items.push({ ok: true, proposal_id, outcome: resolvedOf(decided.value.outcome) });
      keep(written, decided.value);
      now = withResult(now, decided.value);
    }
    const { all_or_nothing } = command;
    const outcome: Outcome = { type: "batch", seq: null, all_or_nothing, items };
    return ok(
      commitResult(outcome, {
        events: written.events,
        artifacts: [...written.artifacts.values()],
        revisions: [...written.revisions.values()],
        proposals: [...written.proposals.values()],
        threads: [...written.threads.values()],
        runs: [...written.runs.values()],
        messages: [...written.messages],
      }),
    );
  };
}
