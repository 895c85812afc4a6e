import { z } from "zod";
import { OfferAnswerSchema } from "./offer.ts";

/** A person answered an offer; the answer replaces any earlier one. */
export const OfferAnsweredSchema = z.object({
  type: z.literal("offer_answered"),
  thread_id: z.string(),
  offer_id: z.string(),
  answer: OfferAnswerSchema,
});
