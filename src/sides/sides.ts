import type { z } from "zod";
import { refusal } from "../access/who-may.ts";
import type { Command } from "../model/command.ts";
import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { CloseSideSchema, OpenSideSchema } from "../model/sides.ts";
import { type State, threadIn } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { openThread } from "../threads/open.ts";

/**
 * How long a side opened without a lease is vouched for: the hosts' default lease. Without
 * it, a side whose holder sent no lease (or one stored before leases) would keep its thread
 * from every other side for good.
 */
const DEFAULT_LEASE_MS = 5 * 60_000;

// A side stored without a lease vouches for nothing: once the clock is known, it is over.
const leaseOver = (thread: Thread, now: string | undefined): boolean =>
  now !== undefined &&
  (thread.side_until === null || Date.parse(now) >= Date.parse(thread.side_until));

// The lease asked for, else the default one from now; none when nothing is timed.
const leaseOf = (asked: string | null, now: string | undefined): string | null =>
  asked ?? (now === undefined ? null : new Date(Date.parse(now) + DEFAULT_LEASE_MS).toISOString());

/**
 * Records a side conversation opened on a thread: one per thread, never on an ended thread
 * (never from inside a side either: see {@link sideGate}). Only the fact is logged; the
 * side's turns never are. Opening the open side again renews its lease; a side whose lease
 * ran out (its process died) is closed as `expired` by the next one opened, in the same write.
 * A side opened without a lease is leased for the default five minutes from when it opened
 * (by the decision's clock), and one stored without any is over for the next one opened.
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
  const { thread_id, side_id } = command;
  const holder = thread.side;
  if (holder === side_id) {
    const { lease_until } = command;
    if (lease_until === null || lease_until === thread.side_until)
      return ok(commitResult(RECORDED));
    return ok(
      commitResult(RECORDED, {
        events: [{ type: "side_opened", thread_id, side_id, lease_until }],
        threads: [{ ...thread, side_until: lease_until }],
      }),
    );
  }
  if (holder !== null && !leaseOver(thread, context.now)) {
    return refuse(invalidState(`thread ${thread.id} already has side conversation ${holder}`));
  }
  const lease_until = leaseOf(command.lease_until, context.now);
  const expired =
    holder === null
      ? []
      : [{ type: "side_closed" as const, thread_id, side_id: holder, reason: "expired" as const }];
  return ok(
    commitResult(RECORDED, {
      events: [...expired, { type: "side_opened" as const, thread_id, side_id, lease_until }],
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

// Why a side may not send an item of this type at all, or `null` when it may.
function notForSides(item: Command | Fact): string | null {
  switch (item.type) {
    case "open_side":
      return "a side conversation cannot open another";
    case "grant_permission":
      return "an approval inside a side conversation covers one invocation; it cannot be granted for good";
    default:
      return SIDE_COMMANDS.has(item.type)
        ? null
        : `${item.type} is not available in a side conversation`;
  }
}

/**
 * Refuses what a side conversation may not do, before any rule runs: anything but artifact
 * writes (its turns never reach the parent, and it records no facts: its parent's runs and
 * the application's events are not its to tell), a durable grant (its approvals cover one
 * invocation), or anything once the side is gone. Refusals are `forbidden` naming the action
 * and the actor's kind, as the table's are.
 */
export function sideGate(context: DecideContext, state: State, item: Command | Fact): Result<null> {
  const { side, actor } = context;
  if (side === undefined) return ok(null);
  const why = notForSides(item);
  if (why !== null) return refusal(actor, item.type, why);
  if (actor.kind !== "agent" || actor.thread_id !== side.thread_id) {
    return refusal(actor, item.type, `side ${side.id} acts as thread ${side.thread_id}'s agent`);
  }
  const change = item.type === "propose_change" ? item.change : item;
  if ("thread_id" in change && change.thread_id !== null && change.thread_id !== side.thread_id) {
    return refusal(actor, item.type, `side ${side.id} writes only in thread ${side.thread_id}`);
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
