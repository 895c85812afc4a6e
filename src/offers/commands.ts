import { z } from "zod";

/** How a person answers an offer: started (in which thread and checkout), dismissed, brought back. */
export const OfferAnswerInputSchema = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("started"),
    thread_id: z.string().min(1),
    checkout: z.enum(["isolated", "shared"]),
  }),
  z.strictObject({ status: z.literal("dismissed") }),
  z.strictObject({ status: z.literal("standing") }),
]);

/** Record a person's answer to an offer on the offering thread (last write wins). */
export const AnswerOfferSchema = z.strictObject({
  type: z.literal("answer_offer"),
  thread_id: z.string(),
  offer_id: z.string().min(1),
  answer: OfferAnswerInputSchema,
});
/** Record a person's answer to an offer. */
export type AnswerOffer = z.infer<typeof AnswerOfferSchema>;
