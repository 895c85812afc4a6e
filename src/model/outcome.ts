import { z } from "zod";
import { int } from "../parity/fields.ts";
import { named, originalUnion } from "../parity/meta.ts";
import { RejectionSchema } from "./rejections.ts";

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
  /** The proposal it revises, superseded by it (absent when it revises none). */
  revises: z.string().optional(),
  /**
   * A rejected proposal whose effect this one equals, and the reason it was rejected (absent
   * when it equals none): the proposal is recorded all the same.
   */
  reproposal_of: z.object({ proposal_id: z.string(), reason: z.string().nullable() }).optional(),
});
/** The proposal was resolved; `version` is the artifact's version after an accept. */
const ResolvedSchema = z.object({
  type: z.literal("resolved"),
  seq,
  proposal_id: z.string(),
  decision: z.enum(["accept", "reject"]),
  version: int().nullable().default(null),
});
/** A comment was made on a proposal (`kind: "request_changes"`: changes were asked for). */
const CommentedSchema = z.object({
  type: z.literal("commented"),
  seq,
  proposal_id: z.string(),
  comment_id: z.string(),
  kind: z.enum(["comment", "request_changes"]),
});
/** One answer of a `respond_to_proposals`: what it led to, or why it was refused. */
const BatchItemSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), proposal_id: z.string(), outcome: ResolvedSchema }),
  z.object({ ok: z.literal(false), proposal_id: z.string(), rejection: RejectionSchema }),
]);
/** One answer of a `respond_to_proposals`, as its outcome reports it. */
export type BatchItem = z.infer<typeof BatchItemSchema>;

/**
 * Proposals answered in one command: every answer, in the order sent. `seq` is the log
 * position of the batch's last event; the items' own `seq` are `null`.
 */
const BatchSchema = z.object({
  type: z.literal("batch"),
  seq,
  all_or_nothing: z.boolean(),
  items: z.array(BatchItemSchema),
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
    named("Commented", CommentedSchema),
    named("Recorded", RecordedSchema),
    named("Batch", BatchSchema),
  ]),
);
/** What a command or fact led to. */
export type Outcome = z.infer<typeof OutcomeSchema>;
