import type { JsonObject } from "../model/json.ts";
import type { TextEdits } from "../model/patches.ts";
import { patchFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { pyRepr } from "./python-repr.ts";
import { foldTextEdits } from "./text-edits-fold.ts";
import { applyEditsInOneScan } from "./text-edits-scan.ts";

/**
 * Applies anchored replacements to one text field, in order, each to the text the previous one
 * left. An anchor must occur exactly once so an edit can never land somewhere unintended.
 * Returns new data (other keys and their order kept); the input is never modified.
 */
export function applyTextEdits(data: JsonObject, patch: TextEdits): Result<JsonObject> {
  const { field } = patch;
  const current = Object.hasOwn(data, field) ? data[field] : undefined;
  if (typeof current !== "string") {
    return refuse(patchFailed(`${pyRepr(field)} is not a text field`));
  }
  // One edit is one scan either way; many would cost a scan of the whole text each.
  const text =
    patch.edits.length === 1
      ? foldTextEdits(current, patch.edits)
      : applyEditsInOneScan(current, patch.edits);
  return text.ok ? ok({ ...data, [field]: text.value }) : text;
}
