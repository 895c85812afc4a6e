import type { DecisionSlot, Scope } from "../model/decisions.ts";
import { notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { Run } from "../model/runs.ts";
import { runIn, type State, threadIn } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { type DecisionEvent, evolveSlot } from "./evolve.ts";

/** The entity a scope's decisions live on. */
export type ScopeOwner =
  | { readonly kind: "thread"; readonly thread: Thread }
  | { readonly kind: "run"; readonly run: Run };

/** The loaded owner of a scope, or `not_found`. */
export function ownerOf(state: State, scope: Scope): Result<ScopeOwner> {
  if (scope.kind === "thread") {
    const thread = threadIn(state, scope.id);
    return thread === null ? refuse(notFound("thread", scope.id)) : ok({ kind: "thread", thread });
  }
  const run = runIn(state, scope.id);
  return run === null ? refuse(notFound("run", scope.id)) : ok({ kind: "run", run });
}

/** A scope's decisions. */
export function slotOf(owner: ScopeOwner): DecisionSlot {
  return owner.kind === "thread" ? owner.thread.decision : owner.run.decision;
}

/** Whether the scope can still take decisions: an open thread, a running or paused run. */
export function isOpen(owner: ScopeOwner): boolean {
  return owner.kind === "thread"
    ? owner.thread.status === "open"
    : owner.run.status === "running" || owner.run.status === "paused";
}

/** The fields every decision event carries: the scope, its thread and run. */
export function scopeFields(owner: ScopeOwner): {
  thread_id: string;
  run_id: string | null;
  scope: Scope;
} {
  return owner.kind === "thread"
    ? { thread_id: owner.thread.id, run_id: null, scope: { kind: "thread", id: owner.thread.id } }
    : {
        thread_id: owner.run.thread_id,
        run_id: owner.run.id,
        scope: { kind: "run", id: owner.run.id },
      };
}

/** The owner (of the same kind) after its decisions went through `events`. */
export function evolveOwner<O extends ScopeOwner>(owner: O, events: readonly DecisionEvent[]): O {
  const slot = events.reduce(evolveSlot, slotOf(owner));
  const next: ScopeOwner =
    owner.kind === "thread"
      ? { kind: "thread", thread: { ...owner.thread, decision: slot } }
      : { kind: "run", run: { ...owner.run, decision: slot } };
  return next as O;
}

/**
 * The event that retires the scope's pending decision for `reason` (the person acted
 * elsewhere, the scope ended), or none when nothing is pending.
 */
export function retirePending(
  owner: ScopeOwner,
  reason: "user_input" | "scope_ended",
): DecisionEvent[] {
  const pending = slotOf(owner).pending;
  if (pending === null) return [];
  return [{ type: "decision_retired", ...scopeFields(owner), decision_id: pending.id, reason }];
}
