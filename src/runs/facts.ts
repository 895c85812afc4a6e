import { z } from "zod";
import { JsonValueSchema } from "../json/json.ts";
import { DeferredRequestSchema, RunStatusSchema, RunUsageSchema } from "./run.ts";

/** A W3C trace id: 32 lowercase hex digits. */
export const TraceIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** A run started, or a paused run resumed. */
export const RunStartedSchema = z.object({
  type: z.literal("run_started"),
  run_id: z.string(),
  thread_id: z.string(),
  trigger: z.enum(["message", "resume", "api"]).default("message"),
  trace_id: TraceIdSchema.nullable().default(null),
});
/** A running run called a tool. */
export const ToolCalledSchema = z.object({
  type: z.literal("tool_called"),
  run_id: z.string(),
  thread_id: z.string(),
  tool_call_id: z.string(),
  tool_name: z.string(),
  args_summary: z.string().default(""),
});
/** A tool returned to a running run. */
export const ToolReturnedSchema = z.object({
  type: z.literal("tool_returned"),
  run_id: z.string(),
  thread_id: z.string(),
  tool_call_id: z.string(),
  status: z.enum(["ok", "error", "retry"]),
  summary: z.string().default(""),
  tool_name: z.string().default(""),
});
/** A run paused on deferred requests. */
export const RunPausedSchema = z.object({
  type: z.literal("run_paused"),
  run_id: z.string(),
  thread_id: z.string(),
  requests: z.array(DeferredRequestSchema).min(1),
  usage: RunUsageSchema.nullable().default(null),
});
/** A run ended: completed, stopped or failed. */
export const RunEndedSchema = z.object({
  type: z.literal("run_ended"),
  run_id: z.string(),
  thread_id: z.string(),
  status: RunStatusSchema.extract(["completed", "stopped", "failed"]),
  usage: RunUsageSchema.nullable().default(null),
  error: z.string().nullable().default(null),
  reason: z.string().nullable().default(null),
});
/** Something the host application wants in the log (exported, pinned, …). */
export const AppEventSchema = z.object({
  type: z.literal("app_event"),
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
  name: z.string(),
  data: JsonValueSchema.default(null),
});
/** A deferred request was answered. */
export const DeferredAnsweredSchema = z.object({
  type: z.literal("deferred_answered"),
  run_id: z.string(),
  thread_id: z.string(),
  tool_call_id: z.string(),
  answer: JsonValueSchema.default(null),
  approved: z.boolean().nullable().default(null),
  surface: z.string().nullable().default(null),
});
