import { WorkspaceError } from "../model/errors.ts";

/**
 * A log position or a count a caller passed (`after`, `limit`): a whole number from 0, as
 * every store can take it, or `fallback` when left out.
 *
 * @throws WorkspaceError `invalid_argument` naming the option, for anything else (a host bug:
 * not a store fault to retry).
 */
export function wholeNumber(value: unknown, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw new WorkspaceError(
    "invalid_argument",
    `${option} must be a whole number from 0, not ${String(value)}`,
  );
}
