import { isBuiltInChannel, type Scope } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";

/** What an answer channel delivers: the person's pick, and the decision it answers. */
export interface DecisionDelivery {
  readonly scope: Scope;
  /** The scope's thread (a run's own thread). */
  readonly thread_id: string;
  /** The run, for a run's decision. */
  readonly run_id: string | null;
  readonly decision_id: string;
  readonly option_id: string;
  readonly label: string;
}

/**
 * How a scope's agent takes an answer (a hook verdict, typed text, a JSON line on stdin…),
 * supplied by the host once proven against the real agent. It resolves once delivered and
 * throws when it could not deliver.
 */
export type AnswerChannel = (delivery: DecisionDelivery) => Promise<void>;

/**
 * How delivering a stored answer went: `delivered` through its channel (a run's `deferred`
 * one in the very write that stored it), or stage `deliver` when the channel threw or is no
 * longer declared; the answer stays stored and its id consumed either way.
 */
export type DeliveryResult =
  | {
      readonly ok: true;
      readonly status: "delivered";
      readonly option_id: string;
      readonly channel: string;
      readonly rejection?: never;
    }
  | {
      readonly ok: false;
      readonly stage: "deliver";
      readonly option_id: string;
      readonly channel: string;
      readonly error: unknown;
      readonly rejection?: never;
    };

/**
 * Delivers the answer a write stored, if it stored one: whichever entry point wrote it
 * (`answerDecision`, `commit`, a protocol frame), the write that consumed the decision id is
 * the one that delivers, so an answer is delivered once and never lost between surfaces.
 * The promise never rejects.
 */
export function deliverAnswer(
  channels: Readonly<Record<string, AnswerChannel>>,
  envelopes: readonly Envelope[],
): Promise<DeliveryResult> | undefined {
  for (const { event } of envelopes) {
    if (!isKnownEvent(event) || event.type !== "decision_answered") continue;
    const { scope, thread_id, run_id, decision_id, option_id, label, channel } = event;
    // A built-in channel delivers in the write that stored the answer (the run's deferred
    // request answered; the asker's notes tell it).
    if (isBuiltInChannel(channel)) {
      return Promise.resolve({ ok: true, status: "delivered", option_id, channel });
    }
    // Own keys only: a name like `constructor` must not reach Object.prototype and "deliver".
    const send = Object.hasOwn(channels, channel) ? channels[channel] : undefined;
    return (async (): Promise<DeliveryResult> => {
      try {
        // A channel the host stopped declaring since the decision was asked cannot deliver.
        if (send === undefined) throw new Error(`answer channel ${channel} is not declared`);
        await send({ scope, thread_id, run_id, decision_id, option_id, label });
        return { ok: true, status: "delivered", option_id, channel };
      } catch (error) {
        return { ok: false, stage: "deliver", option_id, channel, error };
      }
    })();
  }
  return undefined;
}
