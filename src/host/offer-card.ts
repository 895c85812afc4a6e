import type { OfferRef, ThreadOffer } from "../model/offers.ts";
import { type OfferCard, offerCard } from "../offers/card.ts";
import type { Workspace } from "../workspace/api.ts";

/**
 * The card for an offer as the workspace has it now: the offer as stored on the offering
 * thread (or `offer`, for one made before offers were stored), the answer stored there, and
 * whether the thread a start made still exists (a deleted one drops the link). `null` when
 * the offering thread, or the offer, does not exist.
 */
export async function offerCardIn(
  workspace: Workspace,
  ref: OfferRef,
  offer?: ThreadOffer,
): Promise<OfferCard | null> {
  const offering = await workspace.thread(ref.thread_id);
  if (offering === null) return null;
  const own = (record: Readonly<Record<string, unknown>>) => Object.hasOwn(record, ref.offer_id);
  const made = own(offering.offered) ? offering.offered[ref.offer_id] : offer;
  if (made === undefined) return null;
  const answer = own(offering.offers) ? offering.offers[ref.offer_id] : undefined;
  const started = answer?.status === "started" ? await workspace.thread(answer.thread_id) : null;
  return offerCard(made, answer, started !== null && started.status !== "deleted");
}
