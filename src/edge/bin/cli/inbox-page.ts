import { MAX_PAGE_LIMIT } from "../../../model/pages.ts";
import { countValue, optionValue } from "./args.ts";
import { usage } from "./exit.ts";

/** Which page of pending proposals `inbox` lists. */
export interface InboxPage {
  readonly after?: string;
  readonly limit?: number;
}

/** `inbox`'s paging options. */
export const PAGE_ARGS = {
  after: {
    type: "string",
    valueHint: "id",
    description: "List the pending proposals made after this one (the id a page's `more` gives)",
  },
  limit: {
    type: "string",
    valueHint: "n",
    description: `At most this many pending proposals, 1 to ${MAX_PAGE_LIMIT} (default: all; 100 with --after)`,
  },
} as const;

/**
 * The page `--after` and `--limit` ask for, or `null` for every pending proposal (the inbox as
 * it always was).
 *
 * @throws CliError `usage` for a limit that is not a whole number from 1 to 1,000.
 */
export function inboxPage(args: Readonly<Record<string, unknown>>): InboxPage | null {
  const after = optionValue(args, "after");
  const limit = countValue(args, "limit");
  if (limit !== undefined && (limit < 1 || limit > MAX_PAGE_LIMIT)) {
    throw usage(`--limit ${limit}: expected a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  if (after === undefined && limit === undefined) return null;
  return { ...(after === undefined ? {} : { after }), ...(limit === undefined ? {} : { limit }) };
}
