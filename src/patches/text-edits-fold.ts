import type { TextEdits } from "../model/patches.ts";
import { patchFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { anchorPreview, pyRepr } from "./python-repr.ts";

/** One anchored replacement of a text edit patch. */
export type TextEdit = TextEdits["edits"][number];

// Python's str.count for a non-empty needle: occurrences that do not overlap.
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    count += 1;
  }
  return count;
}

/**
 * Applies `edits` to `text` one after another, each to the whole text the previous one left:
 * the rule itself, read literally. It costs a scan of the text per edit, so the one-scan path
 * hands it only short tails: the edit that fails (whose message needs the full count) and
 * what follows an empty anchor.
 */
export function foldTextEdits(start: string, edits: readonly TextEdit[]): Result<string> {
  let text = start;
  for (const edit of edits) {
    if (edit.old === "") {
      if (text !== "") {
        return refuse(patchFailed("an empty anchor is only allowed when the text is empty"));
      }
      text = edit.new;
      continue;
    }
    const count = countOccurrences(text, edit.old);
    const anchor = pyRepr(anchorPreview(edit.old));
    if (count === 0) return refuse(patchFailed(`the anchor ${anchor} is not found`));
    if (count > 1) {
      return refuse(patchFailed(`the anchor ${anchor} is ambiguous: it occurs ${count} times`));
    }
    // Slicing, not String.replace: `new` is literal text, so `$&` or `$1` must stay as typed.
    const at = text.indexOf(edit.old);
    text = text.slice(0, at) + edit.new + text.slice(at + edit.old.length);
  }
  return ok(text);
}
