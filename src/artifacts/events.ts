import { z } from "zod";
import { JsonObjectSchema } from "../json/json.ts";
import { PatchSchema } from "../patches/patch.ts";

const scope = {
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
};

/** An artifact came to be, at version 1, with its stored (validated) data. */
export const ArtifactCreatedSchema = z.object({
  type: z.literal("artifact_created"),
  ...scope,
  artifact_id: z.string(),
  kind: z.string(),
  version: z.number().int(),
  data: JsonObjectSchema,
  proposal_id: z.string().nullable().default(null),
});

/** An artifact changed; `patch` turns the previous version's data into this one's. */
export const ArtifactChangedSchema = z.object({
  type: z.literal("artifact_changed"),
  ...scope,
  artifact_id: z.string(),
  kind: z.string(),
  version: z.number().int(),
  patch: PatchSchema,
  summary: z.string(),
  proposal_id: z.string().nullable().default(null),
});

/** An artifact was archived. */
export const ArtifactArchivedSchema = z.object({
  type: z.literal("artifact_archived"),
  ...scope,
  artifact_id: z.string(),
  kind: z.string(),
  version: z.number().int(),
  proposal_id: z.string().nullable().default(null),
});
