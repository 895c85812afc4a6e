import { z } from "zod";
import { JsonObjectSchema } from "../json/json.ts";
import { FeedbackTargetSchema } from "./target.ts";

/** Feedback was given; `value` is the validated value with defaults filled in. */
export const FeedbackGivenSchema = z.object({
  type: z.literal("feedback_given"),
  feedback_type: z.string(),
  target: FeedbackTargetSchema,
  value: JsonObjectSchema,
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
});
