import { z } from "zod";

/** Thread modes: in `suggest`, the thread's agent proposes every change. */
export const ThreadModeSchema = z.enum(["edit", "suggest"]);
/** `edit` (the default) or `suggest`. */
export type ThreadMode = z.infer<typeof ThreadModeSchema>;

/** Start a thread. */
export const CreateThreadSchema = z.strictObject({
  type: z.literal("create_thread"),
  thread_id: z.string(),
  title: z.string().default(""),
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
