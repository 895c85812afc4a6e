import { z } from "zod";
import { limitProblem, MAX_DEPTH_CAP } from "../model/limits.ts";
import { toValidationErrors } from "../model/validation-errors.ts";

/** A JSON Schema, as a plain object. */
export type JsonSchema = { readonly [key: string]: unknown };

// What the strictest tool-calling mode (OpenAI's) reads; everything else is validated by zod.
const KEPT = new Set(["type", "properties", "items", "enum", "const", "anyOf", "description"]);

const NULL: JsonSchema = { type: "null" };

/** Whether a JSON Schema takes `null`: its type says so, or one of its `anyOf` does. */
export function allowsNull(node: JsonSchema): boolean {
  const type = node.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((n) => allowsNull(n as JsonSchema));
}

/** `node`, or null in its place: how a strict schema says a field may be left out. */
export function nullable(node: JsonSchema): JsonSchema {
  return allowsNull(node) ? node : { anyOf: [node, NULL] };
}

/** A strict object: every property required, none other allowed. */
export function strictObject(
  properties: Readonly<Record<string, JsonSchema>>,
  description?: string,
): JsonSchema {
  return {
    type: "object",
    ...(description === undefined ? {} : { description }),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

// A tuple as strict schemas can say it (they know no `prefixItems`): an array whose items
// are any of the tuple's, the order told in words and checked by zod.
function strictTuple(node: JsonSchema, prefix: readonly unknown[]): JsonSchema | null {
  const rest = node.items === false || node.items === undefined ? null : node.items;
  const parts = [...prefix, ...(rest === null ? [] : [rest])].map(strictNode);
  if (parts.some((p) => p === null) || parts.length === 0) return null;
  const items = parts.length === 1 ? (parts[0] as JsonSchema) : { anyOf: parts as JsonSchema[] };
  const n = prefix.length;
  const words =
    rest === null
      ? `A tuple of exactly ${n} item${n === 1 ? "" : "s"}${n > 1 ? ": each matches the item choice at its position" : ""}.`
      : `A tuple of at least ${n} item${n === 1 ? "" : "s"}: each of the first ${n} matches the item choice at its position, every later one the last choice.`;
  const told = typeof node.description === "string" ? `${node.description} ` : "";
  return { type: "array", description: `${told}${words}`, items };
}

// Whether a node has keys no strict schema can say: a reference (a recursive value), or a
// map with open keys.
function saysOpenKeys(node: JsonSchema): boolean {
  if ("$ref" in node || "propertyNames" in node || "patternProperties" in node) return true;
  return typeof node.additionalProperties === "object" || node.additionalProperties === true;
}

// An object node, strictly: optional (or defaulted) fields become nullable, null standing for
// "left out".
function strictProperties(node: JsonSchema): JsonSchema | null {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set((node.required ?? []) as string[]);
  const strict: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(properties)) {
    const inner = strictNode(value);
    if (inner === null) return null;
    strict[key] = required.has(key) ? inner : nullable(inner);
  }
  const description = typeof node.description === "string" ? node.description : undefined;
  return strictObject(strict, description);
}

function strictNode(given: unknown): JsonSchema | null {
  // `true` (any value) and `false` (none) are schemas too; neither can be said strictly.
  if (typeof given !== "object" || given === null || Array.isArray(given)) return null;
  const node = given as JsonSchema;
  if (saysOpenKeys(node)) return null;
  const variants = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (variants !== undefined) {
    const strict = variants.map(strictNode);
    return strict.every((v) => v !== null) ? { anyOf: strict } : null;
  }
  if (node.type === "object") return strictProperties(node);
  if (node.type === "array" && Array.isArray(node.prefixItems)) {
    return strictTuple(node, node.prefixItems);
  }
  const kept = Object.fromEntries(Object.entries(node).filter(([key]) => KEPT.has(key)));
  if (node.type === "array") {
    const items = strictNode(node.items ?? {});
    return items === null ? null : { ...kept, items };
  }
  // No type at all is any JSON value: not strict.
  return "type" in kept || "enum" in kept || "const" in kept ? kept : null;
}

/**
 * The JSON Schema of a zod schema's input in the form strict tool calling accepts (OpenAI's
 * strict mode, and so every other SDK): every object closed and every property required,
 * optional ones as nullable; constraints left to zod. `null` when the schema has parts no
 * strict schema can say: a record with open keys, a recursive or free JSON value.
 */
export function strictSchema(schema: z.ZodType): JsonSchema | null {
  const { $schema: _, ...root } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return strictNode(root as JsonSchema);
}

/**
 * `value` without the object keys a strict schema sent as `null` for "left out" (see
 * `nullable`), at every depth, so zod's defaults apply to them.
 */
export function withoutAbsent(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutAbsent);
  // A plain loop: this runs on every tool call. `defineProperty`, as `fromEntries` would, so
  // that a `__proto__` key stays a key rather than setting the copy's prototype.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const given = (value as Record<string, unknown>)[key];
    if (given === null) continue;
    const kept = typeof given === "object" ? withoutAbsent(given) : given;
    if (key === "__proto__") {
      Object.defineProperty(copy, key, {
        value: kept,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = kept;
  }
  return copy;
}

// `value` without the object keys whose `null` zod refused (a field that may be left out but
// not null), or `undefined` when it refused no such `null`.
function withoutRefusedNulls(value: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  const copy = structuredClone(value);
  let removed = false;
  for (const { path } of issues) {
    const key = path.at(-1);
    if (typeof key !== "string") continue;
    let parent: unknown = copy;
    for (const step of path.slice(0, -1)) {
      parent = (parent as Record<PropertyKey, unknown> | null)?.[step as PropertyKey];
    }
    if (typeof parent !== "object" || parent === null || Array.isArray(parent)) continue;
    if ((parent as Record<string, unknown>)[key] !== null) continue;
    delete (parent as Record<string, unknown>)[key];
    removed = true;
  }
  return removed ? copy : undefined;
}

/**
 * Parses what a model sent through a strict schema: first with its `null`s read as "left
 * out" (so zod's defaults apply); if that does not parse, as sent (a field whose value may
 * really be `null`), leaving out only the `null`s zod refuses, so that one object can hold
 * both kinds of `null`. The first reading's error when none parses.
 */
export function parseStrict<S extends z.ZodType>(
  schema: S,
  value: unknown,
): ReturnType<S["safeParse"]> {
  type Parsed = ReturnType<S["safeParse"]>;
  const left = withoutAbsent(value);
  // Most calls parse at once: reporting the input in issues (for the errors' words) costs
  // zod its fast path, so it is asked for only once a reading has failed.
  const quick = schema.safeParse(left);
  if (quick.success) return quick as Parsed;
  const absent = schema.safeParse(left, { reportInput: true });
  let sent = value;
  // Each round leaves out at least one null; nested ones show once their parent parses.
  for (let round = 0; round < 16 && sent !== undefined; round++) {
    const parsed = schema.safeParse(sent, { reportInput: true });
    if (parsed.success) return parsed as Parsed;
    sent = withoutRefusedNulls(sent, parsed.error.issues);
  }
  return absent as Parsed;
}

// Arguments nest no deeper than any workspace takes (`parseStrict`'s walks recurse); the
// workspace holds what is written to its own limits later.
const ARGUMENT_LIMITS = { maxDepth: MAX_DEPTH_CAP, maxBytes: Number.MAX_SAFE_INTEGER };

/**
 * A tool's arguments parsed, or the errors to refuse them with: never a throw, whatever a
 * model (or a host calling `execute` directly) passes.
 */
export function readArguments(schema: z.ZodType, args: unknown) {
  const problem = limitProblem(args, ARGUMENT_LIMITS);
  if (problem !== null) return { ok: false as const, errors: [problem] };
  try {
    const parsed = parseStrict(schema, args);
    if (parsed.success) return { ok: true as const, value: parsed.data };
    return { ok: false as const, errors: toValidationErrors(parsed.error, args, schema) };
  } catch {
    // Not JSON at all (a function, a symbol): nothing a model can send.
    const msg = "the arguments must be JSON";
    return { ok: false as const, errors: [{ type: "json_type", loc: [], msg }] };
  }
}
