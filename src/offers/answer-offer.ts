import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { jsonEqual } from "../model/json.ts";
import type { AnswerOffer, OfferAnswer, ReleaseOffer } from "../model/offers.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { type State, threadIn } from "../model/state.ts";

/**
 * Records a person's answer to an offer on the offering thread, replacing any earlier one
 * (last write wins). A started answer names a thread that records this offer as its origin.
 * The same answer again writes nothing.
 */
export function decideAnswerOffer(
  context: DecideContext,
  state: State,
  command: AnswerOffer,
): Result<CommitResult> {
  const { thread_id, offer_id } = command;
  const thread = threadIn(state, thread_id);
  if (thread === null) return refuse(notFound("thread", thread_id));
  const at = context.now ?? null;
  const input = command.answer;
  if (input.status === "started") {
    const started = threadIn(state, input.thread_id);
    if (started === null) return refuse(notFound("thread", input.thread_id));
    const origin = started.proposed_by;
    if (origin?.thread_id !== thread_id || origin.offer_id !== offer_id) {
      return refuse(
        invalidState(`thread ${input.thread_id} was not started from offer ${offer_id}`),
      );
    }
  }
  const surface = command.surface;
  const answer: OfferAnswer = { ...input, at, surface };
  const prior = Object.hasOwn(thread.offers, offer_id) ? thread.offers[offer_id] : undefined;
  const claimed = Object.hasOwn(thread.starting, offer_id);
  // The same answer again, from wherever and whenever, writes nothing.
  if (!claimed && prior !== undefined && jsonEqual({ ...prior, at, surface }, answer)) {
    return ok(commitResult(RECORDED));
  }
  // An answer settles the offer: any claim on it is over.
  const { [offer_id]: _, ...starting } = thread.starting;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "offer_answered", thread_id, offer_id, answer }],
      threads: [{ ...thread, offers: { ...thread.offers, [offer_id]: answer }, starting }],
    }),
  );
}

/**
 * Lets go of an offer's claim, so the offer can be started again; an offer nobody claims
 * records nothing.
 */
export function decideReleaseOffer(state: State, command: ReleaseOffer): Result<CommitResult> {
  const { thread_id, offer_id } = command;
  const thread = threadIn(state, thread_id);
  if (thread === null) return refuse(notFound("thread", thread_id));
  if (!Object.hasOwn(thread.starting, offer_id)) return ok(commitResult(RECORDED));
  const { [offer_id]: claimed_by = "", ...starting } = thread.starting;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "offer_released", thread_id, offer_id, claimed_by }],
      threads: [{ ...thread, starting }],
    }),
  );
}
