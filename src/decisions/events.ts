import { z } from "zod";
import { DecisionSchema, RetireReasonSchema, ScopeSchema } from "./decision.ts";

// Every decision event names its scope's thread (and run), so the log scopes it.
const scoped = {
  thread_id: z.string(),
  run_id: z.string().nullable(),
  scope: ScopeSchema,
};

/** A decision became pending in its scope. */
export const DecisionRequestedSchema = z.object({
  type: z.literal("decision_requested"),
  ...scoped,
  decision: DecisionSchema,
});
/** A newer decision in the same scope replaced a pending one. */
export const DecisionSupersededSchema = z.object({
  type: z.literal("decision_superseded"),
  ...scoped,
  decision_id: z.string(),
  superseded_by: z.string(),
});
/** A person picked an option; the id is consumed. */
export const DecisionAnsweredSchema = z.object({
  type: z.literal("decision_answered"),
  ...scoped,
  decision_id: z.string(),
  option_id: z.string(),
  /** The option's label, so the log reads as what the person picked. */
  label: z.string(),
  channel: z.string(),
  surface: z.string().nullable(),
});
/** A pending decision ended without an answer through us. */
export const DecisionRetiredSchema = z.object({
  type: z.literal("decision_retired"),
  ...scoped,
  decision_id: z.string(),
  reason: RetireReasonSchema.exclude(["answered", "superseded"]),
});
