import { z } from "zod";
import { ActorSchema } from "./actors.ts";
import { JsonObjectSchema, JsonValueSchema } from "./json.ts";
import { DeferredRequestSchema } from "./runs.ts";
import { ThreadModeSchema, ThreadModesSchema } from "./threads.ts";

/** A message posted in the parent thread: a person's, its agent's, or a notice. */
const SideMessageItemSchema = z
  .object({
    type: z.literal("message"),
    /** Where it was posted in the log. */
    seq: z.number().int(),
    message_id: z.string(),
    content: z.string(),
    kind: z.enum(["message", "notice"]),
    author: ActorSchema,
    run_id: z.string().nullable(),
  })
  .readonly();

/** A tool call that returned: the call and its result, placed where the call was made. */
const SideToolItemSchema = z
  .object({
    type: z.literal("tool"),
    seq: z.number().int(),
    run_id: z.string(),
    tool_call_id: z.string(),
    tool_name: z.string(),
    args_summary: z.string(),
    status: z.enum(["ok", "error", "retry"]),
    summary: z.string(),
  })
  .readonly();

/** A deferred request a person answered, placed where it was answered. */
const SideAnswerItemSchema = z
  .object({
    type: z.literal("answer"),
    seq: z.number().int(),
    run_id: z.string(),
    tool_call_id: z.string(),
    tool_name: z.string(),
    request_kind: DeferredRequestSchema.shape.kind,
    args: JsonObjectSchema.readonly(),
    answer: JsonValueSchema,
    approved: z.boolean().nullable(),
  })
  .readonly();

/** One piece of completed material a side conversation inherits, in log order. */
const SideItemSchema = z.discriminatedUnion("type", [
  SideMessageItemSchema,
  SideToolItemSchema,
  SideAnswerItemSchema,
]);
/** One piece of completed material a side conversation inherits. */
export type SideItem = z.infer<typeof SideItemSchema>;

/**
 * The parent's turn that was still going when the side opened: its prompt (the last message a
 * person posted before the run started), and always `incomplete`.
 */
const ActiveTurnSchema = z
  .object({
    run_id: z.string(),
    prompt: z.object({ message_id: z.string(), content: z.string() }).readonly().nullable(),
    status: z.literal("incomplete"),
  })
  .readonly();

/** The parent's permission settings as they were when the side opened. */
const SidePermissionsSchema = z
  .object({
    mode: ThreadModeSchema,
    modes: ThreadModesSchema.readonly(),
    grants: z.array(z.string()).readonly(),
  })
  .readonly();

/**
 * What a side conversation starts from: the parent thread up to log position `at` — its
 * completed material, the active turn (marked incomplete) and its frozen permissions.
 */
export const SideSnapshotSchema = z
  .object({
    thread_id: z.string(),
    at: z.number().int().min(0),
    title: z.string(),
    material: z.array(SideItemSchema).readonly(),
    active_turn: ActiveTurnSchema.nullable(),
    permissions: SidePermissionsSchema,
  })
  .readonly();
/** What a side conversation starts from (deeply frozen). */
export type SideSnapshot = z.infer<typeof SideSnapshotSchema>;
