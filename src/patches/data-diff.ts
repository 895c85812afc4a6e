import { structuredPatch } from "diff";
import type { DataDiff } from "../model/data-diff.ts";
import type { JsonObject } from "../model/json.ts";
import { diff } from "./diff.ts";

/** A unified diff of one text, `---`/`+++` headers naming the two sides, 3 lines of context. */
function unifiedDiff(
  field: string,
  labels: readonly [string, string],
  before: string,
  after: string,
): string {
  const patch = structuredPatch(
    `${labels[0]}/${field}`,
    `${labels[1]}/${field}`,
    before,
    after,
    "",
    "",
    { context: 3 },
  );
  const lines = [`--- ${patch.oldFileName}`, `+++ ${patch.newFileName}`];
  for (const hunk of patch.hunks) {
    lines.push(
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    );
  }
  return `${lines.join("\n")}\n`;
}

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
