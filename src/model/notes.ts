import { z } from "zod";
import { DataDiffSchema } from "./data-diff.ts";
import { ScopeSchema } from "./decisions.ts";
import { HunkOutcomeSchema } from "./hunks.ts";

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
  /** When a person accepted some of its hunks (or none): which landed and which did not. */
  hunks: HunkOutcomeSchema.nullable().default(null),
  /** For a proposal made: the proposal of its author's it revises, if any. */
  revises: z.string().optional(),
  /** For a proposal made: the rejected proposal whose change it proposes again, if any. */
  reproposal_of: z.string().optional(),
});

/**
 * A comment on a proposal: someone else's on the viewer's own (`own`), or, for a person, one
 * on a proposal of an artifact they follow. `kind: "request_changes"` asks its author to
 * revise it.
 */
const CommentNoteSchema = z.object({
  type: z.literal("comment"),
  kind: z.enum(["comment", "request_changes"]),
  proposal_id: z.string(),
  artifact_id: z.string(),
  comment_id: z.string(),
  actor: z.string(),
  /** Whether the proposal is the viewer's own. */
  own: z.boolean(),
  /** The hunk of the proposal it is on (`null`: the whole proposal). */
  hunk_id: z.string().nullable(),
  reply_to: z.string().nullable(),
  text: z.string(),
});

/**
 * A person reverted a change of the viewer's (a version it wrote, or its accepted proposal):
 * who, which version, why, and what the revert changed. Told instead of a change note.
 */
const RevertNoteSchema = z.object({
  type: z.literal("revert"),
  artifact_id: z.string(),
  kind: z.string(),
  actor: z.string(),
  /** The version whose change was undone. */
  reverted_version: z.number().int(),
  /** The version the revert wrote. */
  version: z.number().int(),
  /** The viewer's proposal whose accept wrote the reverted version, if one did. */
  proposal_id: z.string().nullable(),
  reason: z.string().nullable(),
  /** What the revert changed, from the version before it to its own. */
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
  CommentNoteSchema,
  RevertNoteSchema,
]);
/** What a viewer should hear of since it last looked. */
export type Note = z.infer<typeof NoteSchema>;
/** A person reverted a change of the viewer's. */
export type RevertNote = z.infer<typeof RevertNoteSchema>;
/** Others changed an artifact the viewer follows. */
export type ChangeNote = z.infer<typeof ChangeNoteSchema>;
