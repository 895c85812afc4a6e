import { z } from "zod";

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
