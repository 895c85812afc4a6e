// The page's offers: every offer with the card the library draws for it, and starting one
// through the host's ports, as the CLI's `offer start` does.
import {
  type StartOfferPorts,
  type StartOfferResult,
  startOffer,
} from "../../../host/start-offer.ts";
import type { Actor } from "../../../model/actors.ts";
import { offerCard } from "../../../offers/card.ts";
import { mayReadThread } from "../../../protocol/delivery.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type {
  OfferCardEntry,
  PageAnswer,
  PageRefusal,
  StartAnswer,
  StartRequest,
} from "./page-api.ts";

/**
 * Every offer made in the threads `actor` may read (a thread's agent: its own), with the card
 * the library draws for it now.
 */
export async function offerCards(workspace: Workspace, actor: Actor): Promise<OfferCardEntry[]> {
  const entries = (await workspace.offers()).filter(({ thread_id }) =>
    mayReadThread(actor, thread_id),
  );
  return Promise.all(
    entries.map(async ({ thread_id, offer_id, offer, answer }) => {
      const started =
        answer?.status === "started" ? await workspace.thread(answer.thread_id) : null;
      const exists = started !== null && started.status !== "deleted";
      return { thread_id, offer_id, card: offerCard(offer, answer ?? undefined, exists) };
    }),
  );
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** How a start that did not go through reads, in the words of the CLI's `offer start`. */
function notStarted(result: Exclude<StartOfferResult, { ok: true }>): PageRefusal {
  switch (result.stage) {
    case "check":
    case "park_draft":
    case "send_prompt":
    case "record_answer":
      return result.rejection;
    case "consent": {
      const message = `only a shared checkout could be had and it was declined: the prompt is ${result.thread_id}'s draft, nothing was sent, the offer still stands`;
      return { type: "consent_declined", message, thread_id: result.thread_id };
    }
    case "checkout": {
      const message = `checkout failed: ${messageOf(result.error)}; thread ${result.thread_id} is left empty, nothing was sent, the offer still stands`;
      return { type: "checkout_failed", message, thread_id: result.thread_id };
    }
    case "dispatch": {
      const message = `started ${result.thread_id} and sent its prompt, but dispatch failed: ${messageOf(result.error)}`;
      return { type: "dispatch_failed", message, thread_id: result.thread_id };
    }
  }
}

/**
 * Starts an offer as `actor` through the host's ports: create the thread, get an isolated
 * checkout (or consent to a shared one), send the prompt, dispatch. Without ports, a refusal
 * (`no_host`); nothing is written.
 */
export async function startFromPage(
  workspace: Workspace,
  run: {
    readonly actor: Actor;
    readonly ports: StartOfferPorts | null;
    readonly request: StartRequest;
  },
): Promise<PageAnswer<StartAnswer>> {
  if (run.ports === null) {
    const message =
      "starting an offer needs the host's ports, and this server was given none (agent-workspace serve takes them from --host <module>)";
    return { ok: false, rejection: { type: "no_host", message } };
  }
  const { thread_id, offer_id } = run.request;
  const result = await startOffer(workspace, {
    request: { offering_thread_id: thread_id, offer_id, surface: "page" },
    actor: run.actor,
    ports: run.ports,
  });
  if (!result.ok) return { ok: false, rejection: notStarted(result) };
  const { mode, path } = result.checkout;
  return { ok: true, thread_id: result.thread_id, checkout: { mode, path } };
}
