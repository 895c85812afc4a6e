import { z } from "zod";
import { int } from "../parity/fields.ts";
import { named, originalUnion } from "../parity/meta.ts";

const seq = int().nullable().default(null);

/** The change was applied directly, at `version`. */
const AppliedSchema = z.object({
  type: z.literal("applied"),
  seq,
  artifact_id: z.string(),
  version: int(),
});
/** The change became the pending proposal `proposal_id`; nothing was applied. */
const ProposedSchema = z.object({
  type: z.literal("proposed"),
  seq,
  proposal_id: z.string(),
});
/** The proposal was resolved; `version` is the artifact's version after an accept. */
const ResolvedSchema = z.object({
  type: z.literal("resolved"),
  seq,
  proposal_id: z.string(),
  decision: z.enum(["accept", "reject"]),
  version: int().nullable().default(null),
});
/** Anything else was recorded (or there was nothing to record). */
const RecordedSchema = z.object({
  type: z.literal("recorded"),
  seq,
  run_id: z.string().nullable().default(null),
});

/**
 * What a command or fact led to, discriminated by `type`. `seq` is the log position of its
 * last event, set by the workspace (always `null` from the pure rules).
 */
export const OutcomeSchema = originalUnion(
  z.discriminatedUnion("type", [
    named("Applied", AppliedSchema),
    named("Proposed", ProposedSchema),
    named("Resolved", ResolvedSchema),
    named("Recorded", RecordedSchema),
  ]),
);
/** What a command or fact led to. */
export type Outcome = z.infer<typeof OutcomeSchema>;
