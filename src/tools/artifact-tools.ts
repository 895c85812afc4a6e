import { z } from "zod";
import type { ArtifactType } from "../model/artifact-type.ts";
import { IdSchema } from "../model/ids.ts";
import { jsonText } from "../model/json-text.ts";
import { inlined } from "../model/line-breaks.ts";
import { validationFailed } from "../model/rejections.ts";
import type { WorkspaceTool } from "./api.ts";
import { type JsonSchema, nullable, strictObject, strictSchema } from "./strict-schema.ts";
import { answered, committed, refused, type ToolKit, tool } from "./tool-kit.ts";

const STRING: JsonSchema = { type: "string" };
const INTEGER: JsonSchema = { type: "integer" };
const ID = IdSchema;

// An id or a kind on a line of a tool's text: where it holds a line break (ids stored before
// they were held to one line could), it continues indented, never as a line of its own.
const said = (text: string): string => inlined(text, "  ");

/** A tool name for a kind: what every SDK accepts (`^[a-zA-Z0-9_-]{1,64}$`). */
export function toolName(verb: string, kind: string): string {
  return `${verb}_${kind.replace(/[^a-zA-Z0-9_-]/g, "_")}`.slice(0, 64);
}

function policyWords(type: ArtifactType): string {
  return type.writePolicy === "propose"
    ? "Every change to it becomes a proposal that a person reviews; it is not applied until they accept it."
    : "Changes apply at once, unless your thread is in suggest mode: then they become proposals a person reviews.";
}

function about(type: ArtifactType): string {
  return type.description === undefined ? "" : ` ${type.description}`;
}

/** Lists the workspace's artifacts: id, kind, version. */
export function listArtifacts(kit: ToolKit): WorkspaceTool {
  return tool(kit, {
    name: "list_artifacts",
    description:
      "List the artifacts in the workspace (notes, checklists, plans…): each one's id, kind and current version. Archived ones are left out.",
    inputSchema: z.strictObject({}),
    jsonSchema: strictObject({}),
    async run() {
      const live = (await kit.workspace.artifacts()).filter((a) => !a.archived);
      const lines = live.map((a) => `- ${said(a.id)} (${said(a.kind)}, version ${a.version})`);
      const text = lines.length === 0 ? "There are no artifacts yet." : lines.join("\n");
      return answered(
        kit,
        text,
        live.map(({ id, kind, version }) => ({ id, kind, version })),
      );
    },
  });
}

/**
 * Reads one artifact: its kind, version and data, the data as JSON text with every line break
 * and control escaped, so nothing in it starts a line of the text the model reads.
 */
export function readArtifact(kit: ToolKit): WorkspaceTool {
  return tool(kit, {
    name: "read_artifact",
    description:
      "Read one artifact: its kind, its current version (give it as base_version when you change it) and its content.",
    inputSchema: z.strictObject({ artifact_id: ID }),
    jsonSchema: strictObject({ artifact_id: STRING }),
    async run({ artifact_id }) {
      const artifact = await kit.workspace.artifact(artifact_id);
      if (artifact === null) {
        const message = `artifact ${artifact_id} does not exist`;
        return refused(kit, { type: "not_found", message, entity: "artifact", id: artifact_id });
      }
      const state = artifact.archived ? ", archived" : "";
      const head = `${said(artifact.id)} (${said(artifact.kind)}, version ${artifact.version}${state})`;
      const text = `${head}:\n${jsonText(artifact.data, 2)}`;
      return answered(kit, text, artifact);
    },
  });
}

/** Archives an artifact, under its kind's write policy. */
export function archiveArtifact(kit: ToolKit): WorkspaceTool {
  return tool(kit, {
    name: "archive_artifact",
    description:
      "Archive an artifact that is no longer needed. Give the version you read as base_version. Like any change, it may become a proposal for a person to review.",
    inputSchema: z.strictObject({ artifact_id: ID, base_version: z.number().int() }),
    jsonSchema: strictObject({ artifact_id: STRING, base_version: INTEGER }),
    run: ({ artifact_id, base_version }) =>
      committed(kit, { type: "archive_artifact", artifact_id, base_version }),
  });
}

/** The data input of a kind: typed by its schema, or a JSON text where no strict schema can be. */
function dataInput(type: ArtifactType): { schema: z.ZodType; json: JsonSchema; key: string } {
  const strict = strictSchema(type.schema);
  if (strict !== null) return { schema: type.schema, json: strict, key: "data" };
  const shape = jsonText(z.toJSONSchema(type.schema, { io: "input", unrepresentable: "any" }));
  const description = `The ${type.kind}'s content as a JSON text, matching this JSON Schema: ${shape}`;
  return { schema: z.string(), json: { type: "string", description }, key: "data_json" };
}

function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Creates an artifact of one kind, its data typed by the kind's schema. */
export function createArtifact(kit: ToolKit, type: ArtifactType): WorkspaceTool {
  const data = dataInput(type);
  return tool(kit, {
    name: toolName("create", type.kind),
    description: `Create a new ${type.kind}.${about(type)} Leave artifact_id null to have an id made for you. ${policyWords(type)}`,
    inputSchema: z.strictObject({ artifact_id: ID.nullish(), [data.key]: data.schema }),
    jsonSchema: strictObject({ artifact_id: nullable(STRING), [data.key]: data.json }),
    async run(args) {
      const given = (args as Record<string, unknown>)[data.key];
      const parsed =
        data.key === "data" ? { ok: true as const, value: given } : parseJsonText(String(given));
      if (!parsed.ok) {
        const error = { type: "json_invalid", loc: [data.key], msg: "must be a JSON text" };
        return refused(kit, validationFailed(`invalid ${type.kind} data`, [error]));
      }
      const id = (args as { artifact_id?: string | null }).artifact_id;
      return committed(kit, {
        type: "create_artifact",
        kind: type.kind,
        data: parsed.value as Record<string, never>,
        ...(id === null || id === undefined ? {} : { artifact_id: id }),
      });
    },
  });
}
