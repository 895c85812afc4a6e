import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { ChangeSchema } from "../artifacts/commands.ts";
import { PatchSchema } from "../patches/patch.ts";

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
});

/** A proposal was accepted (at `version`) or rejected (with a `reason`). */
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
});
