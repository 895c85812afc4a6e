import { isJsonObject, type JsonValue } from "../model/json.ts";

/**
 * The JSON text of a value with every object's keys sorted, so two values have the same text
 * exactly when `jsonEqual` holds. Used as the element key of a sequence merge.
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isJsonObject(value)) {
    const members = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}
