import type { ThreadOffer } from "../model/offers.ts";

/**
 * The text a host hands back to the model once it has offered a thread. It reads as neither
 * success nor failure: the offer is in front of the person, only their choice starts it, the
 * agent will not hear here which way it goes, and offering it again would only repeat it.
 */
export function offerAcknowledgement(offer: ThreadOffer): string {
  return (
    `Your offer of a new thread, "${offer.title}", is now shown to the person. ` +
    "It begins only if they choose to begin it, and you will not be told here whether they do. " +
    "Carry on with your current task, and do not offer this thread again."
  );
}
