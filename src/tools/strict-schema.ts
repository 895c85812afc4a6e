import { z } from "zod";

/** A JSON Schema, as a plain object. */
export type JsonSchema = { readonly [key: string]: unknown };

// What the strictest tool-calling mode (OpenAI's) reads; everything else is validated by zod.
const KEPT = new Set(["type", "properties", "items", "enum", "const", "anyOf", "description"]);

const NULL: JsonSchema = { type: "null" };

function allowsNull(node: JsonSchema): boolean {
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

function strictNode(node: JsonSchema): JsonSchema | null {
  // A reference (a recursive value) or a map with open keys cannot be said strictly.
  if ("$ref" in node || "propertyNames" in node || "patternProperties" in node) return null;
  if (typeof node.additionalProperties === "object") return null;
  const variants = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (variants !== undefined) {
    const strict = variants.map(strictNode);
    return strict.every((v) => v !== null) ? { anyOf: strict } : null;
  }
  if (node.type === "object") {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((node.required ?? []) as string[]);
    const strict: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(properties)) {
      const inner = strictNode(value);
      if (inner === null) return null;
      // Optional (or defaulted) fields become nullable: null stands for "left out".
      strict[key] = required.has(key) ? inner : nullable(inner);
    }
    const description = typeof node.description === "string" ? node.description : undefined;
    return strictObject(strict, description);
  }
  const kept = Object.fromEntries(Object.entries(node).filter(([key]) => KEPT.has(key)));
  if (node.type === "array") {
    const items = strictNode((node.items ?? {}) as JsonSchema);
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
  if (Array.isArray(value)) return value.map(withoutAbsent);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutAbsent(inner)]),
  );
}

/**
 * Parses what a model sent through a strict schema: first with its `null`s read as "left
 * out", then, if that does not parse, as sent (a field whose value may really be `null`).
 */
export function parseStrict<S extends z.ZodType>(
  schema: S,
  value: unknown,
): ReturnType<S["safeParse"]> {
  const absent = schema.safeParse(withoutAbsent(value), { reportInput: true });
  if (absent.success) return absent as ReturnType<S["safeParse"]>;
  const sent = schema.safeParse(value, { reportInput: true });
  return (sent.success ? sent : absent) as ReturnType<S["safeParse"]>;
}
