// The page's own routes, beside the protocol: what the protocol has no command for (a
// proposal's edit document, accepting what the person saved, starting an offer through the
// host's ports) and the offer cards as the library draws them. `reviewHandler` answers them
// (and `agent-workspace serve` through it); the page calls them with `fetch`, and imports
// only these types from here.
import type { ConflictChoices } from "../../../model/conflict-choices.ts";
import type { Outcome } from "../../../model/outcome.ts";
import type { OfferCard } from "../../../offers/card.ts";

/** A refusal, as the page shows it: a workspace rejection, or one of the page routes' own. */
export interface PageRefusal {
  readonly type: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

/** `GET /review/info`: who the page acts as, and what this server can do. */
export interface ReviewInfo {
  readonly workspace: string;
  /** Who the page acts as: a user's id, else the actor's participant key. */
  readonly person: string;
  /** The answer channels this server can deliver on (besides a run's own `deferred`). */
  readonly channels: readonly string[];
  /** Whether offers can be started here (the host gave the ports). */
  readonly can_start: boolean;
}

/** `GET /review/offers`: every offer with its card. */
export interface OfferCardEntry {
  readonly thread_id: string;
  readonly offer_id: string;
  readonly card: OfferCard;
}

/**
 * `GET /review/proposals/:id/document`: what the editor opens on, as the CLI's `accept
 * --edit` does: one text field as plain text (`field`) or the whole data as JSON (`field`
 * `null`), merged, or with conflict markers where the merge conflicts.
 */
export interface EditDocument {
  readonly field: string | null;
  readonly text: string;
  /** The version the saved text becomes changes against; `null` for a proposed new artifact. */
  readonly base_version: number | null;
  /** Whether the text holds conflicts to resolve (markers). */
  readonly conflicted: boolean;
}

/** An answer of the page's routes: what happened, or why nothing did. */
export type PageAnswer<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly rejection: PageRefusal };

/** `POST /review/proposals/:id/accept`: the saved text, and the document it was opened on. */
export interface AcceptEditedRequest {
  readonly text: string;
  readonly field: string | null;
  readonly base_version: number | null;
}

/**
 * `POST /review/proposals/:id/choose`: the person's choice for every conflicting region (named
 * `<pointer>` or `<pointer>#n`), made at `base_version` (ADR 0054). Answered as
 * {@link AcceptEditedAnswer}.
 */
export type AcceptChosenRequest = ConflictChoices;

/** What accepting the saved text did. */
export interface AcceptEditedAnswer {
  readonly outcome: Outcome;
}

/** `POST /review/offers/start`: which offer. */
export interface StartRequest {
  readonly thread_id: string;
  readonly offer_id: string;
}

/** How a start went: the new thread and its checkout. */
export interface StartAnswer {
  readonly thread_id: string;
  readonly checkout: { readonly mode: string; readonly path: string };
}
