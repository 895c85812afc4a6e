import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { ChangeSchema } from "../artifacts/commands.ts";
import { PatchSchema } from "../patches/patch.ts";
import { DataDiffSchema } from "./data-diff-schema.ts";

const scope = {
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
};

/** A change was proposed. */
export const ProposalCreatedSchema = z.object({
  type: z.literal("proposal_created"),
  ...scope,
  proposal_id: z.string(),
  change: ChangeSchema,
  rationale: z.string().nullable().default(null),
  /** When it can be expired (its type's time-to-live), if ever. */
  expires_at: z.string().nullable().default(null),
});

/**
 * A proposal was accepted (at `version`) or rejected (with a `reason`). Beyond the original's
 * fields: the `base_version` the responder's changes were a patch against, if they said so; the
 * `surface` the answer came from; `rebased_from`, the version the proposal was
 * based on when the artifact had moved on and it was merged onto the current version;
 * `already_present` when its effect was already in the artifact (no new version); and
 * `landed_diff`, what landed compared with what was proposed, when they differ.
 */
export const ProposalResolvedSchema = z.object({
  type: z.literal("proposal_resolved"),
  ...scope,
  proposal_id: z.string(),
  decision: z.enum(["accept", "reject"]),
  proposed_by: ActorSchema,
  artifact_id: z.string(),
  changes: PatchSchema.nullable().default(null),
  reason: z.string().nullable().default(null),
  version: z.number().int().nullable().default(null),
  base_version: z.number().int().nullable().default(null),
  surface: z.string().nullable().default(null),
  rebased_from: z.number().int().nullable().default(null),
  already_present: z.boolean().default(false),
  landed_diff: DataDiffSchema.nullable().default(null),
});

/** A pending proposal was replaced by a newer one from the same thread on the same artifact. */
export const ProposalSupersededSchema = z.object({
  type: z.literal("proposal_superseded"),
  ...scope,
  proposal_id: z.string(),
  artifact_id: z.string(),
  proposed_by: ActorSchema,
  superseded_by: z.string(),
});

/** A pending proposal outlived its artifact type's time-to-live. */
export const ProposalExpiredSchema = z.object({
  type: z.literal("proposal_expired"),
  ...scope,
  proposal_id: z.string(),
  artifact_id: z.string(),
  proposed_by: ActorSchema,
  expired_at: z.string(),
});
