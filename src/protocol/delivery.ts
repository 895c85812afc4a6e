import type { Actor } from "../model/actors.ts";
import type { Envelope } from "../model/envelope.ts";
import { WORKSPACE_SCOPED } from "../model/event.ts";

/**
 * Whether a connection following `threads` (`null`: every thread) receives an envelope:
 * events about artifacts and proposals, and events of no thread, reach every connection;
 * a thread's events reach those that follow it.
 */
export function deliveredTo(envelope: Envelope, threads: readonly string[] | null): boolean {
  if (threads === null || envelope.thread_id === null) return true;
  if (WORKSPACE_SCOPED.has(envelope.event.type)) return true;
  return threads.includes(envelope.thread_id);
}

/**
 * The threads an actor may read: a thread's agent its own only (docs/spec.md section 9: another
 * thread is nothing to it); anyone else every thread (`null`).
 */
export function readableThreads(actor: Actor): readonly string[] | null {
  return actor.kind === "agent" ? [actor.thread_id] : null;
}

/**
 * The threads a connection follows: those it asked for (`null`: all) within those its
 * actor may read.
 */
export function followedThreads(
  actor: Actor,
  requested: readonly string[] | null,
): readonly string[] | null {
  const readable = readableThreads(actor);
  if (readable === null) return requested;
  if (requested === null) return readable;
  return requested.filter((thread) => readable.includes(thread));
}

/** Whether an actor may read what belongs to a thread. */
export function mayReadThread(actor: Actor, threadId: string): boolean {
  const readable = readableThreads(actor);
  return readable === null || readable.includes(threadId);
}
