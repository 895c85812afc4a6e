import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { ChangeSchema } from "../artifacts/commands.ts";

/** Where a proposal stands. */
export const ProposalStatusSchema = z.enum(["pending", "accepted", "rejected"]);
/** Where a proposal stands: `pending`, `accepted` or `rejected`. */
export type ProposalStatus = z.infer<typeof ProposalStatusSchema>;

/** A durable proposed change, waiting for (or resolved by) someone other than its author. */
export const ProposalSchema = z.object({
  id: z.string(),
  change: ChangeSchema,
  proposed_by: ActorSchema,
  rationale: z.string().nullable().default(null),
  status: ProposalStatusSchema.default("pending"),
  thread_id: z.string().nullable().default(null),
});
/** A durable proposed change. */
export type Proposal = z.infer<typeof ProposalSchema>;
