import type { z } from "zod";
import { parseCommand } from "../decide/parse.ts";
import type { ActorInput } from "../model/actors.ts";
import type { AnswerDecisionSchema, Scope } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import type { Rejection } from "../model/rejections.ts";
import { NO_NEEDS } from "../model/state.ts";
import { DEFERRED_CHANNEL } from "../rules/decisions/decisions.ts";
import { type WorkspaceCore, write } from "./core.ts";

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

/** A person's pick: the `answer_decision` command without its `type`. */
export type DecisionAnswer = Omit<z.input<typeof AnswerDecisionSchema>, "type">;

/**
 * What answering a decision led to, by `ok` and then `status` or `stage`:
 * - `delivered`: stored, and delivered through its channel (a run's `deferred` one: in the
 *   same write);
 * - `repeat`: the id was already consumed; nothing was stored or delivered again;
 * - stage `answer`: refused (stale or unknown id, read-only decision, unknown option, not a
 *   person); nothing was stored;
 * - stage `deliver`: stored (the id is consumed, so no other surface delivers it) but the
 *   channel threw, so the agent did not get it; the host retires the decision or asks again.
 */
export type DecisionAnswerResult =
  | {
      readonly ok: true;
      readonly status: "delivered";
      readonly option_id: string;
      readonly channel: string;
      readonly rejection?: never;
    }
  | {
      readonly ok: true;
      readonly status: "repeat";
      readonly option_id: string | null;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly stage: "answer"; readonly rejection: Rejection }
  | {
      readonly ok: false;
      readonly stage: "deliver";
      readonly option_id: string;
      readonly channel: string;
      readonly error: unknown;
      readonly rejection?: never;
    };

// How a consumed id was answered, for a repeat.
async function storedPick(core: WorkspaceCore, answer: DecisionAnswer): Promise<string | null> {
  const { scope } = answer;
  const kind = scope.kind === "thread" ? "threads" : "runs";
  const loaded = await core.store.load(core.id, { ...NO_NEEDS, [kind]: [scope.id] });
  const owner = (scope.kind === "thread" ? loaded.threads : loaded.runs).get(scope.id);
  return owner?.decision.closed[answer.decision_id]?.option_id ?? null;
}

/**
 * Delivers an answer once it is stored. Only the write that consumed the id carries a
 * `decision_answered` event, so only its caller delivers.
 */
async function deliver(
  core: WorkspaceCore,
  envelopes: readonly Envelope[],
  answer: DecisionAnswer,
): Promise<DecisionAnswerResult> {
  const event = envelopes
    .map((e) => e.event)
    .filter(isKnownEvent)
    .find((e) => e.type === "decision_answered");
  if (event?.type !== "decision_answered") {
    return { ok: true, status: "repeat", option_id: await storedPick(core, answer) };
  }
  const { scope, decision_id, option_id, label, channel } = event;
  if (channel === DEFERRED_CHANNEL) return { ok: true, status: "delivered", option_id, channel };
  // Own keys only: a name like `constructor` must not reach Object.prototype and "deliver".
  const send = Object.hasOwn(core.channels, channel) ? core.channels[channel] : undefined;
  try {
    // A channel the host stopped declaring since the decision was asked cannot deliver.
    if (send === undefined) throw new Error(`answer channel ${channel} is not declared`);
    await send({ scope, decision_id, option_id, label });
    return { ok: true, status: "delivered", option_id, channel };
  } catch (error) {
    return { ok: false, stage: "deliver", option_id, channel, error };
  }
}

/** Stores a person's pick (consuming the decision's id), then delivers it through its channel. */
export async function answerDecision(
  core: WorkspaceCore,
  answer: DecisionAnswer,
  actor: ActorInput,
): Promise<DecisionAnswerResult> {
  const command = parseCommand({ ...answer, type: "answer_decision" }, core.newId);
  const written = await write(core, command, actor, {});
  if (!written.ok) return { ok: false, stage: "answer", rejection: written.rejection };
  return deliver(core, written.envelopes, answer);
}
