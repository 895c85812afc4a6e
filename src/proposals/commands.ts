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

/** Accept or reject a pending proposal; an accept may carry the person's own `changes`. */
export const RespondToProposalSchema = z.strictObject({
  type: z.literal("respond_to_proposal"),
  proposal_id: z.string(),
  decision: z.enum(["accept", "reject"]),
  changes: PatchSchema.nullable().default(null),
  reason: z.string().nullable().default(null),
});
/** Accept or reject a pending proposal. */
export type RespondToProposal = z.infer<typeof RespondToProposalSchema>;
