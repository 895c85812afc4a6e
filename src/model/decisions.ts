import { z } from "zod";
import { ActorSchema } from "./actors.ts";
import { IdSchema } from "./ids.ts";

/** Where a decision is pending: a thread (the pane a person looks at) or a run. */
export const ScopeSchema = z.strictObject({
  kind: z.enum(["thread", "run"]),
  id: IdSchema,
});
/** Where a decision is pending. */
export type Scope = z.infer<typeof ScopeSchema>;

/** One answer a person can pick, as the agent declared it. */
const DecisionOptionSchema = z.strictObject({
  id: IdSchema,
  label: z.string().min(1),
});
/** One answer a person can pick. */
export type DecisionOption = z.infer<typeof DecisionOptionSchema>;

/**
 * The options of every approval, in the library's words: what a person sees is what the answer
 * means (`approve` answers the deferred request `approved: true`), whatever labels the asker
 * sent. The asker's own words about the call go in the decision's `prompt`.
 */
export const APPROVAL_OPTIONS: readonly DecisionOption[] = Object.freeze([
  Object.freeze({ id: "approve", label: "Approve" }),
  Object.freeze({ id: "deny", label: "Deny" }),
]);

/** Why a decision stopped being pending. */
const RetireReasonSchema = z.enum([
  "answered",
  "superseded",
  "user_input",
  "expired",
  "scope_ended",
  "transport_lost",
]);

/**
 * A blocking decision as the person sees it. `options` is empty when it is read-only: the
 * request was prose, or the scope has no proven answer channel (answer where the agent runs).
 */
export const DecisionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(DecisionOptionSchema),
  received_at: z.string().nullable(),
  /** The answer channel that delivers a pick; `null` when read-only. */
  channel: z.string().nullable(),
  expires_at: z.string().nullable(),
  /**
   * Who asked: only they supersede it or report it lost, besides the system and people.
   * `null` for a decision recorded before askers were, whose asker is unknown.
   */
  asked_by: ActorSchema.nullable().default(null),
});
/** A blocking decision as the person sees it. */
export type Decision = z.infer<typeof DecisionSchema>;

/** How a decision that is no longer pending ended. */
const ClosedDecisionSchema = z.object({
  reason: RetireReasonSchema,
  /** The option picked, for `answered`. */
  option_id: z.string().nullable().default(null),
  /** The newer decision, for `superseded`. */
  superseded_by: z.string().nullable().default(null),
});

/** A scope's decisions: the one pending, and how every earlier one ended, by id. */
export const DecisionSlotSchema = z.object({
  pending: DecisionSchema.nullable().default(null),
  closed: z.record(z.string(), ClosedDecisionSchema).default({}),
});
/** A scope's decisions. */
export type DecisionSlot = z.infer<typeof DecisionSlotSchema>;

/** A decision pending now, with the scope it is pending in (what a list of them shows). */
export interface PendingDecision {
  readonly scope: Scope;
  /** The scope's thread (a run's own thread). */
  readonly thread_id: string;
  /** The run, for a run's decision. */
  readonly run_id: string | null;
  readonly decision: Decision;
}

/**
 * True once a decision is past its `expires_at` at `now` (ISO 8601): it is retired even before
 * anyone records it, since the agent stopped waiting and an answer would reach nothing.
 */
export function isDue(decision: Decision, now: string | undefined): boolean {
  const due = decision.expires_at;
  return due !== null && now !== undefined && Date.parse(now) >= Date.parse(due);
}

/** The answer channel every run has: the original's deferred answers. */
export const DEFERRED_CHANNEL = "deferred";

/**
 * The answer channel every thread and run has whose delivery is the asking agent's notes: the
 * stored answer is what its next notes tell it, so nothing more is sent.
 */
export const NOTES_CHANNEL = "notes";

/**
 * Whether `channel` is built in (`deferred`, `notes`): proven without the host declaring it,
 * and delivered by the very write that stores the answer.
 */
export function isBuiltInChannel(channel: string): boolean {
  return channel === DEFERRED_CHANNEL || channel === NOTES_CHANNEL;
}

/** A scope with no decisions yet (frozen: shared by every new thread and run). */
export const EMPTY_SLOT: DecisionSlot = Object.freeze({ pending: null, closed: Object.freeze({}) });

/**
 * Make a decision pending in a scope (recorded by the agent's adapter or the system). A newer
 * request supersedes the pending one; an agent's, only one it asked itself. `options: null`
 * is a prose-only request: it never gets options. `channel` is how the scope's agent takes an
 * answer; without a proven one the decision is read-only. An approval (a run's deferred one)
 * always offers {@link APPROVAL_OPTIONS}: the labels an asker sends for it are not shown.
 */
export const RequestDecisionSchema = z.strictObject({
  type: z.literal("request_decision"),
  scope: ScopeSchema,
  decision_id: IdSchema,
  prompt: z.string().min(1),
  options: z
    .array(DecisionOptionSchema)
    .min(1)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, {
      message: "option ids must be unique",
    })
    .nullable()
    .default(null),
  channel: z.string().min(1).nullable().default(null),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
/** Make a decision pending in a scope. */
export type RequestDecision = z.infer<typeof RequestDecisionSchema>;

/** A person picks an option of a pending decision. */
export const AnswerDecisionSchema = z.strictObject({
  type: z.literal("answer_decision"),
  scope: ScopeSchema,
  decision_id: IdSchema,
  option_id: IdSchema,
  /** Where the answer came from (a review UI, a CLI, a chat…). */
  surface: z.string().nullable().default(null),
});
/** A person picks an option of a pending decision. */
export type AnswerDecision = z.infer<typeof AnswerDecisionSchema>;

/**
 * Retire a pending decision without an answer: the person acted elsewhere (typed in the
 * agent's own terminal), the answer transport was lost, or it expired (checked against the
 * clock).
 */
export const RetireDecisionSchema = z.strictObject({
  type: z.literal("retire_decision"),
  scope: ScopeSchema,
  decision_id: IdSchema,
  reason: z.enum(["user_input", "transport_lost", "expired"]),
});
/** Retire a pending decision without an answer. */
export type RetireDecision = z.infer<typeof RetireDecisionSchema>;

// Every decision event names its scope's thread (and run), so the log scopes it.
const scoped = {
  thread_id: z.string(),
  run_id: z.string().nullable(),
  scope: ScopeSchema,
};

/** A decision became pending in its scope. */
export const DecisionRequestedSchema = z.object({
  type: z.literal("decision_requested"),
  ...scoped,
  decision: DecisionSchema,
});
/** A newer decision in the same scope replaced a pending one. */
export const DecisionSupersededSchema = z.object({
  type: z.literal("decision_superseded"),
  ...scoped,
  decision_id: z.string(),
  superseded_by: z.string(),
});
/** A person picked an option; the id is consumed. */
export const DecisionAnsweredSchema = z.object({
  type: z.literal("decision_answered"),
  ...scoped,
  decision_id: z.string(),
  option_id: z.string(),
  /** The option's label, so the log reads as what the person picked. */
  label: z.string(),
  channel: z.string(),
  surface: z.string().nullable(),
});
/** A pending decision ended without an answer through us. */
export const DecisionRetiredSchema = z.object({
  type: z.literal("decision_retired"),
  ...scoped,
  decision_id: z.string(),
  reason: RetireReasonSchema.exclude(["answered", "superseded"]),
});
