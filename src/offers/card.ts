import type { GrantedCheckout, OfferAnswer, ThreadOffer } from "../model/offers.ts";

/** A button on an offer card, by what it does. */
type OfferCardAction =
  | { readonly id: "start"; readonly label: string }
  | { readonly id: "dismiss"; readonly label: string }
  | { readonly id: "bring_back"; readonly label: string };

/**
 * An offer nobody has started or dismissed (or one brought back): the only card that asks
 * for anything. It leads with the summary; the prompt, written for an agent, is one
 * disclosure away.
 */
interface StandingOfferCard {
  readonly state: "standing";
  /** An ask: the accent a host gives what waits for a person. */
  readonly emphasis: "ask";
  /** Open by default. */
  readonly expanded: true;
  readonly title: string;
  readonly summary: string;
  readonly rationale: string | null;
  /** Paths the work expects to touch, for display only. */
  readonly files: readonly string[];
  /** The starting prompt, behind a disclosure that starts closed. */
  readonly prompt: { readonly label: string; readonly text: string; readonly expanded: false };
  /** Starting gives the work a checkout of its own, never the person's open one. */
  readonly own_checkout: true;
  /** The chip saying so. */
  readonly checkout_chip: string;
  readonly actions: readonly [
    Extract<OfferCardAction, { id: "start" }>,
    Extract<OfferCardAction, { id: "dismiss" }>,
  ];
}

/**
 * A started offer, collapsed to one line. `link` lives on the line itself so it is never
 * behind a disclosure; it is `null` once the started thread is gone, and the card still
 * reads started. `checkout` is what the answer recorded; `unknown` is never shown as isolated.
 */
interface StartedOfferCard {
  readonly state: "started";
  readonly emphasis: "history";
  readonly expanded: false;
  readonly title: string;
  readonly line: string;
  readonly link: { readonly thread_id: string } | null;
  readonly checkout: GrantedCheckout;
}

/** A dismissed offer, collapsed to one line; expanding it offers to bring it back. */
interface DismissedOfferCard {
  readonly state: "dismissed";
  readonly emphasis: "history";
  readonly expanded: false;
  readonly title: string;
  readonly line: string;
  readonly actions: readonly [Extract<OfferCardAction, { id: "bring_back" }>];
}

/** What a host shows for an offer in the transcript. Switch on `state`. */
export type OfferCard = StandingOfferCard | StartedOfferCard | DismissedOfferCard;

function startedLine(title: string, checkout: GrantedCheckout, exists: boolean): string {
  const where = ((): string => {
    switch (checkout) {
      case "isolated":
        return `Started "${title}" in its own checkout`;
      case "shared":
        return `Started "${title}" in the shared checkout`;
      case "unknown":
        return `Started "${title}"; the checkout it got is not known`;
    }
  })();
  return exists ? where : `${where}. That thread no longer exists.`;
}

/**
 * The card for an offer from the offer itself, its stored answer (`undefined`: none yet)
 * and whether the thread a start made still exists. The answer alone decides the state, so
 * a deleted thread never turns a started card back into an ask.
 */
export function offerCard(
  offer: ThreadOffer,
  answer: OfferAnswer | undefined,
  startedThreadExists: boolean,
): OfferCard {
  const { title } = offer;
  if (answer === undefined) return standing(offer);
  switch (answer.status) {
    case "standing":
      return standing(offer);
    case "started":
      return {
        state: "started",
        emphasis: "history",
        expanded: false,
        title,
        line: startedLine(title, answer.checkout, startedThreadExists),
        link: startedThreadExists ? { thread_id: answer.thread_id } : null,
        checkout: answer.checkout,
      };
    case "dismissed":
      return {
        state: "dismissed",
        emphasis: "history",
        expanded: false,
        title,
        line: `Set aside: "${title}"`,
        actions: [{ id: "bring_back", label: "Restore offer" }],
      };
  }
}

function standing(offer: ThreadOffer): StandingOfferCard {
  return {
    state: "standing",
    emphasis: "ask",
    expanded: true,
    title: offer.title,
    summary: offer.summary,
    rationale: offer.rationale,
    files: offer.files,
    prompt: { label: "Starting prompt", text: offer.prompt, expanded: false },
    own_checkout: true,
    checkout_chip: "Runs in a checkout of its own",
    actions: [
      { id: "start", label: "Start thread" },
      { id: "dismiss", label: "Dismiss" },
    ],
  };
}
