import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import type { Store } from "../stores/port.ts";
import { type AnswerChannel, type DeliveryResult, deliverAnswer } from "./deliveries.ts";

/** An answer stored by an append whose outcome the store could not tell. */
interface HeldAnswer {
  /** The append's envelopes, as decided: the `decision_answered` among them. */
  readonly envelopes: readonly Envelope[];
  /** Which decision it answers: `kind:id:decision_id`. */
  readonly decision: string;
  /** Its delivery, once the append was found to have landed (started once, shared). */
  delivery: Promise<DeliveryResult> | undefined;
}

/**
 * The answers this workspace instance stored in appends that ended `unknown_outcome`, by the
 * append's first envelope id: the write that stored each could not deliver it, so the first
 * to find that it landed (`settle`, or the same answer sent again) does, once. Held in memory
 * only: another process, or this one restarted, does not deliver them (ADR 0020).
 */
export type HeldAnswers = Map<string, HeldAnswer>;

/** What settling a held answer needs: where the log is, and the channels to deliver through. */
interface HeldCore {
  readonly id: string;
  readonly store: Store;
  readonly channels: Readonly<Record<string, AnswerChannel>>;
  readonly held: HeldAnswers;
}

// Delivered ones are kept for a repeat to report, but not without end.
const KEEP_DELIVERED = 100;

const decisionKey = (kind: string, id: string, decisionId: string): string =>
  `${kind}:${id}:${decisionId}`;

/** Holds the answer an append of unknown outcome stored, if it stored one. */
export function holdAnswer(held: HeldAnswers, envelopes: readonly Envelope[]): void {
  const first = envelopes[0];
  const answered = envelopes
    .map((e) => e.event)
    .find((e) => isKnownEvent(e) && e.type === "decision_answered");
  if (first === undefined || answered?.type !== "decision_answered") return;
  const { scope, decision_id } = answered;
  held.set(first.id, {
    envelopes,
    decision: decisionKey(scope.kind, scope.id, decision_id),
    delivery: undefined,
  });
  for (const [id, entry] of held) {
    if (held.size <= KEEP_DELIVERED) break;
    if (entry.delivery !== undefined) held.delete(id);
  }
}

// Starts the delivery once, whoever asks first; later askers share it.
function deliver(core: HeldCore, entry: HeldAnswer): Promise<DeliveryResult> | undefined {
  entry.delivery ??= deliverAnswer(core.channels, entry.envelopes);
  return entry.delivery;
}

/**
 * Settles the answer held for an append, if any: delivered (and awaited) when the append
 * landed, dropped when it did not (sending its item again stores and delivers it anew).
 */
export async function settleHeld(
  core: HeldCore,
  envelopeId: string,
  landed: boolean,
): Promise<void> {
  if (!landed) {
    core.held.delete(envelopeId);
    return;
  }
  await heldDelivery(core, envelopeId);
}

/**
 * The delivery of the answer held for an append known to have landed (started now unless it
 * was already), or `undefined` when that append held none.
 */
export function heldDelivery(
  core: HeldCore,
  envelopeId: string,
): Promise<DeliveryResult> | undefined {
  const entry = core.held.get(envelopeId);
  return entry === undefined ? undefined : deliver(core, entry);
}

/**
 * For the same answer sent again: the held answer to that decision whose append landed, with
 * its delivery (started now unless `settle` did), reported once; `undefined` when none is.
 */
export async function takeHeld(
  core: HeldCore,
  scope: { readonly kind: string; readonly id: string },
  decisionId: string,
): Promise<{ envelopes: readonly Envelope[]; delivery: Promise<DeliveryResult> } | undefined> {
  const key = decisionKey(scope.kind, scope.id, decisionId);
  for (const [id, entry] of core.held) {
    if (entry.decision !== key) continue;
    const first = entry.envelopes[0];
    const landed =
      entry.delivery !== undefined ||
      (first !== undefined &&
        (await core.store.landed(core.id, { seq: first.seq, envelope_id: first.id })));
    // Another caller may have taken it meanwhile: it is reported to one.
    if (core.held.get(id) !== entry) continue;
    core.held.delete(id);
    const delivery = landed ? deliver(core, entry) : undefined;
    if (delivery !== undefined) return { envelopes: entry.envelopes, delivery };
  }
  return undefined;
}
