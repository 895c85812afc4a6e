import { z } from "zod";
import { IdSchema } from "./ids.ts";
import { NonBlankSchema } from "./text.ts";

/**
 * What an agent offers when it proposes a new thread: the arguments of its tool call, which
 * are the offer itself (never stored twice). `summary` is what the person reads and decides
 * on; `prompt` is written for an agent that has none of this conversation.
 */
export const ThreadOfferSchema = z.strictObject({
  title: NonBlankSchema,
  summary: NonBlankSchema,
  rationale: z.string().nullable().default(null),
  prompt: NonBlankSchema,
  files: z.array(z.string().min(1)).default([]),
});
/** An offer of a new thread. */
export type ThreadOffer = z.infer<typeof ThreadOfferSchema>;
/** An offer as an agent may write it. */
export type ThreadOfferInput = z.input<typeof ThreadOfferSchema>;

/** Which offer: the offering thread and the tool call's id. */
export const OfferRefSchema = z.strictObject({
  thread_id: IdSchema,
  offer_id: IdSchema,
});
/** Which offer. */
export type OfferRef = z.infer<typeof OfferRefSchema>;

/** The checkout a started offer got: its own, the person's shared one, or not recorded. */
const GrantedCheckoutSchema = z.enum(["isolated", "shared", "unknown"]);
/** The checkout a started offer got. */
export type GrantedCheckout = z.infer<typeof GrantedCheckoutSchema>;

// When and from which surface (a review page, a CLI…) the person answered.
const answered = {
  at: z.string().nullable().default(null),
  surface: z.string().nullable().default(null),
};
/**
 * The person's answer to an offer, one per offer, last write wins. `standing` is an offer
 * brought back after a dismissal. An answer stored without `checkout` reads `unknown`.
 */
export const OfferAnswerSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("started"),
    thread_id: z.string(),
    checkout: GrantedCheckoutSchema.default("unknown"),
    ...answered,
  }),
  z.object({ status: z.literal("dismissed"), ...answered }),
  z.object({ status: z.literal("standing"), ...answered }),
]);
/** The person's answer to an offer. */
export type OfferAnswer = z.infer<typeof OfferAnswerSchema>;

/** How a person answers an offer: started (in which thread and checkout), dismissed, brought back. */
const OfferAnswerInputSchema = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("started"),
    thread_id: IdSchema,
    checkout: z.enum(["isolated", "shared"]),
  }),
  z.strictObject({ status: z.literal("dismissed") }),
  z.strictObject({ status: z.literal("standing") }),
]);

/** Record a person's answer to an offer on the offering thread (last write wins). */
export const AnswerOfferSchema = z.strictObject({
  type: z.literal("answer_offer"),
  thread_id: IdSchema,
  offer_id: IdSchema,
  answer: OfferAnswerInputSchema,
  /** Where the answer came from (a review page, a CLI, a chat…). */
  surface: z.string().nullable().default(null),
});
/** Record a person's answer to an offer. */
export type AnswerOffer = z.infer<typeof AnswerOfferSchema>;

/** A person answered an offer; the answer replaces any earlier one. */
export const OfferAnsweredSchema = z.object({
  type: z.literal("offer_answered"),
  thread_id: z.string(),
  offer_id: z.string(),
  answer: OfferAnswerSchema,
});

/**
 * Let go of an offer's claim: a start that stopped before it was answered (the checkout
 * failed, consent was declined) releases the offer so it can be started again.
 */
export const ReleaseOfferSchema = z.strictObject({
  type: z.literal("release_offer"),
  thread_id: IdSchema,
  offer_id: IdSchema,
});
/** Let go of an offer's claim. */
export type ReleaseOffer = z.infer<typeof ReleaseOfferSchema>;

/** An offer's claim was let go: the thread that claimed it did not start it. */
export const OfferReleasedSchema = z.object({
  type: z.literal("offer_released"),
  thread_id: z.string(),
  offer_id: z.string(),
  /** The thread that had claimed it. */
  claimed_by: z.string(),
});

/**
 * Record an offer of a new thread, whole, on the offering thread: what the card shows and
 * what starting it sends, whichever surface draws or starts it later.
 */
export const MakeOfferSchema = z.strictObject({
  type: z.literal("make_offer"),
  thread_id: IdSchema,
  /** The offer's id: usually its tool call's id. */
  offer_id: IdSchema,
  offer: ThreadOfferSchema,
});
/** Record an offer of a new thread. */
export type MakeOffer = z.infer<typeof MakeOfferSchema>;

/** An agent offered a new thread. */
export const OfferMadeSchema = z.object({
  type: z.literal("offer_made"),
  thread_id: z.string(),
  offer_id: z.string(),
  offer: ThreadOfferSchema,
});

/** An offer as a list of them shows it: where it was made, what it is, how it was answered. */
export interface OfferEntry {
  readonly thread_id: string;
  readonly offer_id: string;
  readonly offer: ThreadOffer;
  /** The person's answer, `null` while nobody has answered. */
  readonly answer: OfferAnswer | null;
  /** The thread being started from it right now (the start's claim), else `null`. */
  readonly starting: string | null;
}
