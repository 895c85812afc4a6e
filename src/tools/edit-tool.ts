import { z } from "zod";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { CommandInput } from "../model/command.ts";
import { IdSchema } from "../model/ids.ts";
import { validationFailed } from "../model/rejections.ts";
import type { WorkspaceTool } from "./api.ts";
import { toolName } from "./artifact-tools.ts";
import {
  allowsNull,
  type JsonSchema,
  nullable,
  strictObject,
  strictSchema,
} from "./strict-schema.ts";
import { committed, refused, type ToolKit, tool } from "./tool-kit.ts";

const STRING: JsonSchema = { type: "string" };

type Fields = Record<string, JsonSchema & { type?: unknown; enum?: unknown; const?: unknown }>;

/** What an edit of one kind can change, read from its schema once, when the tools are made. */
interface EditShape {
  /** Top-level free-text fields: what text edits can change (not enums or literals). */
  readonly texts: readonly string[];
  /** Whole-field replacements: typed (`set`), or a JSON text where no strict schema can be. */
  readonly set: { readonly key: "set" | "set_json"; readonly json: JsonSchema; zod: z.ZodType };
  /** Fields that may be null (cleared to null) or left out (cleared by removing them). */
  readonly clearable: readonly string[];
  /** Of those, the ones that take null. */
  readonly nulls: ReadonlySet<string>;
}

function fieldsOf(type: ArtifactType, io: "input" | "output") {
  const schema = z.toJSONSchema(type.schema, { io, unrepresentable: "any" }) as {
    properties?: Fields;
    required?: string[];
  };
  return { properties: schema.properties ?? {}, required: new Set(schema.required ?? []) };
}

// A field's schema without its default: a field `set` leaves out is left as it is, not reset.
function withoutDefault(field: z.ZodType): z.ZodType {
  let inner = field;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

// The zod side of `set`: the kind's own field schemas where it is an object, so the two agree.
function setSchema(type: ArtifactType, names: readonly string[]): z.ZodType {
  const shape = type.schema instanceof z.ZodObject ? type.schema.shape : {};
  const field = (name: string): z.ZodType => {
    const given = shape[name] as z.ZodType | undefined;
    return given === undefined ? z.unknown() : withoutDefault(given);
  };
  return z.strictObject(Object.fromEntries(names.map((name) => [name, field(name).nullish()])));
}

function editShape(type: ArtifactType): EditShape {
  const input = fieldsOf(type, "input");
  const stored = fieldsOf(type, "output");
  const texts = Object.entries(input.properties)
    .filter(([, f]) => f.type === "string" && f.enum === undefined && f.const === undefined)
    .map(([name]) => name);
  const nulls = new Set(
    Object.entries(input.properties)
      .filter(([, f]) => allowsNull(f))
      .map(([name]) => name),
  );
  const clearable = Object.keys(stored.properties).filter(
    (name) => nulls.has(name) || !stored.required.has(name),
  );
  const strict = strictSchema(type.schema) as { properties?: Record<string, JsonSchema> } | null;
  if (strict?.properties === undefined) {
    const description = `A JSON object of the ${type.kind}'s fields to replace, with their new values.`;
    const json = nullable({ type: "string", description });
    return { texts, set: { key: "set_json", json, zod: z.string() }, clearable, nulls };
  }
  // Every field, each nullable: null leaves it as it is.
  const names = Object.keys(strict.properties);
  const fields = Object.fromEntries(
    Object.entries(strict.properties).map(([name, field]) => [name, nullable(field)]),
  );
  const json = nullable(strictObject(fields));
  return { texts, set: { key: "set", json, zod: setSchema(type, names) }, clearable, nulls };
}

type EditArgs = {
  readonly artifact_id: string;
  readonly base_version: number;
  readonly summary?: string | null | undefined;
  readonly revises?: string | null | undefined;
  readonly text_edits?:
    | { field?: string | null | undefined; edits: { old: string; new: string }[] }
    | null
    | undefined;
  readonly set?: Record<string, unknown> | null | undefined;
  readonly set_json?: string | null | undefined;
  readonly clear?: readonly string[] | null | undefined;
};

type Op = { op: "add"; path: string; value: unknown } | { op: "remove"; path: string };

// The JSON Patch of whole fields: those `set` replaces, then those `clear` clears.
function fieldOps(
  args: EditArgs,
  shape: EditShape,
): { ok: true; ops: Op[] } | { ok: false; msg: string } {
  let set = args.set;
  if (typeof args.set_json === "string") {
    try {
      set = JSON.parse(args.set_json) as Record<string, unknown>;
    } catch {
      return { ok: false, msg: "set_json must be a JSON object" };
    }
  }
  const ops: Op[] = [];
  for (const [name, value] of Object.entries(set ?? {})) {
    if (value !== null) ops.push({ op: "add", path: `/${name}`, value });
  }
  for (const name of args.clear ?? []) {
    if (ops.some((op) => op.path === `/${name}`)) {
      return { ok: false, msg: `${name} is both set and cleared` };
    }
    ops.push(
      shape.nulls.has(name)
        ? { op: "add", path: `/${name}`, value: null }
        : { op: "remove", path: `/${name}` },
    );
  }
  return { ok: true, ops };
}

/** The patch the arguments ask for: text edits, or whole fields replaced and cleared. */
function patchOf(
  args: EditArgs,
  shape: EditShape,
): { ok: true; patch: unknown } | { ok: false; msg: string } {
  const fields = fieldOps(args, shape);
  if (!fields.ok) return fields;
  const edits = args.text_edits;
  if ((edits == null) === (fields.ops.length === 0)) {
    return { ok: false, msg: `give exactly one of text_edits and ${shape.set.key}` };
  }
  if (edits != null) {
    const field = edits.field ?? (shape.texts.length === 1 ? shape.texts[0] : "text");
    return { ok: true, patch: { kind: "text_edits", field, edits: edits.edits } };
  }
  return { ok: true, patch: { kind: "json_patch", ops: fields.ops } };
}

// The input, as zod and as strict JSON Schema, with the same keys.
function editInput(shape: EditShape): { zod: z.ZodType; json: JsonSchema } {
  const { texts, set, clearable } = shape;
  const zod: Record<string, z.ZodType> = {
    artifact_id: IdSchema,
    base_version: z.number().int(),
    summary: z.string().nullish(),
    revises: IdSchema.nullish(),
  };
  const json: Record<string, JsonSchema> = {
    artifact_id: STRING,
    base_version: { type: "integer" },
    summary: nullable(STRING),
    revises: nullable({
      type: "string",
      description:
        "The id of your pending proposal this change revises (after a person asked for changes): the new proposal replaces it and keeps its comments. Null otherwise.",
    }),
  };
  if (texts.length > 0) {
    const [first, ...rest] = texts as [string, ...string[]];
    const edit = z.strictObject({ old: z.string(), new: z.string() });
    zod.text_edits = z
      .strictObject({ field: z.enum([first, ...rest]).nullish(), edits: z.array(edit).min(1) })
      .nullish();
    json.text_edits = nullable(
      strictObject({
        field: { type: "string", enum: texts },
        edits: { type: "array", items: strictObject({ old: STRING, new: STRING }) },
      }),
    );
  }
  zod[set.key] = set.zod.nullish();
  json[set.key] = set.json;
  if (clearable.length > 0) {
    const [first, ...rest] = clearable as [string, ...string[]];
    zod.clear = z.array(z.enum([first, ...rest])).nullish();
    json.clear = nullable({
      type: "array",
      description: "Fields to clear: set to null where they may be null, else left out.",
      items: { type: "string", enum: clearable },
    });
  }
  return { zod: z.strictObject(zod), json: strictObject(json) };
}

function describeEdit(type: ArtifactType, shape: EditShape): string {
  const fields =
    shape.clearable.length === 0
      ? `replace whole fields with ${shape.set.key}`
      : `replace whole fields with ${shape.set.key} and clear fields with clear`;
  const texts =
    shape.texts.length === 0
      ? `Give the version you read as base_version, and ${fields}.`
      : "Give the version you read as base_version. Either replace exact text in a text field with text_edits (each `old` must appear exactly once; include enough context), " +
        `or ${fields}; not both.`;
  const policy =
    type.writePolicy === "propose"
      ? "The change becomes a proposal that a person reviews; it is not applied until they accept it."
      : "It applies at once, unless your thread is in suggest mode: then it becomes a proposal.";
  return `Change a ${type.kind}. ${texts} ${policy}`;
}

/** Changes an artifact of one kind: text edits in a text field, or whole fields replaced. */
export function editArtifact(kit: ToolKit, type: ArtifactType): WorkspaceTool {
  const shape = editShape(type);
  const input = editInput(shape);
  const name = toolName("edit", type.kind);
  return tool(kit, {
    name,
    description: describeEdit(type, shape),
    inputSchema: input.zod,
    jsonSchema: input.json,
    async run(given) {
      const args = given as EditArgs;
      const patch = patchOf(args, shape);
      if (!patch.ok) {
        const error = { type: "value_error", loc: [], msg: patch.msg };
        return refused(kit, validationFailed(`invalid ${name} arguments`, [error]));
      }
      const { artifact_id, base_version, summary, revises } = args;
      const change = {
        type: "edit_artifact",
        artifact_id,
        base_version,
        patch: patch.patch,
        ...(summary == null ? {} : { summary }),
      } as CommandInput;
      // A revision is always a proposal: it replaces the agent's own pending one.
      const command =
        revises == null ? change : ({ type: "propose_change", change, revises } as CommandInput);
      return committed(kit, command);
    },
  });
}
