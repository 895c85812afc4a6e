import type { z } from "zod";
import type { Command } from "../../model/command.ts";
import { type CommitResult, commitResult, RECORDED } from "../../model/commit-result.ts";
import type { DecideContext } from "../../model/context.ts";
import { forbidden, invalidState, notFound } from "../../model/rejections.ts";
import { ok, type Result, refuse } from "../../model/result.ts";
import type { CloseSideSchema, OpenSideSchema } from "../../model/sides.ts";
import { type State, threadIn } from "../../model/state.ts";
import type { Thread } from "../../model/threads.ts";
import { openThread } from "../threads/open.ts";

const leaseOver = (thread: Thread, now: string | undefined): boolean =>
  thread.side_until !== null &&
  now !== undefined &&
  Date.parse(now) >= Date.parse(thread.side_until);

/**
 * Records a side conversation opened on a thread: one per thread, never on an ended thread
 * (never from inside a side either: see {@link sideGate}). Only the fact is logged; the
 * side's turns never are. Opening the open side again renews its lease; a side whose lease
 * ran out (its process died) is closed as `expired` by the next one opened, in the same write.
 */
export function decideOpenSide(
  context: DecideContext,
  state: State,
  command: z.infer<typeof OpenSideSchema>,
): Result<CommitResult> {
  const thread = threadIn(state, command.thread_id);
  if (thread === null) return refuse(notFound("thread", command.thread_id));
  const open = openThread(thread);
  if (!open.ok) return open;
  const { thread_id, side_id, lease_until } = command;
  const opened = { type: "side_opened" as const, thread_id, side_id, lease_until };
  const holder = thread.side;
  if (holder === side_id) {
    if (lease_until === null || lease_until === thread.side_until)
      return ok(commitResult(RECORDED));
    return ok(
      commitResult(RECORDED, {
        events: [opened],
        threads: [{ ...thread, side_until: lease_until }],
      }),
    );
  }
  if (holder !== null && !leaseOver(thread, context.now)) {
    return refuse(invalidState(`thread ${thread.id} already has side conversation ${holder}`));
  }
  const expired =
    holder === null
      ? []
      : [{ type: "side_closed" as const, thread_id, side_id: holder, reason: "expired" as const }];
  return ok(
    commitResult(RECORDED, {
      events: [...expired, opened],
      threads: [{ ...thread, side: side_id, side_until: lease_until }],
    }),
  );
}

/** Records a side conversation gone; closing one already gone writes nothing. */
export function decideCloseSide(
  state: State,
  command: z.infer<typeof CloseSideSchema>,
): Result<CommitResult> {
  const thread = threadIn(state, command.thread_id);
  if (thread === null) return refuse(notFound("thread", command.thread_id));
  if (thread.side !== command.side_id) return ok(commitResult(RECORDED));
  const { thread_id, side_id, reason } = command;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "side_closed", thread_id, side_id, reason }],
      threads: [{ ...thread, side: null, side_until: null }],
    }),
  );
}

// What a side conversation may do: write artifacts (through the same policies) and propose.
const SIDE_COMMANDS: ReadonlySet<string> = new Set([
  "create_artifact",
  "edit_artifact",
  "archive_artifact",
  "propose_change",
]);

/**
 * Refuses what a side conversation may not do, before any rule runs: anything but artifact
 * writes (its turns never reach the parent), a durable grant (its approvals cover one
 * invocation), or anything once the side is gone.
 */
export function sideGate(context: DecideContext, state: State, command: Command): Result<null> {
  const side = context.side;
  if (side === undefined) return ok(null);
  const { type } = command;
  if (type === "open_side") return refuse(forbidden("a side conversation cannot open another"));
  if (type === "grant_permission") {
    return refuse(
      forbidden(
        "an approval inside a side conversation covers one invocation; it cannot be granted for good",
      ),
    );
  }
  if (!SIDE_COMMANDS.has(type))
    return refuse(forbidden(`${type} is not available in a side conversation`));
  if (context.actor.kind !== "agent" || context.actor.thread_id !== side.thread_id) {
    return refuse(forbidden(`side ${side.id} acts as thread ${side.thread_id}'s agent`));
  }
  const change = command.type === "propose_change" ? command.change : command;
  if ("thread_id" in change && change.thread_id !== null && change.thread_id !== side.thread_id) {
    return refuse(forbidden(`side ${side.id} writes only in thread ${side.thread_id}`));
  }
  const thread = threadIn(state, side.thread_id);
  if (thread === null) return refuse(notFound("thread", side.thread_id));
  // A side is gone with its parent: `end_thread` leaves `side` set until the host records
  // the close, and the side must not write in between.
  if (thread.side !== side.id || thread.status !== "open") {
    return refuse(notFound("side conversation", side.id));
  }
  return ok(null);
}
