import { z } from "zod";
import { ActorSchema } from "../actors/actor.ts";
import { DecisionSlotSchema } from "../decisions/decision.ts";
import { JsonObjectSchema, JsonValueSchema } from "../json/json.ts";

/** A tool call a run cannot finish without a person: a question or an approval. */
export const DeferredRequestSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  kind: z.enum(["question", "approval"]),
  args: JsonObjectSchema.default({}),
});
/** A tool call waiting for a person. */
export type DeferredRequest = z.infer<typeof DeferredRequestSchema>;

/** A person's answer to a deferred request. */
export const DeferredAnswerSchema = z.object({
  answer: JsonValueSchema.default(null),
  approved: z.boolean().nullable().default(null),
});
/** A person's answer to a deferred request. */
export type DeferredAnswer = z.infer<typeof DeferredAnswerSchema>;

/** An answer as recorded for good: who gave it, from which surface, and when. */
export const RecordedAnswerSchema = DeferredAnswerSchema.extend({
  by: ActorSchema.nullable().default(null),
  surface: z.string().nullable().default(null),
  at: z.string().nullable().default(null),
});

/** An answer as recorded for good. */
export type RecordedAnswer = z.infer<typeof RecordedAnswerSchema>;

/** Where a run stands. */
export const RunStatusSchema = z.enum(["running", "paused", "completed", "stopped", "failed"]);
/** Where a run stands. */
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One agent turn in a thread; it pauses only on deferred requests and resumes when answered. */
export const RunSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  status: RunStatusSchema.default("running"),
  pending: z.array(DeferredRequestSchema).default([]),
  answers: z.record(z.string(), DeferredAnswerSchema).default({}),
  trace_ids: z.array(z.string()).default([]),
  /**
   * Every answer given in this run, kept when the run resumes or ends (unlike `answers`), so a
   * repeated answer is recognised and returns what was recorded.
   */
  answered: z.record(z.string(), RecordedAnswerSchema).default({}),
  /** The blocking decision pending in this run, and how earlier ones ended. */
  decision: DecisionSlotSchema.default({ pending: null, closed: {} }),
});
/** One agent turn in a thread. */
export type Run = z.infer<typeof RunSchema>;

/** Tokens and requests a run used. */
export const RunUsageSchema = z.object({
  requests: z.number().int().default(0),
  input_tokens: z.number().int().default(0),
  output_tokens: z.number().int().default(0),
});
