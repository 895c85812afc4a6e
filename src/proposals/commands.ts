import { z } from "zod";
import { ChangeSchema } from "../artifacts/commands.ts";
import { PatchSchema } from "../patches/patch.ts";

/** Propose a change explicitly, whatever the actor or the write policy. */
export const ProposeChangeSchema = z.strictObject({
  type: z.literal("propose_change"),
  proposal_id: z.string(),
  change: ChangeSchema,
  rationale: z.string().nullable().default(null),
});
/** Propose a change explicitly. */
export type ProposeChange = z.infer<typeof ProposeChangeSchema>;

/**
 * Accept or reject a pending proposal. An accept may carry the person's own `changes`:
 * without `base_version` they layer on the proposal's result (as in the original) and the
 * whole is rebased onto the current version; with `base_version` (which must be the current
 * version) they are a patch against that version and their result is what lands — the way a
 * person resolves a conflict. `surface` names where the answer came from (a review UI, a CLI…).
 */
export const RespondToProposalSchema = z.strictObject({
  type: z.literal("respond_to_proposal"),
  proposal_id: z.string(),
  decision: z.enum(["accept", "reject"]),
  changes: PatchSchema.nullable().default(null),
  reason: z.string().nullable().default(null),
  base_version: z.number().int().min(1).nullable().default(null),
  surface: z.string().nullable().default(null),
});
/** Accept or reject a pending proposal. */
export type RespondToProposal = z.infer<typeof RespondToProposalSchema>;

/** Expire a pending proposal whose artifact type's time-to-live has run out. */
export const ExpireProposalSchema = z.strictObject({
  type: z.literal("expire_proposal"),
  proposal_id: z.string(),
});
/** Expire a pending proposal past its time-to-live. */
export type ExpireProposal = z.infer<typeof ExpireProposalSchema>;
