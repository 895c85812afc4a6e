import { z } from "zod";
import { PlacementSchema } from "../checkout/placement.ts";

/** A thread was launched from another: where it works, and the modes and model it got. */
export const ThreadLaunchedSchema = z.object({
  type: z.literal("thread_launched"),
  thread_id: z.string(),
  source_thread_id: z.string(),
  placement: PlacementSchema,
  modes: z.object({ permission: z.string(), interaction: z.string() }),
  model: z.string().nullable(),
});
