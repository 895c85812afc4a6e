import { z } from "zod";

/** Where a decision is pending: a thread (the pane a person looks at) or a run. */
export const ScopeSchema = z.strictObject({
  kind: z.enum(["thread", "run"]),
  id: z.string().min(1),
});
/** Where a decision is pending. */
export type Scope = z.infer<typeof ScopeSchema>;

/** One answer a person can pick, as the agent declared it. */
export const DecisionOptionSchema = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
});
/** One answer a person can pick. */
export type DecisionOption = z.infer<typeof DecisionOptionSchema>;

/** Why a decision stopped being pending. */
export const RetireReasonSchema = z.enum([
  "answered",
  "superseded",
  "user_input",
  "expired",
  "scope_ended",
  "transport_lost",
]);
/** Why a decision stopped being pending. */
export type RetireReason = z.infer<typeof RetireReasonSchema>;

/**
 * A blocking decision as the person sees it. `options` is empty when it is read-only: the
 * request was prose, or the scope has no proven answer channel (answer where the agent runs).
 */
export const DecisionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(DecisionOptionSchema),
  received_at: z.string().nullable(),
  /** The answer channel that delivers a pick; `null` when read-only. */
  channel: z.string().nullable(),
  expires_at: z.string().nullable(),
});
/** A blocking decision as the person sees it. */
export type Decision = z.infer<typeof DecisionSchema>;

/** How a decision that is no longer pending ended. */
export const ClosedDecisionSchema = z.object({
  reason: RetireReasonSchema,
  /** The option picked, for `answered`. */
  option_id: z.string().nullable().default(null),
  /** The newer decision, for `superseded`. */
  superseded_by: z.string().nullable().default(null),
});
/** How a decision that is no longer pending ended. */
export type ClosedDecision = z.infer<typeof ClosedDecisionSchema>;

/** A scope's decisions: the one pending, and how every earlier one ended, by id. */
export const DecisionSlotSchema = z.object({
  pending: DecisionSchema.nullable().default(null),
  closed: z.record(z.string(), ClosedDecisionSchema).default({}),
});
/** A scope's decisions. */
export type DecisionSlot = z.infer<typeof DecisionSlotSchema>;

/** A scope with no decisions yet (frozen: shared by every new thread and run). */
export const EMPTY_SLOT: DecisionSlot = Object.freeze({ pending: null, closed: Object.freeze({}) });
