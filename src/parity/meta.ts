import { z } from "zod";
import type { Bounds } from "./lax.ts";

/**
 * What a schema is in the original's terms (Pydantic's), where zod alone cannot say: the
 * original's error codes and JSON Schema follow from it. Kept in one registry, so a schema
 * carries it without a wrapper.
 */
export interface WireMeta {
  /** A lax scalar: converted as Pydantic's lax mode converts (see `lax.ts`). */
  readonly scalar?: "int" | "float" | "bool";
  /** A float's bounds, which an infinite or NaN input is checked against (see `lax.ts`). */
  readonly bounds?: Bounds;
  /** A Python `tuple` (the original's sequences), not a `list`: `tuple_type`, "Tuple …". */
  readonly tuple?: true;
  /** The fewest items a sequence takes, counted after validation as Pydantic counts them. */
  readonly minItems?: number;
  /** A Python `Enum` (`enum` errors), not a `Literal` (`literal_error`). */
  readonly enum?: true;
  /** The model's class name: `model_type` errors and the JSON Schema's `$defs` key. */
  readonly name?: string;
  /**
   * A discriminated union of the original's: a wrong tag is reported at the union
   * (`union_tag_invalid`, `union_tag_not_found`), a non-object as `model_attributes_type`, as
   * Pydantic does. Our own unions say it at the tag, as they always have.
   */
  readonly pydanticUnion?: true;
  /** A named string type of the original (`ArtifactId`, `ThreadId`, …): a `$ref` in JSON Schema. */
  readonly ref?: string;
  /** A string's JSON Schema `format` (`date-time`), where the original declares one. */
  readonly format?: string;
  /** Our own words for what the schema is, for its JSON Schema `description`. */
  readonly description?: string;
}

/** The registry of {@link WireMeta}, keyed by schema instance. */
const wireMeta = z.registry<WireMeta>();

/** The metadata registered for `schema`, or an empty record. */
export function metaOf(schema: z.core.$ZodType): WireMeta {
  return wireMeta.get(schema) ?? {};
}

/** Registers `meta` for `schema` (merged with what it had) and returns the same schema. */
export function withMeta<S extends z.core.$ZodType>(schema: S, meta: WireMeta): S {
  const merged = { ...metaOf(schema), ...meta };
  if (wireMeta.has(schema)) wireMeta.remove(schema);
  wireMeta.add(schema, merged);
  return schema;
}

/**
 * Names a model (an object schema) as the original's class, optionally with a description:
 * `model_type` errors say "instance of {name}", and the JSON Schema puts it in `$defs`.
 */
export function named<S extends z.core.$ZodType>(name: string, schema: S, description?: string): S {
  return withMeta(schema, description === undefined ? { name } : { name, description });
}

/** Marks a discriminated union as the original's (see {@link WireMeta.pydanticUnion}). */
export function originalUnion<S extends z.core.$ZodType>(schema: S): S {
  return withMeta(schema, { pydanticUnion: true });
}
