import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { JsonObjectSchema } from "../json/json.ts";
import { PatchSchema } from "../patches/patch.ts";

/** An artifact at its current version: what a reader sees. */
export const VersionedSchema = z.object({
  id: z.string(),
  version: z.number().int().min(1),
  data: JsonObjectSchema,
  updated_by: ActorSchema,
  archived: z.boolean().default(false),
  kind: z.string(),
});
/** An artifact at its current version. */
export type Versioned = z.infer<typeof VersionedSchema>;

/**
 * One immutable step of an artifact's history: the version, the data it resulted in, the
 * patch from the previous version (`null` for creation and archiving), who and through which
 * proposal.
 */
export const RevisionSchema = z.object({
  artifact_id: z.string(),
  version: z.number().int().min(1),
  kind: z.string(),
  data: JsonObjectSchema,
  patch: PatchSchema.nullable().default(null),
  actor: ActorSchema,
  proposal_id: z.string().nullable().default(null),
  archived: z.boolean().default(false),
  trace_id: z.string().nullable().default(null),
});
/** One immutable step of an artifact's history. */
export type Revision = z.infer<typeof RevisionSchema>;
