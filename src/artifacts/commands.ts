import { z } from "zod";
import { JsonObjectSchema } from "../json/json.ts";
import { PatchSchema } from "../patches/patch.ts";

/**
 * Create an artifact. When the type's write policy (or the thread's mode) makes an agent
 * propose, it becomes the proposal `proposal_id` instead.
 */
export const CreateArtifactSchema = z.strictObject({
  type: z.literal("create_artifact"),
  artifact_id: z.string(),
  kind: z.string(),
  data: JsonObjectSchema,
  thread_id: z.string().nullable().default(null),
  proposal_id: z.string(),
});
/** Create an artifact. */
export type CreateArtifact = z.infer<typeof CreateArtifactSchema>;

/** Apply a patch to an artifact, computed against `base_version`. */
export const EditArtifactSchema = z.strictObject({
  type: z.literal("edit_artifact"),
  artifact_id: z.string(),
  base_version: z.number().int().min(1),
  patch: PatchSchema,
  summary: z.string().nullable().default(null),
  thread_id: z.string().nullable().default(null),
  proposal_id: z.string(),
});
/** Apply a patch to an artifact. */
export type EditArtifact = z.infer<typeof EditArtifactSchema>;

/** Archive an artifact at `base_version`. Its data stays readable; it can no longer change. */
export const ArchiveArtifactSchema = z.strictObject({
  type: z.literal("archive_artifact"),
  artifact_id: z.string(),
  base_version: z.number().int().min(1),
  thread_id: z.string().nullable().default(null),
  proposal_id: z.string(),
});
/** Archive an artifact. */
export type ArchiveArtifact = z.infer<typeof ArchiveArtifactSchema>;

/** The changes a proposal can carry. */
export const ChangeSchema = z.discriminatedUnion("type", [
  CreateArtifactSchema,
  EditArtifactSchema,
  ArchiveArtifactSchema,
]);
/** A change to artifacts: create, edit or archive. */
export type Change = z.infer<typeof ChangeSchema>;
