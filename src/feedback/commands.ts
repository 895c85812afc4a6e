import { z } from "zod";
import { JsonObjectSchema } from "../json/json.ts";
import { FeedbackTargetSchema } from "./target.ts";

/** Give typed feedback on a target. */
export const GiveFeedbackSchema = z.strictObject({
  type: z.literal("give_feedback"),
  feedback_type: z.string(),
  target: FeedbackTargetSchema,
  value: JsonObjectSchema.default({}),
});
/** Give typed feedback on a target. */
export type GiveFeedback = z.infer<typeof GiveFeedbackSchema>;
