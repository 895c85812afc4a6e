import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import { EMPTY_SLOT } from "../model/decisions.ts";
import type { Fact } from "../model/event.ts";
import { invalidState, notFound, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { DeferredRequest, Run, RunStatus } from "../model/runs.ts";
import { runIn, type State, threadIn } from "../model/state.ts";
import { evolveOwner, retirePending } from "../scopes/scope.ts";
import { openThread } from "../threads/open.ts";

type RunFact = Exclude<Fact, { type: "app_event" }>;

/** The run a fact is about, if it exists, belongs to the fact's thread and is in `allowed`. */
function runFor(state: State, fact: RunFact, allowed: readonly RunStatus[]): Result<Run> {
  const run = runIn(state, fact.run_id);
  if (run === null) return refuse(notFound("run", fact.run_id));
  if (run.thread_id !== fact.thread_id) {
    return refuse(invalidState(`run ${run.id} belongs to thread ${run.thread_id}`));
  }
  if (!allowed.includes(run.status)) return refuse(invalidState(`run ${run.id} is ${run.status}`));
  return ok(run);
}

function started(state: State, fact: Extract<Fact, { type: "run_started" }>): Result<Run> {
  const thread = threadIn(state, fact.thread_id);
  if (thread === null) return refuse(notFound("thread", fact.thread_id));
  // An ended thread takes no new work, nor resumes a paused turn (its decisions are retired).
  const open = openThread(thread);
  if (!open.ok) return open;
  const previous = runIn(state, fact.run_id);
  if (previous !== null && previous.thread_id !== fact.thread_id) {
    return refuse(invalidState(`run ${previous.id} belongs to thread ${previous.thread_id}`));
  }
  if (previous !== null && previous.status !== "paused") {
    return refuse(invalidState(`run ${previous.id} is ${previous.status} and cannot start again`));
  }
  const traces = previous?.trace_ids ?? [];
  return ok({
    id: fact.run_id,
    thread_id: fact.thread_id,
    status: "running",
    pending: [],
    answers: {},
    trace_ids: fact.trace_id === null ? traces : [...traces, fact.trace_id],
    answered: previous?.answered ?? {},
    decision: previous?.decision ?? EMPTY_SLOT,
    resume: null,
  });
}

// A pause asks each tool call once: an answer is keyed by its id, so a repeated id would send
// one answer to whichever of the two the host looks up first.
function repeatedRequest(requests: readonly DeferredRequest[]): Result<null> {
  const first = new Map<string, number>();
  for (const [index, { tool_call_id: id }] of requests.entries()) {
    const earlier = first.get(id);
    if (earlier !== undefined) {
      return refuse(
        validationFailed("invalid fact", [
          {
            type: "duplicate_id",
            loc: ["requests", index, "tool_call_id"],
            msg: `tool_call_id ${id} is already requests[${earlier}]'s`,
            input: id,
          },
        ]),
      );
    }
    first.set(id, index);
  }
  return ok(null);
}

// Nor a call the run already waits on or had answered: a repeated answer to that id returns
// the recorded one (P4), which would reach the new request as if the person had given it.
function knownRequest(run: Run, requests: readonly DeferredRequest[]): Result<null> {
  for (const { tool_call_id: id } of requests) {
    if (Object.hasOwn(run.answers, id) || Object.hasOwn(run.answered, id)) {
      return refuse(invalidState(`deferred request ${id} is already answered`));
    }
    if (run.pending.some((r) => r.tool_call_id === id)) {
      return refuse(invalidState(`deferred request ${id} is already pending`));
    }
  }
  return ok(null);
}

function paused(state: State, fact: Extract<Fact, { type: "run_paused" }>): Result<Run> {
  const distinct = repeatedRequest(fact.requests);
  if (!distinct.ok) return distinct;
  const run = runFor(state, fact, ["running"]);
  if (!run.ok) return run;
  const fresh = knownRequest(run.value, fact.requests);
  if (!fresh.ok) return fresh;
  return ok({ ...run.value, status: "paused", pending: fact.requests, resume: fact.resume });
}

/** The run a fact leaves behind, or `null` when the fact changes no run. */
function nextRun(state: State, fact: RunFact): Result<Run | null> {
  switch (fact.type) {
    case "run_started":
      return started(state, fact);
    case "tool_called":
    case "tool_returned": {
      const run = runFor(state, fact, ["running"]);
      return run.ok ? ok(null) : run;
    }
    case "run_paused":
      return paused(state, fact);
    case "run_ended": {
      const run = runFor(state, fact, ["running", "paused"]);
      if (!run.ok) return run;
      return ok({ ...run.value, status: fact.status, pending: [], answers: {}, resume: null });
    }
  }
}

/**
 * Records a fact about a run or an application event (its thread, if named, must exist). The
 * fact itself is the event; who may record it is checked before (`mayAct`).
 */
export function decideFact(state: State, fact: Fact): Result<CommitResult> {
  if (fact.type === "app_event") {
    if (fact.thread_id !== null && threadIn(state, fact.thread_id) === null) {
      return refuse(notFound("thread", fact.thread_id));
    }
    return ok(commitResult(RECORDED, { events: [fact] }));
  }
  const run = nextRun(state, fact);
  if (!run.ok) return run;
  if (run.value === null) return ok(commitResult(RECORDED, { events: [fact] }));
  // A run that ends or resumes leaves the turn its pending decision was about.
  const owner = { kind: "run", run: run.value } as const;
  const turnOver = fact.type === "run_ended" || fact.type === "run_started";
  const retired = turnOver ? retirePending(owner, "scope_ended") : [];

  return ok(
    commitResult(RECORDED, {
      events: [fact, ...retired],
      runs: [evolveOwner(owner, retired).run],
    }),
  );
}
