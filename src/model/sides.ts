import { z } from "zod";
import { IdSchema } from "./ids.ts";

/**
 * Record that a side conversation was opened on a thread (audit only: its turns are not
 * kept). `lease_until` is how long the process that holds it vouches for it: past it, a new
 * side may take the thread over (the holder renews by opening the same side again). Left
 * out, the side is leased for the default five minutes from when it opened.
 */
export const OpenSideSchema = z.strictObject({
  type: z.literal("open_side"),
  thread_id: IdSchema,
  side_id: IdSchema,
  lease_until: z.iso.datetime({ offset: true }).nullable().default(null),
});

/** Record that a side conversation was closed, or discarded because its parent ended. */
export const CloseSideSchema = z.strictObject({
  type: z.literal("close_side"),
  thread_id: IdSchema,
  side_id: IdSchema,
  reason: z.enum(["closed", "parent_ended"]).default("closed"),
});

/** A side conversation was opened from a snapshot of its thread, or its lease renewed. */
export const SideOpenedSchema = z.object({
  type: z.literal("side_opened"),
  thread_id: z.string(),
  side_id: z.string(),
  lease_until: z.string().nullable().default(null),
});
/**
 * A side conversation is gone: closed, discarded with its parent, or taken over after its
 * lease ran out (its process stopped renewing it).
 */
export const SideClosedSchema = z.object({
  type: z.literal("side_closed"),
  thread_id: z.string(),
  side_id: z.string(),
  reason: z.enum(["closed", "parent_ended", "expired"]),
});
