import type { z } from "zod";
import type {
  DecisionAnsweredSchema,
  DecisionRequestedSchema,
  DecisionRetiredSchema,
  DecisionSlot,
  DecisionSupersededSchema,
} from "../model/decisions.ts";

/** An event about a scope's decisions. */
export type DecisionEvent =
  | z.infer<typeof DecisionRequestedSchema>
  | z.infer<typeof DecisionSupersededSchema>
  | z.infer<typeof DecisionAnsweredSchema>
  | z.infer<typeof DecisionRetiredSchema>;

/**
 * A scope's decisions after one event. The rules and log replay both use it, so what the
 * rules store and what the log means cannot drift apart.
 */
export function evolveSlot(slot: DecisionSlot, event: DecisionEvent): DecisionSlot {
  if (event.type === "decision_requested") return { ...slot, pending: event.decision };
  const closed = { option_id: null, superseded_by: null };
  const entry =
    event.type === "decision_answered"
      ? { ...closed, reason: "answered" as const, option_id: event.option_id }
      : event.type === "decision_superseded"
        ? { ...closed, reason: "superseded" as const, superseded_by: event.superseded_by }
        : { ...closed, reason: event.reason };
  return {
    pending: slot.pending?.id === event.decision_id ? null : slot.pending,
    closed: { ...slot.closed, [event.decision_id]: entry },
  };
}
