import { isDue, type PendingDecision } from "../model/decisions.ts";
import { isId } from "../model/ids.ts";
import type { OfferEntry } from "../model/offers.ts";
import {
  decisionCursor,
  decisionCursorScope,
  offerCursor,
  offerCursorRef,
} from "../model/page-cursors.ts";
import { type Page, type PageRequest, pageLimit } from "../model/pages.ts";
import type { DecisionFilter, OfferFilter, Store } from "../stores/port.ts";
import { listPage } from "./list-page.ts";

const EMPTY: Page<never> = Object.freeze({ items: [], next: null });

/**
 * A page of the decisions pending at `now` (ISO 8601): threads' first, then runs', each in the
 * order its thread or run was first written, read by the store's index from where the page
 * starts. A decision past its `expires_at` is left out after the read, and the page reads on
 * until it is full or the list ends. A cursor or thread no page or command could have given
 * names nothing: an empty last page, on every store.
 *
 * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to 1,000.
 */
export async function decisionPage(
  store: Store,
  workspaceId: string,
  now: string,
  request: DecisionFilter & PageRequest,
): Promise<Page<PendingDecision>> {
  const limit = pageLimit(request.limit, "decisionPage: limit");
  const { threadId, after } = request;
  const from = after === undefined ? undefined : decisionCursorScope(after);
  if (from === null || (threadId !== undefined && !isId(threadId))) return EMPTY;
  const filter = threadId === undefined ? {} : { threadId };
  return listPage(
    {
      read: (at) => store.decisions(workspaceId, { ...filter, ...at }),
      placeOf: (pending) => pending.scope,
      cursorOf: decisionCursor,
      keep: (pending) => !isDue(pending.decision, now),
    },
    from,
    limit,
  );
}

/**
 * A page of the offers made, with their answers: by offering thread in the order threads were
 * created, each thread's in the order made, read by the store's index from where the page
 * starts. A cursor or thread no page or command could have given names nothing.
 *
 * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to 1,000.
 */
export async function offerPage(
  store: Store,
  workspaceId: string,
  request: OfferFilter & PageRequest,
): Promise<Page<OfferEntry>> {
  const limit = pageLimit(request.limit, "offerPage: limit");
  const { threadId, after } = request;
  const from = after === undefined ? undefined : offerCursorRef(after);
  if (from === null || (threadId !== undefined && !isId(threadId))) return EMPTY;
  const filter = threadId === undefined ? {} : { threadId };
  return listPage(
    {
      read: (at) => store.offers(workspaceId, { ...filter, ...at }),
      placeOf: ({ thread_id, offer_id }) => ({ thread_id, offer_id }),
      cursorOf: offerCursor,
    },
    from,
    limit,
  );
}
