import { z } from "zod";

/** Any JSON value: what artifacts, answers and app events carry. */
export const JsonValueSchema = z.json();
/** A JSON value (`null`, boolean, number, string, array or object of JSON values). */
export type JsonValue = z.infer<typeof JsonValueSchema>;

/** A JSON object with string keys: artifact data, feedback values, tool arguments. */
export const JsonObjectSchema = z.record(z.string(), JsonValueSchema);
/** A JSON object with string keys. */
export type JsonObject = z.infer<typeof JsonObjectSchema>;

/** True when `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Structural equality of two JSON values, ignoring object key order — what the original's
 * `==` on parsed JSON means (its `1 == 1.0` holds here too, since JS has one number type).
 */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i] as JsonValue));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && jsonEqual(a[key] as JsonValue, b[key] as JsonValue),
  );
}
