import type { z } from "zod";
import { metaOf, type WireMeta } from "./meta.ts";

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** A schema with the wrappers around it peeled off, and what they all said about it. */
export interface Node {
  readonly schema: Schema;
  readonly def: Def;
  readonly meta: WireMeta;
}

const WRAPPERS: ReadonlySet<string> = new Set([
  "nullable",
  "optional",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
]);

const defOf = (schema: Schema): Def => schema._zod.def as Def;

/**
 * Peels defaults, nullability, laziness and preprocessing off a schema, down to the schema
 * that parses the value, merging the {@link WireMeta} of every layer.
 */
function unwrap(schema: Schema): Node {
  let current = schema;
  let meta: WireMeta = {};
  for (let depth = 0; depth < 32; depth++) {
    meta = { ...metaOf(current), ...meta };
    const def = defOf(current);
    let next: Schema | undefined;
    if (WRAPPERS.has(def.type)) next = def.innerType as Schema;
    else if (def.type === "lazy") next = (def.getter as () => Schema)();
    else if (def.type === "pipe") {
      const input = def.in as Schema;
      next = defOf(input).type === "transform" ? (def.out as Schema) : input;
    }
    if (next === undefined) return { schema: current, def, meta };
    current = next;
  }
  return { schema: current, def: defOf(current), meta };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The option of a discriminated union that `input`'s tag selects, if any. */
function selectedOption(node: Node, input: unknown): Node | undefined {
  const discriminator = node.def.discriminator;
  if (typeof discriminator !== "string" || !isRecord(input)) return undefined;
  const tag = input[discriminator];
  for (const option of node.def.options as Schema[]) {
    // Read as a set of anything: a tag that is no primitive is simply not among its values.
    const values: ReadonlySet<unknown> | undefined = option._zod.propValues?.[discriminator];
    if (values?.has(tag)) return unwrap(option);
  }
  return undefined;
}

/** The schema one step down, at `key` of an object, array or record, choosing union members. */
function childOf(node: Node, input: unknown, key: PropertyKey): Node | undefined {
  const here = node.def.type === "union" ? selectedOption(node, input) : node;
  if (here === undefined) return undefined;
  const { def } = here;
  if (def.type === "object") {
    const shape = def.shape as Record<string, Schema>;
    const field = Object.hasOwn(shape, key) ? shape[key as string] : (def.catchall as Schema);
    return field === undefined ? undefined : unwrap(field);
  }
  if (def.type === "array") return unwrap(def.element as Schema);
  if (def.type === "record") return unwrap(def.valueType as Schema);
  return undefined;
}

/** The input at a path, or `undefined` where there is nothing. */
export function inputAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The schema that validated the value at `path` of `input`, or `undefined` if it cannot tell. */
export function nodeAt(
  schema: Schema,
  input: unknown,
  path: readonly PropertyKey[],
): Node | undefined {
  let node: Node | undefined = unwrap(schema);
  let value = input;
  for (const key of path) {
    if (node === undefined) return undefined;
    node = childOf(node, value, key);
    value = inputAt(value, [key]);
  }
  return node;
}
