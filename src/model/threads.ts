import { z } from "zod";
import { tuple } from "../parity/fields.ts";
import { DecisionSlotSchema, EMPTY_SLOT } from "./decisions.ts";
import { IdSchema } from "./ids.ts";
import { OfferAnswerSchema, OfferRefSchema, ThreadOfferSchema } from "./offers.ts";
import { PlacementSchema } from "./placement.ts";

/** Thread modes: in `suggest`, the thread's agent proposes every change. */
export const ThreadModeSchema = z.enum(["edit", "suggest"]);
/** `edit` (the default) or `suggest`. */
export type ThreadMode = z.infer<typeof ThreadModeSchema>;

/** `open` threads take work; `ended` and `deleted` ones take none. */
const ThreadStatusSchema = z.enum(["open", "ended", "deleted"]);
/** Where a thread stands. */
export type ThreadStatus = z.infer<typeof ThreadStatusSchema>;

/** The modes a thread runs in, per dimension the host declares; `null` is the host's default. */
export const ThreadModesSchema = z.object({
  permission: z.string().nullable().default(null),
  interaction: z.string().nullable().default(null),
});
/** The modes a thread runs in. */
export type ThreadModes = z.infer<typeof ThreadModesSchema>;

/** How a launched thread came to be: who launched it, and where it works. */
const LaunchRecordSchema = z.object({
  source_thread_id: z.string(),
  placement: PlacementSchema,
});

/**
 * A conversation between people and its agent, with its mode and the artifacts it follows.
 * Fields after `focus` are ours; every one defaults, so the original's threads still parse.
 */
export const ThreadSchema = z.object({
  id: z.string(),
  title: z.string().default(""),
  mode: ThreadModeSchema.default("edit"),
  focus: tuple(z.string()).default([]),
  /**
   * `ended` and `deleted` threads take no new work; their side conversation and decision are
   * gone. A deleted thread's record stays, so what pointed at it (an offer's answer) can say
   * it is gone.
   */
  status: ThreadStatusSchema.default("open"),
  /** The offer this thread was started from. */
  proposed_by: OfferRefSchema.nullable().default(null),
  /** The offers this thread's agent made, whole, by offer id. */
  offered: z.record(z.string(), ThreadOfferSchema).default({}),
  /** The answers to the offers this thread's agent made, by offer id (last write wins). */
  offers: z.record(z.string(), OfferAnswerSchema).default({}),
  /**
   * Offers of this thread being started, by offer id: the thread that claimed each one by
   * recording it as its origin. The claim holds until the offer is answered or released, so
   * a second start of the same offer is refused.
   */
  starting: z.record(z.string(), z.string()).default({}),
  /** Text parked in the composer (a prompt whose start was declined). */
  draft: z.string().nullable().default(null),
  modes: ThreadModesSchema.default({ permission: null, interaction: null }),
  /** The model its agent runs on; `null` is the host's default. */
  model: z.string().nullable().default(null),
  launch: LaunchRecordSchema.nullable().default(null),
  /** Durable permission grants ("always allow …"), never made from a side conversation. */
  grants: z.array(z.string()).default([]),
  /** The side conversation open on this thread (one at most; its turns are never stored). */
  side: z.string().nullable().default(null),
  /**
   * Until when the side's holder vouches for it. A side opened without a lease gets the
   * default one; `null` (stored before leases, or decided without a clock) vouches for nothing
   * once a clock is known: the next side opened takes over.
   */
  side_until: z.string().nullable().default(null),
  /** The blocking decision pending in this thread, and how earlier ones ended. */
  decision: DecisionSlotSchema.default({ pending: null, closed: {} }),
});
/** A conversation between people and its agent. */
export type Thread = z.infer<typeof ThreadSchema>;

/** A new thread's fields, with every field of ours at its default. */
export function newThread(id: string, title: string): Thread {
  return {
    id,
    title,
    mode: "edit",
    focus: [],
    status: "open",
    proposed_by: null,
    offered: {},
    offers: {},
    starting: {},
    draft: null,
    modes: { permission: null, interaction: null },
    model: null,
    launch: null,
    grants: [],
    side: null,
    side_until: null,
    decision: EMPTY_SLOT,
  };
}

/**
 * The thread an offer of `thread` went to, or is going to: the started answer's, else the
 * claim's; `null` while the offer is free to start. Own keys only, whatever the offer id.
 */
export function offerHolder(thread: Thread, offerId: string): string | null {
  const answer = Object.hasOwn(thread.offers, offerId) ? thread.offers[offerId] : undefined;
  if (answer?.status === "started") return answer.thread_id;
  return Object.hasOwn(thread.starting, offerId) ? (thread.starting[offerId] ?? null) : null;
}

/** Start a thread. */
export const CreateThreadSchema = z.strictObject({
  type: z.literal("create_thread"),
  thread_id: IdSchema,
  title: z.string().default(""),
  /** The offer this thread is started from, recorded on the new thread. */
  proposed_by: OfferRefSchema.nullable().default(null),
});

/** Post a message, or a notice (informs people; starts no turn), to a thread. */
export const PostMessageSchema = z.strictObject({
  type: z.literal("post_message"),
  thread_id: IdSchema,
  message_id: IdSchema,
  content: z.string().min(1),
  kind: z.enum(["message", "notice"]).default("message"),
});

/** Set the artifacts a thread follows. */
export const SetFocusSchema = z.strictObject({
  type: z.literal("set_focus"),
  thread_id: IdSchema,
  artifact_ids: tuple(z.string()),
});

/** Switch a thread between `edit` and `suggest`. */
export const SetThreadModeSchema = z.strictObject({
  type: z.literal("set_thread_mode"),
  thread_id: IdSchema,
  mode: ThreadModeSchema,
});

/** Park text in a thread's composer (`null` clears it). */
export const SaveDraftSchema = z.strictObject({
  type: z.literal("save_draft"),
  thread_id: IdSchema,
  text: z.string().nullable(),
});

/** End a thread: it takes no new work, and its pending decision and side conversation go. */
export const EndThreadSchema = z.strictObject({
  type: z.literal("end_thread"),
  thread_id: IdSchema,
});

/** Delete a thread: as ending it, and it no longer counts as existing (an offer's card drops its link). */
export const DeleteThreadSchema = z.strictObject({
  type: z.literal("delete_thread"),
  thread_id: IdSchema,
});

/** Grant a thread a durable permission ("always allow …"). Never from a side conversation. */
export const GrantPermissionSchema = z.strictObject({
  type: z.literal("grant_permission"),
  thread_id: IdSchema,
  permission: z.string().min(1),
});

/** A thread was created. */
export const ThreadCreatedSchema = z.object({
  type: z.literal("thread_created"),
  thread_id: z.string(),
  title: z.string(),
  proposed_by: OfferRefSchema.nullable().default(null),
});
/** A thread's mode changed. */
export const ThreadModeChangedSchema = z.object({
  type: z.literal("thread_mode_changed"),
  thread_id: z.string(),
  mode: ThreadModeSchema,
});
/** A thread's focus changed. */
export const FocusChangedSchema = z.object({
  type: z.literal("focus_changed"),
  thread_id: z.string(),
  artifact_ids: tuple(z.string()),
});
/** A message or notice was posted. */
export const MessagePostedSchema = z.object({
  type: z.literal("message_posted"),
  thread_id: z.string(),
  message_id: z.string(),
  content: z.string(),
  run_id: z.string().nullable().default(null),
  kind: z.enum(["message", "notice"]).default("message"),
});
/** A thread's draft was saved or cleared. */
export const DraftSavedSchema = z.object({
  type: z.literal("draft_saved"),
  thread_id: z.string(),
  text: z.string().nullable(),
});
/** A thread ended. */
export const ThreadEndedSchema = z.object({
  type: z.literal("thread_ended"),
  thread_id: z.string(),
});
/** A thread was deleted. */
export const ThreadDeletedSchema = z.object({
  type: z.literal("thread_deleted"),
  thread_id: z.string(),
});
/** A thread was granted a durable permission. */
export const PermissionGrantedSchema = z.object({
  type: z.literal("permission_granted"),
  thread_id: z.string(),
  permission: z.string(),
});
