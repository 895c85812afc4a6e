import type { PendingDecision, Scope } from "./decisions.ts";
import { isId } from "./ids.ts";
import type { OfferEntry, OfferRef } from "./offers.ts";

/**
 * The cursor of a pending decision: its scope, `thread:<id>` or `run:<id>`. A thread and a
 * run may share an id, and a decision's own id is its asker's (another scope may use it), so
 * the scope is what names its place; a scope keeps that place once its decision is answered.
 */
export function decisionCursor({ scope }: PendingDecision): string {
  return `${scope.kind}:${scope.id}`;
}

/** The scope a decision cursor names, or `null` for text no page gave. */
export function decisionCursorScope(cursor: string): Scope | null {
  const at = cursor.indexOf(":");
  const kind = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  if (at < 0 || (kind !== "thread" && kind !== "run") || !isId(id)) return null;
  return { kind, id };
}

/**
 * The cursor of an offer: its thread's id (percent-encoded, so that it holds no `:`), a `:`,
 * then the offer's id (`thr_1:toolu_2`). An offer's id is its tool call's, unique within its
 * thread only.
 */
export function offerCursor({ thread_id, offer_id }: OfferEntry): string {
  return `${encodeURIComponent(thread_id)}:${offer_id}`;
}

/** The offer an offer cursor names, or `null` for text no page gave. */
export function offerCursorRef(cursor: string): OfferRef | null {
  const at = cursor.indexOf(":");
  if (at < 0) return null;
  let thread_id: string;
  try {
    thread_id = decodeURIComponent(cursor.slice(0, at));
  } catch {
    return null;
  }
  const offer_id = cursor.slice(at + 1);
  return isId(thread_id) && isId(offer_id) ? { thread_id, offer_id } : null;
}
