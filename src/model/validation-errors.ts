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

type SizeIssue = Extract<Issue, { code: "too_big" | "too_small" }>;

// Out of bounds: numbers name the bound as Pydantic does; strings and arrays count their size.
function sizeError(issue: SizeIssue, path: (string | number)[]): ValidationError {
  const big = issue.code === "too_big";
  const limit = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    const [type, words, ctx] = BOUNDS[`${big ? "max" : "min"}${issue.inclusive ? "=" : ""}`] ?? [];
    const msg = `Input should be ${words} ${limit}`;
    return { type: type ?? issue.code, loc: path, msg, ctx: { [ctx ?? "limit"]: limit } };
  }
  const unit = issue.origin === "string" ? "character" : "item";
  const type = `${issue.origin === "string" ? "string_" : ""}${big ? "too_long" : "too_short"}`;
  const msg = `Value should have ${big ? "at most" : "at least"} ${limit} ${unit}${limit === 1 ? "" : "s"}`;
  return { type, loc: path, msg };
}

type UnionIssue = Extract<Issue, { code: "invalid_union" }>;

// A discriminated union names the tags it expected; any other union says zod's words.
function unionError(issue: UnionIssue, path: (string | number)[]): ValidationError {
  if (!("discriminator" in issue && issue.discriminator)) {
    return { type: "union_error", loc: path, msg: issue.message };
  }
  const options = ((issue as { options?: unknown[] }).options ?? [])
    .map((o) => `'${String(o)}'`)
    .join(", ");
  const msg = `Input tag does not match any of the expected tags: ${options}`;
  return { type: "union_tag_invalid", loc: path, msg };
}

// One issue's error, before the input is attached.
function errorOf(issue: Issue, path: (string | number)[]): ValidationError {
  switch (issue.code) {
    case "invalid_type": {
      const known = TYPE_NAMES[issue.expected];
      const [type, words] = known ?? [`${issue.expected}_type`, `a valid ${issue.expected}`];
      return { type, loc: path, msg: `Input should be ${words}` };
    }
    case "too_big":
    case "too_small":
      return sizeError(issue, path);
    case "invalid_value": {
      const expected = issue.values.map((v) => `'${String(v)}'`).join(", ");
      const msg = `Input should be ${expected}`.replace(/, ([^,]*)$/, " or $1");
      return { type: "literal_error", loc: path, msg };
    }
    case "invalid_union":
      return unionError(issue, path);
    case "invalid_format":
      return { type: "string_pattern_mismatch", loc: path, msg: issue.message };
    default:
      return { type: issue.code, loc: path, msg: issue.message };
  }
}

function convert(issue: Issue, root: unknown): ValidationError[] {
  const path = loc(issue.path);
  const input = inputAt(root, issue.path);
  // A value that is not there at all is missing, whatever schema expected it.
  if (input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
    return [{ type: "missing", loc: path, msg: "Field required" }];
  }
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) =>
      withInput(
        { type: "extra_forbidden", loc: [...path, key], msg: "Extra inputs are not permitted" },
        inputAt(input, [key]),
      ),
    );
  }
  return [withInput(errorOf(issue, path), input)];
}

/**
 * Turns zod's issues into the original's validation errors (`{type, loc, msg, input?, ctx?}`),
 * keeping the path of every field that was wrong. `root` is the input that was parsed.
 */
export function toValidationErrors(error: z.ZodError, root: unknown): ValidationError[] {
  return error.issues.flatMap((issue) => convert(issue, root));
}
