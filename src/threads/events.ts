import { z } from "zod";
import { OfferRefSchema } from "../offers/offer.ts";
import { ThreadModeSchema } from "./commands.ts";

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
  artifact_ids: z.array(z.string()),
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
