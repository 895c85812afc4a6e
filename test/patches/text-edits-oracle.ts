import type { JsonObject } from "../../src/model/json.ts";
import type { TextEdits } from "../../src/model/patches.ts";
import { patchFailed } from "../../src/model/rejections.ts";
import { ok, type Result, refuse } from "../../src/model/result.ts";
import { anchorPreview, pyRepr } from "../../src/patches/python-repr.ts";

// Python's str.count for a non-empty needle: occurrences that do not overlap.
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    count += 1;
  }
  return count;
}

/**
 * The oracle: `applyTextEdits` as it was before it learned to scan once, kept verbatim.
 * Applies anchored replacements to one text field, in order, each to the text the previous one
 * left. An anchor must occur exactly once so an edit can never land somewhere unintended.
 * Returns new data (other keys and their order kept); the input is never modified.
 */
export function applyTextEditsByFold(data: JsonObject, patch: TextEdits): Result<JsonObject> {
  const { field } = patch;
  const current = Object.hasOwn(data, field) ? data[field] : undefined;
  if (typeof current !== "string") {
    return refuse(patchFailed(`${pyRepr(field)} is not a text field`));
  }
  let text = current;
  for (const edit of patch.edits) {
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
  return ok({ ...data, [field]: text });
}
