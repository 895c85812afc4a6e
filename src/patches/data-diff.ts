import type { DataDiff } from "../model/data-diff.ts";
import type { JsonObject } from "../model/json.ts";
import { diff } from "./diff.ts";
import { unifiedDiff } from "./unified-diff.ts";

/**
 * The difference from `before` to `after`, or `null` when they are equal. Text fields get a
 * unified diff labelled with `labels` (e.g. `["proposed", "landed"]`); the rest a JSON Patch.
 */
export function dataDiff(
  before: JsonObject,
  after: JsonObject,
  labels: readonly [string, string],
): DataDiff | null {
  const text: DataDiff["text"] = [];
  const restBefore: JsonObject = {};
  const restAfter: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[key], after[key]];
    if (typeof b === "string" && typeof a === "string") {
      if (b !== a) text.push({ field: key, unified: unifiedDiff(key, labels, b, a) });
      continue;
    }
    if (b !== undefined) restBefore[key] = b;
    if (a !== undefined) restAfter[key] = a;
  }
  const json = diff(restBefore, restAfter).ops;
  return text.length === 0 && json.length === 0 ? null : { text, json };
}
