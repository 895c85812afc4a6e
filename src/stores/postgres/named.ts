import { createHash } from "node:crypto";

const names = new Map<string, string>();

/**
 * A query under a name derived from its text, so each connection plans it once and reuses
 * the plan (planning costs more than running most of these statements).
 */
export function named(
  text: string,
  values: unknown[],
): { name: string; text: string; values: unknown[] } {
  let name = names.get(text);
  if (name === undefined) {
    name = `aw_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
