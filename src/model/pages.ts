import { WorkspaceError } from "./errors.ts";

/** How long a page is when its reader does not say. */
export const DEFAULT_PAGE_LIMIT = 100;
/** The longest page a reader may ask for: longer ones are what paging is there to avoid. */
export const MAX_PAGE_LIMIT = 1_000;

/** Which page of a list to read. */
export interface PageRequest {
  /**
   * The cursor a page before gave as `next` (the id of its last entry): this page starts after
   * it. From the start when left out.
   */
  readonly after?: string;
  /** At most this many entries: a whole number from 1 to 1,000 (default 100). */
  readonly limit?: number;
}

/** A page of a list, in the list's order. */
export interface Page<T> {
  readonly items: T[];
  /** What to pass as `after` for the next page, or `null` when this page is the last. */
  readonly next: string | null;
}

/**
 * A page's length from what a reader asked: the default when left out.
 *
 * @throws WorkspaceError `invalid_argument` naming the option for anything but a whole number
 * from 1 to {@link MAX_PAGE_LIMIT} (a caller's bug, not a store fault to retry).
 */
export function pageLimit(value: unknown, option: string): number {
  if (value === undefined) return DEFAULT_PAGE_LIMIT;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) {
    if (value <= MAX_PAGE_LIMIT) return value;
  }
  throw new WorkspaceError(
    "invalid_argument",
    `${option} must be a whole number from 1 to ${MAX_PAGE_LIMIT}, not ${String(value)}`,
  );
}
