import type { z } from "zod";
import type { JsonValue } from "./json.ts";
import type { ValidationError } from "./rejections.ts";

type Issue = z.core.$ZodIssue;

// Zod's `expected` names mapped to the original's (Pydantic's) error codes and words, so the
// same error reads the same in both implementations.
const TYPE_NAMES: Record<string, readonly [code: string, words: string]> = {
  string: ["string_type", "a valid string"],
  number: ["float_type", "a valid number"],
  int: ["int_type", "a valid integer"],
  boolean: ["bool_type", "a valid boolean"],
  object: ["dict_type", "a valid dictionary"],
  record: ["dict_type", "a valid dictionary"],
  array: ["list_type", "a valid list"],
  null: ["none_required", "None"],
};

// Numeric bounds: [code, words, ctx key], keyed by direction and inclusiveness.
const BOUNDS: Record<string, readonly [string, string, string]> = {
  "max=": ["less_than_equal", "less than or equal to", "le"],
  max: ["less_than", "less than", "lt"],
  "min=": ["greater_than_equal", "greater than or equal to", "ge"],
  min: ["greater_than", "greater than", "gt"],
};

function inputAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function isJson(value: unknown): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object") return Object.values(value).every(isJson);
  return false;
}

function loc(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((key) => (typeof key === "number" ? key : String(key)));
}

function withInput(error: ValidationError, input: unknown): ValidationError {
  return isJson(input) ? { ...error, input } : error;
}

function convert(issue: Issue, root: unknown): ValidationError[] {
  const path = loc(issue.path);
  const input = inputAt(root, issue.path);
  // A value that is not there at all is missing, whatever schema expected it.
  if (input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
    return [{ type: "missing", loc: path, msg: "Field required" }];
  }
  switch (issue.code) {
    case "invalid_type": {
      const known = TYPE_NAMES[issue.expected];
      const [type, words] = known ?? [`${issue.expected}_type`, `a valid ${issue.expected}`];
      return [withInput({ type, loc: path, msg: `Input should be ${words}` }, input)];
    }
    case "unrecognized_keys":
      return issue.keys.map((key) =>
        withInput(
          { type: "extra_forbidden", loc: [...path, key], msg: "Extra inputs are not permitted" },
          inputAt(input, [key]),
        ),
      );
    case "too_big":
    case "too_small": {
      const big = issue.code === "too_big";
      const limit = Number(big ? issue.maximum : issue.minimum);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        const [type, words, ctx] =
          BOUNDS[`${big ? "max" : "min"}${issue.inclusive ? "=" : ""}`] ?? [];
        return [
          withInput(
            {
              type: type ?? issue.code,
              loc: path,
              msg: `Input should be ${words} ${limit}`,
              ctx: { [ctx ?? "limit"]: limit },
            },
            input,
          ),
        ];
      }
      const unit = issue.origin === "string" ? "character" : "item";
      const type = `${issue.origin === "string" ? "string_" : ""}${big ? "too_long" : "too_short"}`;
      const msg = `Value should have ${big ? "at most" : "at least"} ${limit} ${unit}${limit === 1 ? "" : "s"}`;
      return [withInput({ type, loc: path, msg }, input)];
    }
    case "invalid_value": {
      const expected = issue.values.map((v) => `'${String(v)}'`).join(", ");
      return [
        withInput(
          {
            type: "literal_error",
            loc: path,
            msg: `Input should be ${expected}`.replace(/, ([^,]*)$/, " or $1"),
          },
          input,
        ),
      ];
    }
    case "invalid_union": {
      if ("discriminator" in issue && issue.discriminator) {
        const options = ((issue as { options?: unknown[] }).options ?? [])
          .map((o) => `'${String(o)}'`)
          .join(", ");
        return [
          withInput(
            {
              type: "union_tag_invalid",
              loc: path,
              msg: `Input tag does not match any of the expected tags: ${options}`,
            },
            input,
          ),
        ];
      }
      return [withInput({ type: "union_error", loc: path, msg: issue.message }, input)];
    }
    case "invalid_format":
      return [withInput({ type: "string_pattern_mismatch", loc: path, msg: issue.message }, input)];
    default:
      return [withInput({ type: issue.code, loc: path, msg: issue.message }, input)];
  }
}

/**
 * Turns zod's issues into the original's validation errors (`{type, loc, msg, input?, ctx?}`),
 * keeping the path of every field that was wrong. `root` is the input that was parsed.
 */
export function toValidationErrors(error: z.ZodError, root: unknown): ValidationError[] {
  return error.issues.flatMap((issue) => convert(issue, root));
}
