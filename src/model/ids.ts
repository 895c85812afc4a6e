import { customAlphabet } from "nanoid";

/** The prefixes of generated ids, one per kind of entity a command can create. */
export type IdPrefix = "art" | "thr" | "run" | "prp" | "msg" | "evt" | "side";

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
