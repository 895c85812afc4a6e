import { z } from "zod";
import { IdSchema } from "./ids.ts";
import { PlacementSchema } from "./placement.ts";
import { NonBlankSchema } from "./text.ts";
import { ThreadModeSchema } from "./threads.ts";

/**
 * Start a user-owned thread on an agent's request, with its first prompt. Omitted modes and
 * model inherit the source thread's; the names the placement hands to git (a new worktree's
 * thread id, the branches) are judged by the rules as git would, and the placement itself
 * (default: the project root) by the host's checkout adapter before this is decided.
 */
export const LaunchThreadSchema = z.strictObject({
  type: z.literal("launch_thread"),
  source_thread_id: IdSchema,
  thread_id: IdSchema,
  message_id: IdSchema,
  title: NonBlankSchema,
  prompt: NonBlankSchema,
  placement: PlacementSchema.default({ type: "root" }),
  permission: z.string().min(1).nullable().default(null),
  interaction: z.string().min(1).nullable().default(null),
  /** The write mode (`edit` or `suggest`); omitted, the source thread's, never broader. */
  mode: ThreadModeSchema.nullable().default(null),
  model: z.string().min(1).nullable().default(null),
});
/** Start a user-owned thread on an agent's request. */
export type LaunchThread = z.infer<typeof LaunchThreadSchema>;

/** A thread was launched from another: where it works, and the modes and model it got. */
export const ThreadLaunchedSchema = z.object({
  type: z.literal("thread_launched"),
  thread_id: z.string(),
  source_thread_id: z.string(),
  placement: PlacementSchema,
  modes: z.object({ permission: z.string(), interaction: z.string() }),
  /** Its write mode: a thread launched from a suggest-mode thread suggests too. */
  mode: ThreadModeSchema.default("edit"),
  model: z.string().nullable(),
});
