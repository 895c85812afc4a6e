import { z } from "zod";
import { type Bounds, LAX } from "./lax.ts";
import { withMeta } from "./meta.ts";

function bounded(schema: z.ZodNumber, bounds: Bounds): z.ZodNumber {
  let result = schema;
  if (bounds.ge !== undefined) result = result.min(bounds.ge);
  if (bounds.gt !== undefined) result = result.gt(bounds.gt);
  if (bounds.le !== undefined) result = result.max(bounds.le);
  if (bounds.lt !== undefined) result = result.lt(bounds.lt);
  return result;
}

// What a lax conversion cannot convert passes through unchanged, for the inner schema to refuse;
// the error conversion then names it from the same rule (`lax.ts`).
function converting(kind: keyof typeof LAX, bounds?: Bounds) {
  return (input: unknown): unknown => {
    if (input === undefined) return input;
    const converted = LAX[kind](input, bounds);
    return converted.ok ? converted.value : input;
  };
}

/**
 * An integer field of the original (`int`, with `Field(ge=…)` bounds), converted as Pydantic's
 * lax mode does: `3`, `3.0`, `"3"`, `" 3 "`, `"3.0"` and `true` (1) are accepted. Its input
 * type stays `number`: the leniency is for JSON from outside, not for TypeScript callers.
 */
export function int(bounds: Bounds = {}) {
  const inner = bounded(z.number().int(), bounds);
  return withMeta(z.preprocess<unknown, typeof inner, number>(converting("int"), inner), {
    scalar: "int",
  });
}

/**
 * A float field of the original, lax: numbers, number strings (`"0.5"`) and booleans. An
 * infinite or NaN input (`"inf"`, `"1e400"`) fails its first bound, as in Pydantic.
 */
export function float(bounds: Bounds = {}) {
  const inner = bounded(z.number(), bounds);
  const schema = z.preprocess<unknown, typeof inner, number>(converting("float", bounds), inner);
  return withMeta(schema, { scalar: "float", bounds });
}

/** A boolean field of the original, lax: `true`, `1`, `"true"`, `"yes"`, `"on"`, … */
export function bool() {
  const inner = z.boolean();
  return withMeta(z.preprocess<unknown, typeof inner, boolean>(converting("bool"), inner), {
    scalar: "bool",
  });
}

/**
 * A sequence field of the original (a Python `tuple[T, ...]`): a JSON array, reported as a
 * tuple (`tuple_type`, "Tuple should have …"). With `minItems`, items that fail do not count.
 */
export function tuple<T extends z.ZodType>(item: T, minItems?: number) {
  const array = minItems === undefined ? z.array(item) : z.array(item).min(minItems);
  return withMeta(array, minItems === undefined ? { tuple: true } : { tuple: true, minItems });
}

/** A Python `Enum` field of string values: `enum` errors where a `Literal` says `literal_error`. */
export function pyEnum<const V extends readonly [string, ...string[]]>(values: V) {
  return withMeta(z.enum(values), { enum: true });
}
