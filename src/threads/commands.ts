import { z } from "zod";
import { OfferRefSchema } from "../offers/offer.ts";

/** Thread modes: in `suggest`, the thread's agent proposes every change. */
export const ThreadModeSchema = z.enum(["edit", "suggest"]);
/** `edit` (the default) or `suggest`. */
export type ThreadMode = z.infer<typeof ThreadModeSchema>;

/** Start a thread. */
export const CreateThreadSchema = z.strictObject({
  type: z.literal("create_thread"),
  thread_id: z.string(),
  title: z.string().default(""),
  /** The offer this thread is started from, recorded on the new thread. */
  proposed_by: OfferRefSchema.nullable().default(null),
});

/** Post a message, or a notice (informs people; starts no turn), to a thread. */
export const PostMessageSchema = z.strictObject({
  type: z.literal("post_message"),
  thread_id: z.string(),
  message_id: z.string(),
  content: z.string().min(1),
  kind: z.enum(["message", "notice"]).default("message"),
});

/** Set the artifacts a thread follows. */
export const SetFocusSchema = z.strictObject({
  type: z.literal("set_focus"),
  thread_id: z.string(),
  artifact_ids: z.array(z.string()),
});

/** Switch a thread between `edit` and `suggest`. */
export const SetThreadModeSchema = z.strictObject({
  type: z.literal("set_thread_mode"),
  thread_id: z.string(),
  mode: ThreadModeSchema,
});

/** Park text in a thread's composer (`null` clears it). */
export const SaveDraftSchema = z.strictObject({
  type: z.literal("save_draft"),
  thread_id: z.string(),
  text: z.string().nullable(),
});

/** End a thread: it takes no new work, and its pending decision and side conversation go. */
export const EndThreadSchema = z.strictObject({
  type: z.literal("end_thread"),
  thread_id: z.string(),
});

/** Delete a thread: as ending it, and it no longer counts as existing (an offer's card drops its link). */
export const DeleteThreadSchema = z.strictObject({
  type: z.literal("delete_thread"),
  thread_id: z.string(),
});

/** Grant a thread a durable permission ("always allow …"). Never from a side conversation. */
export const GrantPermissionSchema = z.strictObject({
  type: z.literal("grant_permission"),
  thread_id: z.string(),
  permission: z.string().min(1),
});
