import type { PendingDecision } from "../model/decisions.ts";
import type { OfferEntry, OfferRef } from "../model/offers.ts";
import type { Run } from "../model/runs.ts";
import type { Thread } from "../model/threads.ts";
import { offersOf, pendingDecisions } from "./pending.ts";
import type { OfferFilter, PageAt } from "./port.ts";

/**
 * At most `limit` of the decisions pending in these threads, then these runs (each read from
 * where the page starts): every adapter reads its rows for a page, then cuts it here.
 */
export function decisionPageOf(
  threads: Iterable<Thread>,
  runs: Iterable<Run>,
  threadId: string | undefined,
  limit: number | undefined,
): PendingDecision[] {
  const found = pendingDecisions(threads, runs, threadId);
  return limit === undefined ? found : found.slice(0, Math.max(0, limit));
}

/**
 * A page of offers: those `from` (the thread that made the offer `after`) made after it, then
 * those of the threads `rest` (the offering threads created after `from`), at most `limit`.
 * `rest` is read only as far as the page needs. An `after` whose thread never made it lists
 * nothing, as an id never made does.
 */
export function offerPageOf(
  from: Thread | null,
  rest: Iterable<Thread>,
  { threadId, after, limit }: OfferFilter & PageAt<OfferRef>,
): OfferEntry[] {
  const most = limit ?? Number.POSITIVE_INFINITY;
  const page: OfferEntry[] = [];
  if (after !== undefined) {
    if (from === null || !Object.hasOwn(from.offered, after.offer_id)) return page;
    const own = offersOf([from], threadId);
    const at = own.findIndex((entry) => entry.offer_id === after.offer_id);
    page.push(...own.slice(at + 1, at + 1 + Math.max(0, most)));
  }
  for (const thread of rest) {
    if (page.length >= most) break;
    for (const entry of offersOf([thread], threadId)) {
      if (page.length >= most) break;
      page.push(entry);
    }
  }
  return page;
}
