import type { JsonObject, JsonValue } from "../json/json.ts";
import type { Result } from "../rejections/result.ts";
import { applyJsonPatch } from "./json-patch.ts";
import type { Patch } from "./patch.ts";
import { applyTextEdits } from "./text-edits.ts";

/**
 * Applies either kind of patch to artifact data, without modifying it. The result is a
 * `JsonValue`, not an object: a JSON Patch may replace the whole document with anything, and
 * it is the artifact type's validation, not the patch, that decides whether that is allowed.
 */
export function applyPatch(data: JsonObject, patch: Patch): Result<JsonValue> {
  switch (patch.kind) {
    case "text_edits":
      return applyTextEdits(data, patch);
    case "json_patch":
      return applyJsonPatch(data, patch.ops);
    default: {
      const unknown: never = patch;
      throw new Error(`unknown patch kind: ${JSON.stringify(unknown)}`);
    }
  }
}
