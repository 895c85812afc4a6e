import { customAlphabet } from "nanoid";
import { z } from "zod";
import { MAX_ID_LENGTH } from "./limits.ts";

/** The prefixes of generated ids, one per kind of entity a command can create. */
export type IdPrefix = "art" | "thr" | "run" | "prp" | "msg" | "evt" | "side" | "cmt";

/** Makes a new id with the given prefix. Injected, so tests and replays are deterministic. */
export type IdSource = (prefix: IdPrefix) => string;

const hex16 = customAlphabet("0123456789abcdef", 16);

/** The default id source: `{prefix}_` and 16 random lowercase hex digits, as the original. */
export const randomIds: IdSource = (prefix) => `${prefix}_${hex16()}`;

/** A deterministic id source for tests and demos: `{prefix}_1`, `{prefix}_2`, … per prefix. */
export function sequentialIds(): IdSource {
  const counters = new Map<IdPrefix, number>();
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_${next}`;
  };
}

/**
 * An id that comes from outside (in a command, a fact or an actor): 1 to 256 UTF-16 units,
 * without control characters (Cc), line or paragraph separators (Zl, Zp) or format
 * characters (Cf: bidi overrides and isolates, zero-width characters, the BOM), so that
 * every store can index it and every surface show it on one line, as it is, and two ids that
 * look the same are the same.
 */
export const IdSchema = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH)
  .regex(
    /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u,
    "must not contain control characters, line or paragraph separators or format characters",
  );

/** True for a string {@link IdSchema} accepts (and every store can look up). */
export function isId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    (value as unknown as { isWellFormed(): boolean }).isWellFormed() &&
    IdSchema.safeParse(value).success
  );
}
