import type { Actor } from "../actors/actor.ts";
import type { Registry } from "./registry.ts";

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
}

/** The thread a write happens in: the command's own, else the acting agent's. */
export function contextThread(threadId: string | null, actor: Actor): string | null {
  return threadId ?? (actor.kind === "agent" ? actor.thread_id : null);
}
