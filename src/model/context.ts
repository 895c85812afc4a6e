import type { AccessWidening } from "./access.ts";
import type { Actor } from "./actors.ts";
import type { ModeLadders } from "./modes.ts";
import type { Registry } from "./registry.ts";
import type { ThreadMode } from "./threads.ts";

/**
 * A side conversation a command comes from: its id, its parent thread, and the parent's
 * write mode frozen when it was opened.
 */
export interface SideContext {
  readonly id: string;
  readonly thread_id: string;
  readonly mode: ThreadMode;
}

/** Who is deciding, and which types they decide against. */
export interface DecideContext {
  /** Who sends the command or records the fact. */
  readonly actor: Actor;
  /** The artifact and feedback types the workspace knows. */
  readonly registry: Registry;
  /**
   * The time of the decision (ISO 8601), from the host's clock: when proposals are made,
   * resolved and expire. Without it nothing is timed.
   */
  readonly now?: string;
  /**
   * The answer channels the host has proven it can deliver through. A decision on any other
   * channel is read-only. Runs' built-in `deferred` channel needs no declaring.
   */
  readonly channels?: readonly string[];
  /** The host's declared modes (default: `DEFAULT_MODE_LADDERS`). */
  readonly modes?: ModeLadders;
  /** Set when the command comes from a side conversation. */
  readonly side?: SideContext;
  /**
   * The host's widening of who may do what (docs/spec.md section 9): named actors that may also
   * take the listed actions. Default: none, the table as it is.
   */
  readonly access?: readonly AccessWidening[];
}

/**
 * The actor a write is made as: from a side conversation, the side's own participant (the
 * parent's agent marked with the side's id), so the parent hears of it as someone else's.
 */
export function actingAs(actor: Actor, side: SideContext | undefined): Actor {
  if (side === undefined || actor.kind !== "agent" || actor.side_id !== undefined) return actor;
  return { ...actor, side_id: side.id };
}

/** The thread a write happens in: the command's own, else the acting agent's. */
export function contextThread(threadId: string | null, actor: Actor): string | null {
  return threadId ?? (actor.kind === "agent" ? actor.thread_id : null);
}
