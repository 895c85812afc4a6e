import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { ChangeSchema } from "../artifacts/commands.ts";
import { PatchSchema } from "../patches/patch.ts";

/**
 * Where a proposal stands. The original knew `pending`, `accepted` and `rejected`; a newer
 * proposal by the same thread can `supersede` it, and its type's time-to-live can `expire` it.
 */
export const ProposalStatusSchema = z.enum([
  "pending",
  "accepted",
  "rejected",
  "superseded",
  "expired",
]);
/** Where a proposal stands. */
export type ProposalStatus = z.infer<typeof ProposalStatusSchema>;

/**
 * How a proposal was resolved, recorded so a repeated answer can be recognised and returned
 * as it was: the decision and what came with it, who answered, from which surface, and when.
 */
export const ResolutionSchema = z.object({
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
