import { z } from "zod";
import { int } from "../parity/fields.ts";
import { ActorSchema } from "./actors.ts";
import { ChangeSchema } from "./artifacts.ts";
import { DataDiffSchema } from "./data-diff.ts";
import { HunkOutcomeSchema } from "./hunks.ts";
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
  /**
   * For a rejection: the ids of the proposal's hunks against the artifact as it was then, so a
   * later proposal with the same effect is recognised as proposing it again (`null` when not
   * recorded: other answers, records from before it was kept).
   */
  hunk_ids: z.array(z.string()).nullable().default(null),
  /**
   * For an accept of some of its hunks: those that landed and those that did not (`null`:
   * the whole proposal was answered).
   */
  hunks: HunkOutcomeSchema.nullable().default(null),
});
/** How a proposal was resolved. */
export type Resolution = z.infer<typeof ResolutionSchema>;

/**
 * A comment on a proposal: a remark (`comment`) or a person's request for changes
 * (`request_changes`), on the whole proposal or on one of its hunks (`hunk_id`), possibly in
 * reply to another comment. `proposal_id` is the proposal it was made on: a revision carries
 * its predecessor's comments along.
 */
const CommentSchema = z.object({
  id: z.string(),
  proposal_id: z.string(),
  kind: z.enum(["comment", "request_changes"]).default("comment"),
  hunk_id: z.string().nullable().default(null),
  text: z.string(),
  reply_to: z.string().nullable().default(null),
  by: ActorSchema,
  at: z.string().nullable().default(null),
});
/** A comment on a proposal. */
export type Comment = z.infer<typeof CommentSchema>;

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
  /** Its comments, oldest first, with those of the proposals it revises. */
  comments: z.array(CommentSchema).default([]),
  /** Whether a person asked for changes to it (it stays pending until revised or answered). */
  changes_requested: z.boolean().default(false),
  /** The proposal of its author's it revises (and superseded), if any. */
  revises: z.string().nullable().default(null),
  /** A rejected proposal whose effect it equals: it proposes that change again. */
  reproposal_of: z.string().nullable().default(null),
});
/** A durable proposed change. */
export type Proposal = z.infer<typeof ProposalSchema>;

/** Propose a change explicitly, whatever the actor or the write policy. */
export const ProposeChangeSchema = z.strictObject({
  type: z.literal("propose_change"),
  proposal_id: IdSchema,
  change: ChangeSchema,
  rationale: z.string().nullable().default(null),
  /** A pending proposal of the author's this one revises: it is superseded by this one. */
  revises: IdSchema.nullable().default(null),
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
  /**
   * Accept only these hunks of an edit proposal (ids from its preview), as one revision;
   * `null` (the default) answers the whole proposal. An accept of none (`[]`) rejects it.
   */
  hunks: z.array(IdSchema).nullable().default(null),
});
/** Accept or reject a pending proposal. */
export type RespondToProposal = z.infer<typeof RespondToProposalSchema>;

/** The most answers one `respond_to_proposals` may carry. */
const MAX_BATCH_RESPONSES = 100;

/**
 * One answer in a `respond_to_proposals`: whatever a `respond_to_proposal` carries, without
 * its `type` (built from that schema, so a field added to it comes along).
 */
const ProposalResponseSchema = RespondToProposalSchema.omit({ type: true });

/**
 * Answer several proposals in one command, in order: each is decided by the rule of
 * `respond_to_proposal` against the state the earlier ones left (an accept rebases onto what
 * the earlier accepts wrote), and every answer that succeeds lands in one append. By default
 * a refused answer changes nothing of its own and does not stop the others; with
 * `all_or_nothing`, one refused answer refuses the whole batch and nothing is written.
 */
export const RespondToProposalsSchema = z.strictObject({
  type: z.literal("respond_to_proposals"),
  responses: z.array(ProposalResponseSchema).min(1).max(MAX_BATCH_RESPONSES),
  all_or_nothing: z.boolean().default(false),
});
/** Answer several proposals in one command. */
export type RespondToProposals = z.infer<typeof RespondToProposalsSchema>;

/**
 * Comment on a proposal, as a whole or on one hunk of it (`hunk_id`), possibly replying to
 * another comment on it (`reply_to`).
 */
export const CommentOnProposalSchema = z.strictObject({
  type: z.literal("comment_on_proposal"),
  proposal_id: IdSchema,
  comment_id: IdSchema,
  hunk_id: IdSchema.nullable().default(null),
  text: z.string().min(1),
  reply_to: IdSchema.nullable().default(null),
  /** Where the comment was written (the CLI, the page, …), as answers record it. */
  surface: z.string().nullable().default(null),
});
/** Comment on a proposal. */
export type CommentOnProposal = z.infer<typeof CommentOnProposalSchema>;

/**
 * Ask the author of a pending proposal for changes, in words: the proposal stays pending, the
 * words are kept as a comment of kind `request_changes`, and the author answers by revising it.
 */
export const RequestChangesSchema = z.strictObject({
  type: z.literal("request_changes"),
  proposal_id: IdSchema,
  comment_id: IdSchema,
  text: z.string().min(1),
  surface: z.string().nullable().default(null),
});
/** Ask a proposal's author for changes. */
export type RequestChanges = z.infer<typeof RequestChangesSchema>;

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
  /** The proposal it revises (superseded by it, its comments carried along). */
  revises: z.string().nullable().default(null),
  /** The rejected proposal whose effect it equals. */
  reproposal_of: z.string().nullable().default(null),
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
  /** For a rejection: the proposal's hunk ids against the artifact then (see `Resolution`). */
  hunk_ids: z.array(z.string()).nullable().default(null),
  /** For an accept of some of its hunks: which landed and which did not, with their content. */
  hunks: HunkOutcomeSchema.nullable().default(null),
});

/**
 * A comment was made on a proposal (or changes were requested, `kind: "request_changes"`).
 * It names the proposal's author and artifact, so notes tell the other side without loading it.
 */
export const ProposalCommentedSchema = z.object({
  type: z.literal("proposal_commented"),
  ...scope,
  proposal_id: z.string(),
  artifact_id: z.string(),
  proposed_by: ActorSchema,
  comment_id: z.string(),
  kind: z.enum(["comment", "request_changes"]).default("comment"),
  hunk_id: z.string().nullable().default(null),
  text: z.string(),
  reply_to: z.string().nullable().default(null),
  surface: z.string().nullable().default(null),
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
