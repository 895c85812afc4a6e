import { MAX_PAGE_LIMIT } from "../../../model/pages.ts";
import { countValue, optionValue } from "./args.ts";
import { usage } from "./exit.ts";

/**
 * Which page of each list `inbox` lists: every list pages on its own, from its own cursor,
 * `limit` entries at most.
 */
export interface InboxPage {
  /** The pending proposals after this proposal's id. */
  readonly after?: string;
  /** The pending decisions after this cursor (`thread:<id>`, `run:<id>`). */
  readonly decisionsAfter?: string;
  /** The standing offers after this cursor (`<thread>:<offer>`). */
  readonly offersAfter?: string;
  readonly limit?: number;
}

/** `inbox`'s paging options. */
export const PAGE_ARGS = {
  after: {
    type: "string",
    valueHint: "id",
    description: "List the pending proposals made after this one (the id a page's `more` gives)",
  },
  "decisions-after": {
    type: "string",
    valueHint: "cursor",
    description: "List the pending decisions after this one (the cursor a page's `more` gives)",
  },
  "offers-after": {
    type: "string",
    valueHint: "cursor",
    description: "List the standing offers after this one (the cursor a page's `more` gives)",
  },
  limit: {
    type: "string",
    valueHint: "n",
    description: `At most this many of each list, 1 to ${MAX_PAGE_LIMIT} (default: all; 100 with an --…after)`,
  },
} as const;

/**
 * The page the paging options ask for, or `null` for every entry of every list (the inbox as
 * it always was).
 *
 * @throws CliError `usage` for a limit that is not a whole number from 1 to 1,000.
 */
export function inboxPage(args: Readonly<Record<string, unknown>>): InboxPage | null {
  const after = optionValue(args, "after");
  const decisionsAfter = optionValue(args, "decisions-after");
  const offersAfter = optionValue(args, "offers-after");
  const limit = countValue(args, "limit");
  if (limit !== undefined && (limit < 1 || limit > MAX_PAGE_LIMIT)) {
    throw usage(`--limit ${limit}: expected a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  const given = { after, decisionsAfter, offersAfter, limit };
  const page = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return Object.keys(page).length === 0 ? null : (page as InboxPage);
}
