import type { z } from "zod";
import { JsonValueSchema } from "../model/json.ts";
import { metaOf, type WireMeta } from "../parity/meta.ts";

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
/** A JSON Schema, as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** What a generation collects: the named definitions, by name. */
export interface Definitions {
  readonly defs: Map<string, JsonSchema>;
  /** Per model, the fields the edge fills in when left out (generated ids): not required. */
  readonly generated: (modelName: string) => readonly string[];
}

// The original's named string types, by the field names that carry them.
const ID_TYPES: Readonly<Record<string, string>> = {
  artifact_id: "ArtifactId",
  artifact_ids: "ArtifactId",
  thread_id: "ThreadId",
  threads: "ThreadId",
  run_id: "RunId",
  proposal_id: "ProposalId",
  message_id: "MessageId",
  workspace_id: "WorkspaceId",
  trace_id: "TraceId",
};

const defOf = (schema: Schema): Def => schema._zod.def as Def;

// What only the JSON Schema needs to know (a `$defs` name, a string format): kept apart from
// the wire metadata, so naming schemas for a schema never changes how input is validated.
const schemaOnly = new WeakMap<Schema, Pick<WireMeta, "name" | "format">>();

/** Gives `schema` a `$defs` name, or a string format, in generated JSON Schema only. */
export function forJsonSchema(schema: Schema, meta: Pick<WireMeta, "name" | "format">): void {
  schemaOnly.set(schema, { ...schemaOnly.get(schema), ...meta });
}

/** The name `schema` has in `$defs`, if any. */
export function definitionName(schema: Schema): string | undefined {
  return metaOf(schema).name ?? schemaOnly.get(schema)?.name;
}

/** Pydantic's title for a field: `base_version` → `Base Version`. */
const titleOf = (field: string): string =>
  field
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** A schema's layers, outermost first, down to the one that parses. */
interface Peeled {
  readonly core: Schema;
  readonly meta: WireMeta;
  readonly nullable: boolean;
  readonly optional: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

function peel(schema: Schema): Peeled {
  let current = schema;
  let meta: WireMeta = {};
  let nullable = false;
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  for (;;) {
    meta = { ...metaOf(current), ...schemaOnly.get(current), ...meta };
    const def = defOf(current);
    if (def.type === "nullable") nullable = true;
    else if (def.type === "optional") optional = true;
    else if (def.type === "default" || def.type === "prefault") {
      hasDefault = true;
      defaultValue = def.defaultValue;
    } else if (def.type === "pipe") {
      const input = def.in as Schema;
      current = defOf(input).type === "transform" ? (def.out as Schema) : input;
      continue;
    } else if (def.type !== "readonly" && def.type !== "catch") break;
    current = def.innerType as Schema;
  }
  return { core: current, meta, nullable, optional, hasDefault, defaultValue };
}

type Check = { check: string; [key: string]: unknown };
const checksOf = (def: Def): Check[] =>
  ((def.checks as Schema[] | undefined) ?? []).map((c) => c._zod.def as unknown as Check);

function stringSchema(def: Def, meta: WireMeta): JsonSchema {
  const out: JsonSchema = { type: "string" };
  for (const check of checksOf(def)) {
    if (check.check === "min_length") out.minLength = check.minimum;
    if (check.check === "max_length") out.maxLength = check.maximum;
    if (check.check === "string_format" && check.pattern instanceof RegExp) {
      out.pattern = check.pattern.source;
    }
  }
  if (meta.format !== undefined) out.format = meta.format;
  return out;
}

function numberSchema(def: Def, meta: WireMeta): JsonSchema {
  const checks = checksOf(def);
  const integer = meta.scalar === "int" || checks.some((c) => c.check === "number_format");
  const out: JsonSchema = { type: integer ? "integer" : "number" };
  for (const check of checks) {
    const inclusive = check.inclusive === true;
    if (check.check === "greater_than")
      out[inclusive ? "minimum" : "exclusiveMinimum"] = check.value;
    if (check.check === "less_than") out[inclusive ? "maximum" : "exclusiveMaximum"] = check.value;
  }
  return out;
}

function literalSchema(values: readonly unknown[]): JsonSchema {
  const type = typeof values[0] === "string" ? "string" : typeof values[0];
  return values.length === 1 ? { const: values[0], type } : { enum: [...values], type };
}

/** A named string type's definition (`ThreadId`), and a reference to it with our constraints. */
function idSchema(name: string, own: JsonSchema, into: Definitions): JsonSchema {
  if (!into.defs.has(name)) {
    into.defs.set(
      name,
      name === "TraceId" ? { pattern: "^[0-9a-f]{32}$", type: "string" } : { type: "string" },
    );
  }
  const { type: _, ...constraints } = own;
  const defined = into.defs.get(name) ?? {};
  const extra = Object.fromEntries(
    Object.entries(constraints).filter(([key, value]) => defined[key] !== value),
  );
  return { $ref: `#/$defs/${name}`, ...extra };
}

/** The JSON Schema of one schema, as Pydantic lays it out, collecting named definitions. */
export function schemaOf(schema: Schema, into: Definitions, field?: string): JsonSchema {
  const peeled = peel(schema);
  const core = coreOf(peeled, into, field);
  const out: JsonSchema = peeled.nullable ? { anyOf: [core, { type: "null" }] } : { ...core };
  if (peeled.hasDefault) out.default = peeled.defaultValue;
  return out;
}

/** True when a field's schema is a reference, or a nullable one (Pydantic gives those no title). */
function isReference(property: JsonSchema): boolean {
  const anyOf = property.anyOf as JsonSchema[] | undefined;
  const core = anyOf?.length === 2 && anyOf[1]?.type === "null" ? anyOf[0] : property;
  return core?.$ref !== undefined;
}

function coreOf(peeled: Peeled, into: Definitions, field?: string): JsonSchema {
  const { core, meta } = peeled;
  if (core === JsonValueSchema) {
    if (!into.defs.has("JsonValue")) into.defs.set("JsonValue", {});
    return { $ref: "#/$defs/JsonValue" };
  }
  const def = defOf(core);
  if (meta.name !== undefined) {
    if (!into.defs.has(meta.name)) {
      into.defs.set(meta.name, {});
      const named =
        def.type === "object" ? definitionOf(core, meta, into) : structureOf(core, def, {}, into);
      into.defs.set(meta.name, named);
    }
    return { $ref: `#/$defs/${meta.name}` };
  }
  const idType = field === undefined ? undefined : ID_TYPES[field];
  if (def.type === "string") {
    const own = stringSchema(def, meta);
    return idType === undefined || field === "artifact_ids" || field === "threads"
      ? own
      : idSchema(idType, own, into);
  }
  if (def.type === "array" && idType !== undefined) {
    const items =
      defOf(def.element as Schema).type === "string"
        ? idSchema(idType, stringSchema(defOf(def.element as Schema), {}), into)
        : schemaOf(def.element as Schema, into);
    return withLength({ items, type: "array" }, def);
  }
  return structureOf(core, def, meta, into);
}

function withLength(out: JsonSchema, def: Def): JsonSchema {
  for (const check of checksOf(def)) {
    if (check.check === "min_length") out.minItems = check.minimum;
    if (check.check === "max_length") out.maxItems = check.maximum;
  }
  return out;
}

function structureOf(core: Schema, def: Def, meta: WireMeta, into: Definitions): JsonSchema {
  switch (def.type) {
    case "number":
      return numberSchema(def, meta);
    case "boolean":
      return { type: "boolean" };
    case "null":
      return { type: "null" };
    case "literal":
      return literalSchema(def.values as unknown[]);
    case "enum":
      return { enum: Object.values(def.entries as Record<string, unknown>), type: "string" };
    case "array":
      return withLength({ items: schemaOf(def.element as Schema, into), type: "array" }, def);
    case "record":
      return { additionalProperties: schemaOf(def.valueType as Schema, into), type: "object" };
    case "object":
      return definitionOf(core, meta, into);
    case "union":
      return unionOf(def, into);
    default:
      return {};
  }
}

function unionOf(def: Def, into: Definitions): JsonSchema {
  const options = def.options as Schema[];
  const discriminator = def.discriminator;
  if (typeof discriminator === "string") {
    const oneOf = options.map((o) => schemaOf(o, into));
    const mapping: Record<string, string> = {};
    options.forEach((option, i) => {
      const ref = oneOf[i]?.$ref;
      const values = option._zod.propValues?.[discriminator] ?? new Set();
      for (const value of values) {
        if (typeof ref === "string" && typeof value === "string") mapping[value] = ref;
      }
    });
    const named = Object.keys(mapping).length > 0;
    return {
      discriminator: named
        ? { mapping, propertyName: discriminator }
        : { propertyName: discriminator },
      oneOf,
    };
  }
  // A union of a discriminated union and a catch-all (events and unknown events): one list.
  const flat = options.flatMap((option) => {
    const inner = defOf(peel(option).core);
    const nested = inner.type === "union" && typeof inner.discriminator === "string";
    return nested ? (inner.options as Schema[]) : [option];
  });
  return { oneOf: flat.map((o) => schemaOf(o, into)) };
}

/** A model: its properties with Pydantic's titles, what is required, whether extras are allowed. */
function definitionOf(core: Schema, meta: WireMeta, into: Definitions): JsonSchema {
  const def = defOf(core);
  const shape = def.shape as Record<string, Schema>;
  const generated = meta.name === undefined ? [] : into.generated(meta.name);
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [field, schema] of Object.entries(shape)) {
    const property = schemaOf(schema, into, field);
    const peeled = peel(schema);
    const tag =
      defOf(peeled.core).type === "literal" &&
      (defOf(peeled.core).values as unknown[]).length === 1;
    if (tag && !peeled.hasDefault) property.default = (defOf(peeled.core).values as unknown[])[0];
    if (!isReference(property)) property.title = titleOf(field);
    properties[field] = property;
    const optional = peeled.optional || peeled.hasDefault || tag || generated.includes(field);
    if (!optional) required.push(field);
  }
  const out: JsonSchema = { properties, type: "object" };
  if (required.length > 0) out.required = required;
  if (meta.name !== undefined) out.title = meta.name;
  if (meta.description !== undefined) out.description = meta.description;
  const catchall = def.catchall as Schema | undefined;
  if (catchall !== undefined) out.additionalProperties = defOf(catchall).type !== "never";
  return out;
}
