import type { Inbox } from "./inbox.ts";

/**
 * The card an action was about, and the state it left it in: `gone` for a proposal or
 * decision it answered, the offer card's state (`started`, `dismissed`, `standing`).
 */
export interface Subject {
  /** `proposal:<id>`, `decision:<scope kind>:<scope id>:<id>` or `offer:<thread>/<offer>`. */
  readonly key: string;
  readonly state: string;
}

/** What the status line says: the person's last action, until a later change touches its card. */
export interface Said {
  readonly message: string;
  readonly subject: Subject | null;
  /** Whether an inbox read since has shown the card in the state the action left it in. */
  readonly seen: boolean;
}

/** Nothing said. */
export const SILENT: Said = { message: "", subject: null, seen: false };

/** The state of the card `key` names in `inbox`: `gone` when it is not there. */
function stateIn(inbox: Inbox, key: string): string {
  const [kind = "", id = ""] = key.split(/:(.*)/s, 2);
  switch (kind) {
    case "proposal":
      return inbox.proposals.some((item) => item.proposal.id === id) ? "pending" : "gone";
    case "decision":
      return inbox.decisions.some(
        ({ scope, decision }) => `${scope.kind}:${scope.id}:${decision.id}` === id,
      )
        ? "pending"
        : "gone";
    case "offer":
      return (
        inbox.offers.find((entry) => `${entry.thread_id}/${entry.offer_id}` === id)?.card.state ??
        "gone"
      );
    default:
      return "gone";
  }
}

/**
 * What the status line says once `inbox` is read: the same, until the card the action was
 * about has been seen as the action left it and then differs (another person or process
 * changed it since: the line would be stale, so it is cleared). A read that still shows the
 * card as it was before the action (it started before the action landed) changes nothing.
 */
export function afterRead(said: Said, inbox: Inbox): Said {
  if (said.subject === null) return said;
  const now = stateIn(inbox, said.subject.key);
  if (now === said.subject.state) return said.seen ? said : { ...said, seen: true };
  return said.seen ? SILENT : said;
}
