import type { DecisionSlot, Scope } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import { DEFERRED_CHANNEL } from "../rules/decisions/decisions.ts";
import type { AnswerChannel, DecisionAnswerResult } from "./channels.ts";

/**
 * Delivers an answer once it is stored. Only the write that consumed the id carries a
 * `decision_answered` event, so only its caller delivers; a repeat reports the stored pick.
 */
export async function deliverAnswer(
  written: { readonly envelopes: readonly Envelope[] },
  request: { readonly scope: Scope; readonly decision_id: string },
  channels: Readonly<Record<string, AnswerChannel>>,
  slotIn: (scope: Scope) => Promise<DecisionSlot | null>,
): Promise<DecisionAnswerResult> {
  const event = written.envelopes
    .map((e) => e.event)
    .filter(isKnownEvent)
    .find((e) => e.type === "decision_answered");
  if (event?.type !== "decision_answered") {
    const slot = await slotIn(request.scope);
    return { status: "repeat", option_id: slot?.closed[request.decision_id]?.option_id ?? null };
  }
  const { scope, decision_id, option_id, label, channel } = event;
  if (channel === DEFERRED_CHANNEL) return { status: "delivered", option_id, channel };
  // Own keys only: a name like `constructor` must not reach Object.prototype and "deliver".
  const deliver = Object.hasOwn(channels, channel) ? channels[channel] : undefined;
  try {
    // A channel the host stopped declaring since the decision was asked cannot deliver.
    if (deliver === undefined) throw new Error(`answer channel ${channel} is not declared`);
    await deliver({ scope, decision_id, option_id, label });
    return { status: "delivered", option_id, channel };
  } catch (error) {
    return { status: "undelivered", option_id, channel, error };
  }
}
