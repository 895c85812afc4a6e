import { isAgent } from "../model/actors.ts";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { DecideContext } from "../model/context.ts";
import { notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { type State, threadIn } from "../model/state.ts";

/**
 * Whether a write must become a proposal: only for agents, when the type's policy is
 * `propose` or the write's thread is in `suggest` mode (for a side conversation, the mode frozen
 * when it opened). People, the system and evaluators
 * never propose implicitly.
 */
export function mustPropose(
  context: DecideContext,
  state: State,
  type: ArtifactType,
  threadId: string | null,
): Result<boolean> {
  if (!isAgent(context.actor)) return ok(false);
  if (type.writePolicy === "propose") return ok(true);
  if (threadId === null) return ok(false);
  const thread = threadIn(state, threadId);
  if (thread === null) return refuse(notFound("thread", threadId));
  // A side conversation keeps the mode its parent had when it opened.
  const side = context.side;
  const mode = side !== undefined && side.thread_id === threadId ? side.mode : thread.mode;
  return ok(mode === "suggest");
}
