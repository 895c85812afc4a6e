import type { Scope } from "../model/decisions.ts";

/** What an answer channel delivers: the person's pick, and the decision it answers. */
export interface DecisionDelivery {
  readonly scope: Scope;
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

/** What answering a decision led to. */
export type DecisionAnswerResult =
  /** Stored, and delivered through its channel (a run's `deferred` one: in the same write). */
  | { readonly status: "delivered"; readonly option_id: string; readonly channel: string }
  /** The id was already consumed: nothing was stored or delivered again. */
  | { readonly status: "repeat"; readonly option_id: string | null }
  /**
   * Stored (the id is consumed, so no other surface delivers it) but the channel threw, so
   * the agent did not get it; the host retires the decision or asks again through the agent.
   */
  | {
      readonly status: "undelivered";
      readonly option_id: string;
      readonly channel: string;
      readonly error: unknown;
    };
