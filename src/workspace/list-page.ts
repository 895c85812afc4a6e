import type { Page } from "../model/pages.ts";
import type { PageAt } from "../stores/port.ts";

/** How a list is paged: its store read, what names an entry, and what a reader sees of it. */
interface PagedList<T, Cursor> {
  /** The store's read of a page of the list, from `after` (at most `limit`). */
  readonly read: (at: PageAt<Cursor>) => Promise<T[]>;
  /** Where an entry stands, as the store takes it for `after`. */
  readonly placeOf: (entry: T) => Cursor;
  /** The entry's cursor, as a reader passes it back. */
  readonly cursorOf: (entry: T) => string;
  /** Whether an entry the store read belongs in the page (left out: every one). */
  readonly keep?: (entry: T) => boolean;
}

/**
 * A page of a list read from the store: `limit` entries after `after`, and the cursor of the
 * page after it. It reads `limit + 1` so that whether more follow costs no second read. With
 * `keep`, entries the store read are dropped after the read (a decision past its time), and
 * it reads on from the last entry read until `limit + 1` are kept or the list ends, so a
 * dropped entry never shortens a page that others follow.
 */
export async function listPage<T, Cursor>(
  list: PagedList<T, Cursor>,
  after: Cursor | undefined,
  limit: number,
): Promise<Page<T>> {
  const kept: T[] = [];
  const chunk = limit + 1;
  for (let at = after; ; ) {
    const read = await list.read({ ...(at === undefined ? {} : { after: at }), limit: chunk });
    for (const entry of read) if (list.keep?.(entry) ?? true) kept.push(entry);
    const last = read.at(-1);
    if (read.length < chunk || kept.length > limit || last === undefined) break;
    at = list.placeOf(last);
  }
  if (kept.length <= limit) return { items: kept, next: null };
  const items = kept.slice(0, limit);
  const last = items.at(-1);
  return { items, next: last === undefined ? null : list.cursorOf(last) };
}
