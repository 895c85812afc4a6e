import { z } from "zod";
import { bool, int } from "../parity/fields.ts";
import { named, originalUnion } from "../parity/meta.ts";
import { ActorSchema } from "./actors.ts";
import { DataDiffSchema } from "./data-diff.ts";
import { IdSchema } from "./ids.ts";
import { JsonObjectSchema } from "./json.ts";
import { PatchSchema } from "./patches.ts";

/** An artifact at its current version: what a reader sees. */
export const VersionedSchema = z.object({
  id: z.string(),
  version: int({ ge: 1 }),
  data: JsonObjectSchema,
  updated_by: ActorSchema,
  archived: bool().default(false),
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
  version: int({ ge: 1 }),
  kind: z.string(),
  data: JsonObjectSchema,
  patch: PatchSchema.nullable().default(null),
  actor: ActorSchema,
  proposal_id: z.string().nullable().default(null),
  archived: bool().default(false),
  trace_id: z.string().nullable().default(null),
  /** The version this revision reverts (`revert_revision`), if it is a revert. */
  reverts: z.number().int().nullable().default(null),
});
/** One immutable step of an artifact's history. */
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * Create an artifact. When the type's write policy (or the thread's mode) makes an agent
 * propose, it becomes the proposal `proposal_id` instead.
 */
export const CreateArtifactSchema = named(
  "CreateArtifact",
  z.strictObject({
    type: z.literal("create_artifact"),
    artifact_id: IdSchema,
    kind: z.string(),
    data: JsonObjectSchema,
    thread_id: IdSchema.nullable().default(null),
    proposal_id: IdSchema,
  }),
);
/** Create an artifact. */
export type CreateArtifact = z.infer<typeof CreateArtifactSchema>;

/** Apply a patch to an artifact, computed against `base_version`. */
export const EditArtifactSchema = named(
  "EditArtifact",
  z.strictObject({
    type: z.literal("edit_artifact"),
    artifact_id: IdSchema,
    base_version: int({ ge: 1 }),
    patch: PatchSchema,
    summary: z.string().nullable().default(null),
    thread_id: IdSchema.nullable().default(null),
    proposal_id: IdSchema,
  }),
);
/** Apply a patch to an artifact. */
export type EditArtifact = z.infer<typeof EditArtifactSchema>;

/** Archive an artifact at `base_version`. Its data stays readable; it can no longer change. */
export const ArchiveArtifactSchema = named(
  "ArchiveArtifact",
  z.strictObject({
    type: z.literal("archive_artifact"),
    artifact_id: IdSchema,
    base_version: int({ ge: 1 }),
    thread_id: IdSchema.nullable().default(null),
    proposal_id: IdSchema,
  }),
);
/** Archive an artifact. */
export type ArchiveArtifact = z.infer<typeof ArchiveArtifactSchema>;

/**
 * Revert revision `version` of an artifact, as `git revert` does: a new revision that undoes
 * that one's change by a three-way merge onto the data as it is now. A person's command; the
 * `reason` reaches the agent whose change it undoes.
 */
export const RevertRevisionSchema = z.strictObject({
  type: z.literal("revert_revision"),
  artifact_id: IdSchema,
  version: int({ ge: 1 }),
  reason: z.string().nullable().default(null),
  surface: z.string().nullable().default(null),
});
/** Revert one revision of an artifact. */
export type RevertRevision = z.infer<typeof RevertRevisionSchema>;

/**
 * What a revert undid, on its `artifact_changed`: the author of the reverted revision (the
 * proposal's author when it was an accepted proposal), that proposal, the person's reason and
 * what the revert changed, so notes tell the author without loading anything.
 */
const RevertedSchema = z.object({
  author: ActorSchema,
  proposal_id: z.string().nullable().default(null),
  reason: z.string().nullable().default(null),
  surface: z.string().nullable().default(null),
  diff: DataDiffSchema.nullable().default(null),
});

/** The changes a proposal can carry. */
export const ChangeSchema = originalUnion(
  z.discriminatedUnion("type", [CreateArtifactSchema, EditArtifactSchema, ArchiveArtifactSchema]),
);
/** A change to artifacts: create, edit or archive. */
export type Change = z.infer<typeof ChangeSchema>;

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
  version: int(),
  data: JsonObjectSchema,
  proposal_id: z.string().nullable().default(null),
});

/** An artifact changed; `patch` turns the previous version's data into this one's. */
export const ArtifactChangedSchema = z.object({
  type: z.literal("artifact_changed"),
  ...scope,
  artifact_id: z.string(),
  kind: z.string(),
  version: int(),
  patch: PatchSchema,
  summary: z.string(),
  proposal_id: z.string().nullable().default(null),
  /** The version this change reverts (`revert_revision`), if it is a revert. */
  reverts: z.number().int().nullable().default(null),
  /** For a revert: what it undid and for whom (see {@link RevertedSchema}). */
  reverted: RevertedSchema.nullable().default(null),
});

/** An artifact was archived. */
export const ArtifactArchivedSchema = z.object({
  type: z.literal("artifact_archived"),
  ...scope,
  artifact_id: z.string(),
  kind: z.string(),
  version: int(),
  proposal_id: z.string().nullable().default(null),
});
