import { z } from "zod";
import { DataDiffSchema } from "./data-diff.ts";
import { ScopeSchema } from "./decisions.ts";

/** Others changed an artifact the viewer follows: coalesced over a slice of the log. */
const ChangeNoteSchema = z.object({
  type: z.literal("change"),
  artifact_id: z.string(),
  kind: z.string(),
  /** Display names of who changed it, in the order they first did. */
  actors: z.array(z.string()),
  /** The version before the first change (`null` when the artifact was created in the slice). */
  from_version: z.number().int().nullable(),
  to_version: z.number().int(),
  summaries: z.array(z.string()),
  /**
   * What others changed, one diff per unbroken run of their versions (the viewer's own
   * versions in between are left out), where the data of both ends is known.
   */
  diffs: z.array(
    z.object({
      from_version: z.number().int(),
      to_version: z.number().int(),
      diff: DataDiffSchema,
    }),
  ),
});

/** A proposal the viewer should know of: made on an artifact it follows, or its own, answered. */
const ProposalNoteSchema = z.object({
  type: z.literal("proposal"),
  action: z.enum(["proposed", "accepted", "rejected", "expired"]),
  proposal_id: z.string(),
  artifact_id: z.string(),
  actor: z.string(),
  /** The rationale of a proposal, the reason of a rejection. */
  detail: z.string().nullable(),
  version: z.number().int().nullable(),
  /** The version the proposal was based on, when it was merged onto a newer one. */
  rebased_from: z.number().int().nullable(),
  already_present: z.boolean(),
  /** For an accept: the person's changes, as the original described them (`replace /text`…). */
  changes: z.string().nullable(),
  /** What landed compared with what the viewer proposed, when they differ. */
  diff: DataDiffSchema.nullable(),
});

/** A notice posted in the viewer agent's thread. */
const NoticeNoteSchema = z.object({
  type: z.literal("notice"),
  actor: z.string(),
  content: z.string(),
});

/** A person answered a decision asked in the viewer agent's thread or one of its runs. */
const AnswerNoteSchema = z.object({
  type: z.literal("answer"),
  decision_id: z.string(),
  scope: ScopeSchema,
  actor: z.string(),
  /** The option picked; `null` for an answer given directly to a deferred request. */
  option_id: z.string().nullable(),
  /** What the person answered: the option's label, or their own words. */
  answer: z.string(),
});

/** What an agent (or a person) should hear of since it last looked, discriminated by `type`. */
export const NoteSchema = z.discriminatedUnion("type", [
  ChangeNoteSchema,
  ProposalNoteSchema,
  NoticeNoteSchema,
  AnswerNoteSchema,
]);
/** What a viewer should hear of since it last looked. */
export type Note = z.infer<typeof NoteSchema>;
/** Others changed an artifact the viewer follows. */
export type ChangeNote = z.infer<typeof ChangeNoteSchema>;
