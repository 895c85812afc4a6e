import { z } from "zod";

/**
 * zod's own recursive JSON schema: what a JSON value's JSON Schema is generated from, and what
 * words a refusal of a non-JSON value (its issues, codes and paths are this schema's).
 */
const RECURSIVE_JSON = z.json();

/** A JSON value (`null`, boolean, number, string, array or object of JSON values). */
export type JsonValue = z.infer<typeof RECURSIVE_JSON>;

// What `plainCopy` returns for anything it does not copy; `RECURSIVE_JSON` decides those.
const NOT_PLAIN: unique symbol = Symbol("not plain JSON");
// Deeper than any limit a workspace allows (ADR 0022), or more values (of any kind) than a
// 4 MiB input holds: left to zod, which also handles the cyclic input the first bound catches
// and shares what the input shares, where a copy of a shared value would repeat it.
const MAX_DEPTH = 600;
const MAX_VALUES = 1 << 21;

const { isPlainObject } = z.core.util;
// zod before 4.6 names it `process`.
const processSchema: typeof z.core.processSchema =
  z.core.processSchema ?? (z.core as unknown as { process: typeof z.core.processSchema }).process;

/**
 * A copy of `value` as `z.json()` parses it — strings, booleans, `null`, finite numbers,
 * arrays and plain objects of those, with own enumerable string keys — or `NOT_PLAIN` for
 * anything else (zod then parses it, to word the refusal; `__proto__` keys, which zod drops,
 * and symbol keys are left to it too). The copy is a tree: nothing in it is the caller's, and
 * a value the input holds twice is copied twice. (Where zod then parses, it reads the input
 * again: a getter or proxy is asked twice.)
 */
function plainCopy(value: unknown, depth: number, budget: { left: number }): unknown {
  if (--budget.left < 0) return NOT_PLAIN;
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : NOT_PLAIN;
    case "object":
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth > MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy(value[i], depth + 1, budget);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  return isPlainObject(value) ? objectCopy(value, depth, budget) : NOT_PLAIN;
}

function objectCopy(value: object, depth: number, budget: { left: number }): unknown {
  if (Object.getOwnPropertySymbols(value).length > 0) return NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === "__proto__") return NOT_PLAIN;
    const item = plainCopy((value as Record<string, unknown>)[key], depth + 1, budget);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    copy[key] = item;
  }
  return copy;
}

type Payload = z.core.ParsePayload;
type Run = (payload: Payload, ctx: z.core.ParseContextInternal) => Payload | Promise<Payload>;

/**
 * Makes `schema` parse what `accepts` lets through and {@link plainCopy} copies by that copy,
 * and everything else as `slow` does: so what is accepted, the output and every refusal are
 * `slow`'s, whose issues, codes and paths the refusals carry.
 */
function copyingFirst(schema: z.ZodType, slow: Run, accepts: (value: unknown) => boolean): void {
  const run: Run = (payload, ctx) => {
    if (ctx.direction !== "backward" && accepts(payload.value)) {
      const copy = plainCopy(payload.value, 0, { left: MAX_VALUES });
      if (copy !== NOT_PLAIN) {
        payload.value = copy;
        return payload;
      }
    }
    return slow(payload, ctx);
  };
  const internals = schema._zod as unknown as { run: Run; parse: Run };
  internals.run = run;
  internals.parse = run;
}

/**
 * `RECURSIVE_JSON` for every input, parsed without zod's cycle memoizer where it can be: a
 * plain JSON value is copied in one walk, anything else goes to `RECURSIVE_JSON`. Its kind is
 * `custom`, a leaf to zod's memoizer, so the schemas around it are not memoized either (the
 * memoizer records every object and array of a parse in `WeakMap`s, to parse cyclic input; a
 * command from outside is refused before parsing if it nests too deeply, so it cannot be
 * cyclic).
 */
function fastJson(): z.ZodType<JsonValue> {
  const schema = z.custom<JsonValue>();
  copyingFirst(schema, RECURSIVE_JSON._zod.run as Run, () => true);
  // Without its predicate (`z.custom()`'s accepts anything), zod's compiler cannot inline the
  // schema and leaves it, and whatever holds it, to `run`; a copy made by `describe`, `meta`
  // or `refine` (built from the definition, so without this `run`) throws rather than accept
  // anything. Wrap the schema instead of deriving from it.
  delete (schema._zod.def as { fn?: unknown }).fn;
  // `z.json()`'s own structure, with this schema where it has its `z.lazy`, described as a
  // `z.lazy` is: so every JSON Schema that holds it is the one `z.json()` would give.
  const structure = z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(schema),
    z.record(z.string(), schema),
  ]);
  schema._zod.processJSONSchema = (ctx, _json, params) => {
    processSchema(structure, ctx, params);
    const seen = ctx.seen.get(schema);
    if (seen !== undefined) seen.ref = structure;
  };
  return schema;
}

/**
 * Whether `schema` parses as the fast path must: a copy of plain JSON, a refusal of what is
 * not JSON. The fast path sets zod's internal `run`; a zod that no longer calls it would parse
 * by the bare `z.custom()` or record underneath (accepting anything, or not copying), so each
 * fast schema is tried once here and given up for zod's own where it does not hold.
 */
export function holds(schema: z.ZodType): boolean {
  const sample = { a: [1, { b: "c" }] };
  const copied = schema.safeParse(sample);
  return (
    copied.success &&
    copied.data !== sample &&
    (copied.data as typeof sample).a !== sample.a &&
    JSON.stringify(copied.data) === JSON.stringify(sample) &&
    !schema.safeParse({ a: Number.NaN }).success &&
    !schema.safeParse({ a: () => 1 }).success &&
    describes(schema)
  );
}

// Whether a JSON Schema of a schema holding `schema` can be made (tools and the protocol's
// schema are), as it would be with `z.json()` there.
function describes(schema: z.ZodType): boolean {
  try {
    const holder = z.toJSONSchema(z.object({ value: schema }));
    return JSON.stringify(holder).includes('"value"');
  } catch {
    return false;
  }
}

// A record over `value` copying plain objects in one walk, or (where that does not hold) a
// plain record over it, which parses every value through `value` all the same.
function fastJsonObject(value: z.ZodType<JsonValue>) {
  const record = z.record(z.string(), value);
  copyingFirst(record, record._zod.run as Run, isPlainObject);
  return holds(record) ? record : z.record(z.string(), value);
}

const FAST_JSON = fastJson();

/** Any JSON value: what artifacts, answers and app events carry. */
export const JsonValueSchema: z.ZodType<JsonValue> = holds(FAST_JSON) ? FAST_JSON : RECURSIVE_JSON;

/**
 * A JSON object with string keys: artifact data, feedback values, tool arguments. A plain
 * object of plain JSON values is copied in one walk, as {@link JsonValueSchema} copies one.
 */
export const JsonObjectSchema = fastJsonObject(JsonValueSchema);
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
