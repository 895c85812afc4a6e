import type { OfferRef, ThreadOffer } from "../model/offers.ts";
import { type OfferCard, offerCard } from "../rules/offers/card.ts";
import type { Workspace } from "../workspace/api.ts";

/**
 * The card for an offer as the workspace has it now: the answer stored on the offering
 * thread, and whether the thread a start made still exists (a deleted one drops the link).
 * `null` when the offering thread does not exist.
 */
export async function offerCardIn(
  workspace: Workspace,
  ref: OfferRef,
  offer: ThreadOffer,
): Promise<OfferCard | null> {
  const offering = await workspace.thread(ref.thread_id);
  if (offering === null) return null;
  const answer = offering.offers[ref.offer_id];
  const started = answer?.status === "started" ? await workspace.thread(answer.thread_id) : null;
  return offerCard(offer, answer, started !== null && started.status !== "deleted");
}
