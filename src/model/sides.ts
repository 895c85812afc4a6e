import { z } from "zod";

/** Record that a side conversation was opened on a thread (audit only: its turns are not kept). */
export const OpenSideSchema = z.strictObject({
  type: z.literal("open_side"),
  thread_id: z.string(),
  side_id: z.string().min(1),
});

/** Record that a side conversation was closed, or discarded because its parent ended. */
export const CloseSideSchema = z.strictObject({
  type: z.literal("close_side"),
  thread_id: z.string(),
  side_id: z.string().min(1),
  reason: z.enum(["closed", "parent_ended"]).default("closed"),
});

/** A side conversation was opened from a snapshot of its thread. */
export const SideOpenedSchema = z.object({
  type: z.literal("side_opened"),
  thread_id: z.string(),
  side_id: z.string(),
});
/** A side conversation is gone: closed, or discarded with its parent. */
export const SideClosedSchema = z.object({
  type: z.literal("side_closed"),
  thread_id: z.string(),
  side_id: z.string(),
  reason: z.enum(["closed", "parent_ended"]),
});
