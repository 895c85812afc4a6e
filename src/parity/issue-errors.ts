import type { z } from "zod";
import { LAX } from "./lax.ts";
import { pyChoices, pyStr } from "./py-text.ts";
import type { Node } from "./walk.ts";

type Issue = z.core.$ZodIssue;

/** One error before its `loc` and `input` are attached: the original's code, words and context. */
export interface ErrorBody {
  readonly type: string;
  readonly msg: string;
  readonly ctx?: Record<string, string | number>;
}

// Zod's `expected` names mapped to Pydantic's codes and words, for schemas without metadata.
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

/** What a discriminated union says when its input is not an object at all. */
const MODEL_ATTRIBUTES: ErrorBody = {
  type: "model_attributes_type",
  msg: "Input should be a valid dictionary or object to extract fields from",
};

function typeError(
  issue: Extract<Issue, { code: "invalid_type" }>,
  node: Node | undefined,
): ErrorBody {
  if (issue.expected === "object" && node !== undefined) {
    if (node.def.type === "union" && node.meta.pydanticUnion) return MODEL_ATTRIBUTES;
    const name = node.meta.name;
    if (name !== undefined) {
      const msg = `Input should be a valid dictionary or instance of ${name}`;
      return { type: "model_type", msg, ctx: { class_name: name } };
    }
  }
  if (issue.expected === "array" && node?.meta.tuple) {
    return { type: "tuple_type", msg: "Input should be a valid tuple" };
  }
  const known = TYPE_NAMES[issue.expected];
  const [type, words] = known ?? [`${issue.expected}_type`, `a valid ${issue.expected}`];
  return { type, msg: `Input should be ${words}` };
}

type SizeIssue = Extract<Issue, { code: "too_big" | "too_small" }>;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

// Out of bounds: numbers name the bound; strings and sequences count their size, as Pydantic.
function sizeError(issue: SizeIssue, node: Node | undefined, input: unknown): ErrorBody {
  const big = issue.code === "too_big";
  const limit = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    const [type, words, key] = BOUNDS[`${big ? "max" : "min"}${issue.inclusive ? "=" : ""}`] ?? [];
    return {
      type: type ?? issue.code,
      msg: `Input should be ${words} ${limit}`,
      ctx: { [key ?? "limit"]: limit },
    };
  }
  if (issue.origin === "string") {
    const msg = `String should have ${big ? "at most" : "at least"} ${plural(limit, "character")}`;
    const ctx = big ? { max_length: limit } : { min_length: limit };
    return { type: big ? "string_too_long" : "string_too_short", msg, ctx };
  }
  const actual = Array.isArray(input) ? input.length : 0;
  return sequenceSize(node?.meta.tuple ? "Tuple" : "List", big, limit, actual);
}

/** Pydantic's words for a sequence of the wrong length, counted after validation. */
export function sequenceSize(
  fieldType: string,
  big: boolean,
  limit: number,
  actual: number,
): ErrorBody {
  const msg = `${fieldType} should have ${big ? "at most" : "at least"} ${plural(limit, "item")} after validation, not ${actual}`;
  const ctx = big
    ? { field_type: fieldType, max_length: limit, actual_length: actual }
    : { field_type: fieldType, min_length: limit, actual_length: actual };
  return { type: big ? "too_long" : "too_short", msg, ctx };
}

function valueError(
  issue: Extract<Issue, { code: "invalid_value" }>,
  node: Node | undefined,
): ErrorBody {
  const expected = pyChoices(issue.values);
  const type = node?.meta.enum ? "enum" : "literal_error";
  return { type, msg: `Input should be ${expected}`, ctx: { expected } };
}

/**
 * A discriminated union's tag: missing (`union_tag_not_found`) or not one of its members'
 * (`union_tag_invalid`), reported at the union itself, with the words and context Pydantic gives.
 */
export function tagError(
  discriminator: string,
  options: readonly unknown[],
  object: unknown,
): ErrorBody {
  const quotedKey = `'${discriminator}'`;
  const present =
    typeof object === "object" && object !== null && Object.hasOwn(object, discriminator);
  if (!present) {
    const msg = `Unable to extract tag using discriminator ${quotedKey}`;
    return { type: "union_tag_not_found", msg, ctx: { discriminator: quotedKey } };
  }
  const tag = pyStr((object as Record<string, unknown>)[discriminator]);
  const expected = options.map((o) => `'${String(o)}'`).join(", ");
  const msg = `Input tag '${tag}' found using ${quotedKey} does not match any of the expected tags: ${expected}`;
  return {
    type: "union_tag_invalid",
    msg,
    ctx: { discriminator: quotedKey, tag, expected_tags: expected },
  };
}

const PATTERN = /^\/(.*)\/[a-z]*$/s;

/** One zod issue's error (not a union's tag, not an unknown key), from the schema node it came from. */
export function issueError(issue: Issue, node: Node | undefined, input: unknown): ErrorBody {
  // A lax scalar that could not convert fails for that reason, whatever zod checked after it.
  const scalar = node?.meta.scalar;
  const converted = scalar === undefined ? undefined : LAX[scalar](input, node?.meta.bounds);
  if (converted !== undefined && !converted.ok) {
    const { type, msg, ctx } = converted;
    return ctx === undefined ? { type, msg } : { type, msg, ctx };
  }
  switch (issue.code) {
    case "invalid_type":
      return typeError(issue, node);
    case "too_big":
    case "too_small":
      return sizeError(issue, node, input);
    case "invalid_value":
      return valueError(issue, node);
    case "invalid_union":
      return { type: "union_error", msg: issue.message };
    case "invalid_format": {
      const raw = (issue as { pattern?: string }).pattern;
      if (issue.format !== "regex" || raw === undefined) {
        return { type: "string_pattern_mismatch", msg: issue.message };
      }
      const pattern = PATTERN.exec(raw)?.[1] ?? raw;
      return {
        type: "string_pattern_mismatch",
        msg: `String should match pattern '${pattern}'`,
        ctx: { pattern },
      };
    }
    default:
      return { type: issue.code, msg: issue.message };
  }
}
