import { z } from "zod";
import { DecisionOptionSchema, ScopeSchema } from "./decision.ts";

/**
 * Make a decision pending in a scope (recorded by the agent's adapter or the system). A newer
 * request supersedes the pending one. `options: null` is a prose-only request: it never gets
 * options. `channel` is how the scope's agent takes an answer; without a proven one the
 * decision is read-only.
 */
export const RequestDecisionSchema = z.strictObject({
  type: z.literal("request_decision"),
  scope: ScopeSchema,
  decision_id: z.string().min(1),
  prompt: z.string().min(1),
  options: z
    .array(DecisionOptionSchema)
    .min(1)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, {
      message: "option ids must be unique",
    })
    .nullable()
    .default(null),
  channel: z.string().min(1).nullable().default(null),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
/** Make a decision pending in a scope. */
export type RequestDecision = z.infer<typeof RequestDecisionSchema>;

/** A person picks an option of a pending decision. */
export const AnswerDecisionSchema = z.strictObject({
  type: z.literal("answer_decision"),
  scope: ScopeSchema,
  decision_id: z.string().min(1),
  option_id: z.string().min(1),
  /** Where the answer came from (a review UI, a CLI, a chat…). */
  surface: z.string().nullable().default(null),
});
/** A person picks an option of a pending decision. */
export type AnswerDecision = z.infer<typeof AnswerDecisionSchema>;

/**
 * Retire a pending decision without an answer: the person acted elsewhere (typed in the
 * agent's own terminal), the answer transport was lost, or it expired (checked against the
 * clock).
 */
export const RetireDecisionSchema = z.strictObject({
  type: z.literal("retire_decision"),
  scope: ScopeSchema,
  decision_id: z.string().min(1),
  reason: z.enum(["user_input", "transport_lost", "expired"]),
});
/** Retire a pending decision without an answer. */
export type RetireDecision = z.infer<typeof RetireDecisionSchema>;
