import { z } from "zod";
import { bool, int, tuple } from "../parity/fields.ts";
import { named } from "../parity/meta.ts";
import { ActorSchema } from "./actors.ts";
import { DecisionSlotSchema } from "./decisions.ts";
import { IdSchema } from "./ids.ts";
import { JsonObjectSchema, JsonValueSchema } from "./json.ts";

/** A tool call a run cannot finish without a person: a question or an approval. */
export const DeferredRequestSchema = named(
  "DeferredRequest",
  z.object({
    tool_call_id: IdSchema,
    tool_name: z.string(),
    kind: z.enum(["question", "approval"]),
    args: JsonObjectSchema.default({}),
  }),
  "A tool call a paused run waits on: a question to answer or a call to approve.",
);
/** A tool call a paused run waits on. */
export type DeferredRequest = z.infer<typeof DeferredRequestSchema>;

/** A person's answer to a deferred request. */
const DeferredAnswerSchema = z.object({
  answer: JsonValueSchema.default(null),
  approved: bool().nullable().default(null),
});

/** An answer as recorded for good: who gave it, from which surface, and when. */
const RecordedAnswerSchema = DeferredAnswerSchema.extend({
  by: ActorSchema.nullable().default(null),
  surface: z.string().nullable().default(null),
  at: z.string().nullable().default(null),
});

/** Where a run stands. */
const RunStatusSchema = z.enum(["running", "paused", "completed", "stopped", "failed"]);
/** Where a run stands. */
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One agent turn in a thread; it pauses only on deferred requests and resumes when answered. */
export const RunSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  status: RunStatusSchema.default("running"),
  pending: tuple(DeferredRequestSchema).default([]),
  answers: z.record(z.string(), DeferredAnswerSchema).default({}),
  trace_ids: tuple(z.string()).default([]),
  /**
   * Every answer given in this run, kept when the run resumes or ends (unlike `answers`), so a
   * repeated answer is recognised and returns what was recorded.
   */
  answered: z.record(z.string(), RecordedAnswerSchema).default({}),
  /** The blocking decision pending in this run, and how earlier ones ended. */
  decision: DecisionSlotSchema.default({ pending: null, closed: {} }),
  /**
   * What the agent's framework needs to resume a paused run (AI SDK messages, an OpenAI
   * Agents `RunState`, a LangGraph config), as the pause recorded it; `null` while running.
   */
  resume: JsonValueSchema.default(null),
});
/** One agent turn in a thread. */
export type Run = z.infer<typeof RunSchema>;

/** Tokens and requests a run used. */
const RunUsageSchema = named(
  "RunUsage",
  z.object({
    requests: int().default(0),
    input_tokens: int().default(0),
    output_tokens: int().default(0),
  }),
  "Tokens and requests a run used.",
);

/** Answer a paused run's deferred request: `answer` for a question, `approved` for an approval. */
export const AnswerDeferredSchema = z.strictObject({
  type: z.literal("answer_deferred"),
  run_id: IdSchema,
  tool_call_id: IdSchema,
  answer: JsonValueSchema.default(null),
  approved: bool().nullable().default(null),
  /** Where the answer came from (a review UI, a CLI, a chat…). */
  surface: z.string().nullable().default(null),
});
/** Answer a paused run's deferred request. */
export type AnswerDeferred = z.infer<typeof AnswerDeferredSchema>;

/** A W3C trace id: 32 lowercase hex digits. */
const TraceIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** A run started, or a paused run resumed. */
export const RunStartedSchema = z.object({
  type: z.literal("run_started"),
  run_id: IdSchema,
  thread_id: IdSchema,
  trigger: z.enum(["message", "resume", "api"]).default("message"),
  trace_id: TraceIdSchema.nullable().default(null),
});
/** A running run called a tool. */
export const ToolCalledSchema = z.object({
  type: z.literal("tool_called"),
  run_id: IdSchema,
  thread_id: IdSchema,
  tool_call_id: IdSchema,
  tool_name: z.string(),
  args_summary: z.string().default(""),
});
/** A tool returned to a running run. */
export const ToolReturnedSchema = z.object({
  type: z.literal("tool_returned"),
  run_id: IdSchema,
  thread_id: IdSchema,
  tool_call_id: IdSchema,
  status: z.enum(["ok", "error", "retry"]),
  summary: z.string().default(""),
  tool_name: z.string().default(""),
});
/**
 * A run paused on deferred requests, each a tool call asked once: `record` refuses a repeated
 * `tool_call_id`, or one the run already waits on or had answered.
 */
export const RunPausedSchema = z.object({
  type: z.literal("run_paused"),
  run_id: IdSchema,
  thread_id: IdSchema,
  requests: tuple(DeferredRequestSchema, 1),
  usage: RunUsageSchema.nullable().default(null),
  /** The framework's resume data, kept on the run until it resumes. */
  resume: JsonValueSchema.default(null),
});
/** A run ended: completed, stopped or failed. */
export const RunEndedSchema = z.object({
  type: z.literal("run_ended"),
  run_id: IdSchema,
  thread_id: IdSchema,
  status: RunStatusSchema.extract(["completed", "stopped", "failed"]),
  usage: RunUsageSchema.nullable().default(null),
  error: z.string().nullable().default(null),
  reason: z.string().nullable().default(null),
});
/** Something the host application wants in the log (exported, pinned, …). */
export const AppEventSchema = z.object({
  type: z.literal("app_event"),
  thread_id: IdSchema.nullable().default(null),
  run_id: IdSchema.nullable().default(null),
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
  approved: bool().nullable().default(null),
  surface: z.string().nullable().default(null),
});
