import { z } from "zod";
import { JsonValueSchema } from "../json/json.ts";

/** Answer a paused run's deferred request: `answer` for a question, `approved` for an approval. */
export const AnswerDeferredSchema = z.strictObject({
  type: z.literal("answer_deferred"),
  run_id: z.string(),
  tool_call_id: z.string(),
  answer: JsonValueSchema.default(null),
  approved: z.boolean().nullable().default(null),
  /** Where the answer came from (a review UI, a CLI, a chat…). */
  surface: z.string().nullable().default(null),
});
/** Answer a paused run's deferred request. */
export type AnswerDeferred = z.infer<typeof AnswerDeferredSchema>;
