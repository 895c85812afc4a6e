import { isJsonObject, type JsonValue } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import { patchFailed } from "../model/rejections.ts";
import { type Result, refuse } from "../model/result.ts";
import { applyJsonPatch } from "./json-patch.ts";
import { pyRepr } from "./python-repr.ts";
import { applyTextEdits } from "./text-edits.ts";

/**
 * Applies either kind of patch to artifact data, without modifying it. The result is a
 * `JsonValue`, not an object: a JSON Patch may replace the whole document with anything, and
 * it is the artifact type's validation, not the patch, that decides whether that is allowed.
 * Text edits need an object with the text field.
 */
export function applyPatch(data: JsonValue, patch: Patch): Result<JsonValue> {
  switch (patch.kind) {
    case "text_edits":
      return isJsonObject(data)
        ? applyTextEdits(data, patch)
        : refuse(patchFailed(`${pyRepr(patch.field)} is not a text field`));
    case "json_patch":
      return applyJsonPatch(data, patch.ops);
    default: {
      const unknown: never = patch;
      throw new Error(`unknown patch kind: ${JSON.stringify(unknown)}`);
    }
  }
}
