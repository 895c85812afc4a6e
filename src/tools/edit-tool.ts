import { z } from "zod";
import type { ArtifactType } from "../model/artifact-type.ts";
import type { CommandInput } from "../model/command.ts";
import { validationFailed } from "../model/rejections.ts";
import type { WorkspaceTool } from "./api.ts";
import { toolName } from "./artifact-tools.ts";
import { type JsonSchema, nullable, strictObject, strictSchema } from "./strict-schema.ts";
import { committed, refused, type ToolKit, tool } from "./tool-kit.ts";

const STRING: JsonSchema = { type: "string" };

/** The top-level fields of a kind's data that hold text (what text edits can change). */
function textFields(type: ArtifactType): string[] {
  const schema = z.toJSONSchema(type.schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { type?: unknown }>;
  };
  return Object.entries(schema.properties ?? {})
    .filter(([, field]) => field.type === "string")
    .map(([name]) => name);
}

/** The `set` input: every field of the kind, each nullable (null leaves it as it is). */
function setInput(type: ArtifactType): { key: "set" | "set_json"; json: JsonSchema } {
  const strict = strictSchema(type.schema) as {
    properties?: Record<string, JsonSchema>;
  } | null;
  if (strict?.properties === undefined) {
    const description = `A JSON object of the ${type.kind}'s fields to replace, with their new values.`;
    return { key: "set_json", json: nullable({ type: "string", description }) };
  }
  const fields = Object.fromEntries(
    Object.entries(strict.properties).map(([name, field]) => [name, nullable(field)]),
  );
  return { key: "set", json: nullable(strictObject(fields)) };
}

type EditArgs = {
  readonly artifact_id: string;
  readonly base_version: number;
  readonly summary?: string | null | undefined;
  readonly text_edits?:
    | { field?: string | null | undefined; edits: { old: string; new: string }[] }
    | null
    | undefined;
  readonly set?: Record<string, unknown> | null | undefined;
  readonly set_json?: string | null | undefined;
};

/** The patch the arguments ask for: exactly one of text edits and field replacements. */
function patchOf(args: EditArgs): { ok: true; patch: unknown } | { ok: false; msg: string } {
  let set = args.set;
  if (typeof args.set_json === "string") {
    try {
      set = JSON.parse(args.set_json) as Record<string, unknown>;
    } catch {
      return { ok: false, msg: "set_json must be a JSON object" };
    }
  }
  const edits = args.text_edits;
  const fields = Object.entries(set ?? {}).filter(([, value]) => value !== null);
  if ((edits == null) === (fields.length === 0)) {
    return { ok: false, msg: "give exactly one of text_edits and set" };
  }
  if (edits != null) {
    return {
      ok: true,
      patch: { kind: "text_edits", field: edits.field ?? "text", edits: edits.edits },
    };
  }
  const ops = fields.map(([name, value]) => ({ op: "add", path: `/${name}`, value }));
  return { ok: true, patch: { kind: "json_patch", ops } };
}

/** Changes an artifact of one kind: text edits in a text field, or whole fields replaced. */
export function editArtifact(kit: ToolKit, type: ArtifactType): WorkspaceTool {
  const texts = textFields(type);
  const set = setInput(type);
  const edit = strictObject({
    field: texts.length === 0 ? STRING : { type: "string", enum: texts },
    edits: { type: "array", items: strictObject({ old: STRING, new: STRING }) },
  });
  return tool(kit, {
    name: toolName("edit", type.kind),
    description:
      `Change a ${type.kind}. Give the version you read as base_version. Either replace exact text ` +
      "in a text field with text_edits (each `old` must appear exactly once; include enough context), " +
      `or replace whole fields with ${set.key}; not both. ${type.writePolicy === "propose" ? "The change becomes a proposal that a person reviews; it is not applied until they accept it." : "It applies at once, unless your thread is in suggest mode: then it becomes a proposal."}`,
    inputSchema: z.strictObject({
      artifact_id: z.string().min(1),
      base_version: z.number().int(),
      summary: z.string().nullish(),
      text_edits: z
        .strictObject({
          field: z.string().nullish(),
          edits: z.array(z.strictObject({ old: z.string(), new: z.string() })).min(1),
        })
        .nullish(),
      set: z.record(z.string(), z.unknown()).nullish(),
      set_json: z.string().nullish(),
    }),
    jsonSchema: strictObject({
      artifact_id: STRING,
      base_version: { type: "integer" },
      summary: nullable(STRING),
      ...(texts.length === 0 ? {} : { text_edits: nullable(edit) }),
      [set.key]: set.json,
    }),
    async run(args) {
      const patch = patchOf(args);
      if (!patch.ok) {
        const error = { type: "value_error", loc: [], msg: patch.msg };
        return refused(
          kit,
          validationFailed(`invalid ${toolName("edit", type.kind)} arguments`, [error]),
        );
      }
      const { artifact_id, base_version, summary } = args;
      const command = {
        type: "edit_artifact",
        artifact_id,
        base_version,
        patch: patch.patch,
        ...(summary == null ? {} : { summary }),
      } as CommandInput;
      return committed(kit, command);
    },
  });
}
