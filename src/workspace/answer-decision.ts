import type { z } from "zod";
import { parseCommand } from "../decide/parse.ts";
import type { ActorInput } from "../model/actors.ts";
import type { AnswerDecisionSchema } from "../model/decisions.ts";
import type { Rejection } from "../model/rejections.ts";
import { NO_NEEDS } from "../model/state.ts";
import { type WorkspaceCore, write } from "./core.ts";
import type { DeliveryResult } from "./deliveries.ts";
import { takeHeld } from "./held-answers.ts";

/** A person's pick: the `answer_decision` command without its `type`. */
export type DecisionAnswer = Omit<z.input<typeof AnswerDecisionSchema>, "type">;

/**
 * What answering a decision led to, by `ok` and then `status` or `stage`:
 * - `delivered`: stored, and delivered through its channel (a run's `deferred` one: in the
 *   same write);
 * - `queued`: stored, and the delivery started but not awaited (`{ wait: false }`), so the
 *   person answering never waits for the agent's turn; `delivery` says how it went;
 * - `repeat`: the id was already consumed; nothing was stored or delivered again (but an
 *   answer this workspace stored in a write that ended `unknown_outcome`, not yet reported,
 *   is delivered now, once, and answered as `delivered` or stage `deliver`);
 * - stage `answer`: refused (stale or unknown id, read-only decision, unknown option, not a
 *   person); nothing was stored;
 * - stage `deliver`: stored (the id is consumed, so no other surface delivers it) but the
 *   channel threw, so the agent did not get it; the host retires the decision or asks again.
 */
export type DecisionAnswerResult =
  | DeliveryResult
  | {
      readonly ok: true;
      readonly status: "queued";
      readonly option_id: string;
      readonly channel: string;
      /** The delivery, under way: how it went, once it has (never rejects). */
      readonly delivery: Promise<DeliveryResult>;
      readonly rejection?: never;
    }
  | {
      readonly ok: true;
      readonly status: "repeat";
      readonly option_id: string | null;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly stage: "answer"; readonly rejection: Rejection };

// How a consumed id was answered, for a repeat.
async function storedPick(core: WorkspaceCore, answer: DecisionAnswer): Promise<string | null> {
  const { scope } = answer;
  const kind = scope.kind === "thread" ? "threads" : "runs";
  const loaded = await core.store.load(core.id, { ...NO_NEEDS, [kind]: [scope.id] });
  const owner = (scope.kind === "thread" ? loaded.threads : loaded.runs).get(scope.id);
  const closed = owner?.decision.closed ?? {};
  return Object.hasOwn(closed, answer.decision_id)
    ? (closed[answer.decision_id]?.option_id ?? null)
    : null;
}

/** Whether to wait for the delivery before answering. */
export interface AnswerOptions {
  /**
   * `true` (the default): answer once the channel has delivered. `false`: answer once the
   * pick is stored, with the delivery under way (`queued`) — for a web request or a CLI that
   * must not wait for the agent's whole turn.
   */
  readonly wait?: boolean;
}

/** Stores a person's pick (consuming the decision's id), then delivers it through its channel. */
export async function answerDecision(
  core: WorkspaceCore,
  answer: DecisionAnswer,
  actor: ActorInput,
  options: AnswerOptions = {},
): Promise<DecisionAnswerResult> {
  const command = parseCommand({ ...answer, type: "answer_decision" }, core.newId, core.limits);
  const written = await write(core, command, actor, {});
  if (!written.ok) return { ok: false, stage: "answer", rejection: written.rejection };
  // Only the write that consumed the id carries a delivery; a repeat carries none, unless
  // this workspace stored that answer in a write whose outcome was unknown: it delivers now.
  const held =
    written.delivery === undefined
      ? await takeHeld(core, answer.scope, answer.decision_id)
      : undefined;
  const delivery = written.delivery ?? held?.delivery;
  if (delivery === undefined) {
    return { ok: true, status: "repeat", option_id: await storedPick(core, answer) };
  }
  if (options.wait !== false) return delivery;
  const answered = (held?.envelopes ?? written.envelopes)
    .map((e) => e.event)
    .find((e) => e.type === "decision_answered");
  const { option_id = "", channel = "" } = (answered ?? {}) as {
    option_id?: string;
    channel?: string;
  };
  return { ok: true, status: "queued", option_id, channel, delivery };
}
