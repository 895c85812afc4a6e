import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import { jsonEqual } from "../model/json.ts";
import type { MakeOffer } from "../model/offers.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { type State, threadIn } from "../model/state.ts";
import { openThread } from "../threads/open.ts";

/**
 * Records an offer whole on the offering thread, which must be open. The same offer again
 * writes nothing; another offer under a taken id is `invalid_state`.
 */
export function decideMakeOffer(state: State, command: MakeOffer): Result<CommitResult> {
  const { thread_id, offer_id, offer } = command;
  const thread = threadIn(state, thread_id);
  if (thread === null) return refuse(notFound("thread", thread_id));
  const open = openThread(thread);
  if (!open.ok) return open;
  if (Object.hasOwn(thread.offered, offer_id)) {
    const made = thread.offered[offer_id];
    if (made !== undefined && jsonEqual(made, offer)) return ok(commitResult(RECORDED));
    return refuse(invalidState(`offer ${offer_id} was already made, with other contents`));
  }
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "offer_made", thread_id, offer_id, offer }],
      threads: [{ ...thread, offered: { ...thread.offered, [offer_id]: offer } }],
    }),
  );
}
