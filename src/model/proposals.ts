import { z } from "zod";
import { int } from "../parity/fields.ts";
import { ActorSchema } from "./actors.ts";
import { ChangeSchema } from "./artifacts.ts";
import { DataDiffSchema } from "./data-diff.ts";
import { IdSchema } from "./ids.ts";
import { PatchSchema } from "./patches.ts";

/**
 * Where a proposal stands. The original knew `pending`, `accepted` and `rejected`; a newer
 * proposal by the same thread can `supersede` it, and its type's time-to-live can `expire` it.
 */
const ProposalStatusSchema = z.enum(["pending", "accepted", "rejected", "superseded", "expired"]);
/** Where a proposal stands. */
export type ProposalStatus = z.infer<typeof ProposalStatusSchema>;

/**
 * How a proposal was resolved, recorded so a repeated answer can be recognised and returned
 * as it was: the decision and what came with it, who answered, from which surface, and when.
 */
const ResolutionSchema = z.object({
  decision: z.enum(["accept", "reject", "supersede", "expire"]),
  /** The artifact's version after an accept (the current one when the change was already there). */
  version: z.number().int().nullable().default(null),
  changes: PatchSchema.nullable().default(null),
  /** The version the responder's `changes` were based on, when they said so. */
  base_version: z.number().int().nullable().default(null),
  reason: z.string().nullable().default(null),
  by: ActorSchema.nullable().default(null),
  surface: z.string().nullable().default(null),
  at: z.string().nullable().default(null),
  /** For a supersession: the proposal that replaced this one. */
  superseded_by: z.string().nullable().default(null),
});
/** How a proposal was resolved. */
export type Resolution = z.infer<typeof ResolutionSchema>;

/** A durable proposed change, waiting for (or resolved by) someone other than its author. */
export const ProposalSchema = z.object({
  id: z.string(),
  change: ChangeSchema,
  proposed_by: ActorSchema,
  rationale: z.string().nullable().default(null),
  status: ProposalStatusSchema.default("pending"),
  thread_id: z.string().nullable().default(null),
  /** When it was made, by the workspace's clock (`null` in records from before it was kept). */
  created_at: z.string().nullable().default(null),
  /** When it expires, if its artifact type gives pending proposals a time-to-live. */
  expires_at: z.string().nullable().default(null),
  /** How it was resolved (`null` while pending, and in records from before it was kept). */
  resolution: ResolutionSchema.nullable().default(null),
});
/** A durable proposed change. */
export type Proposal = z.infer<typeof ProposalSchema>;

/** Propose a change explicitly, whatever the actor or the write policy. */
export const ProposeChangeSchema = z.strictObject({
  type: z.literal("propose_change"),
  proposal_id: IdSchema,
  change: ChangeSchema,
  rationale: z.string().nullable().default(null),
});

/**
 * Accept or reject a pending proposal. An accept may carry the person's own `changes`:
 * without `base_version` they layer on the proposal's result (as in the original) and the
 * whole is rebased onto the current version; with `base_version` (which must be the current
 * version) they are a patch against that version and their result is what lands — the way a
 * person resolves a conflict. `surface` names where the answer came from (a review UI, a CLI…).
 */
export const RespondToProposalSchema = z.strictObject({
  type: z.literal("respond_to_proposal"),
  proposal_id: IdSchema,
  decision: z.enum(["accept", "reject"]),
  changes: PatchSchema.nullable().default(null),
  reason: z.string().nullable().default(null),
  base_version: int({ ge: 1 }).nullable().default(null),
  surface: z.string().nullable().default(null),
});
/** Accept or reject a pending proposal. */
export type RespondToProposal = z.infer<typeof RespondToProposalSchema>;

/** Expire a pending proposal whose artifact type's time-to-live has run out. */
export const ExpireProposalSchema = z.strictObject({
  type: z.literal("expire_proposal"),
  proposal_id: IdSchema,
});
/** Expire a pending proposal past its time-to-live. */
export type ExpireProposal = z.infer<typeof ExpireProposalSchema>;

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
  version: int().nullable().default(null),
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
