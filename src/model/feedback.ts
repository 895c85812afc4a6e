import { z } from "zod";
import { int } from "../parity/fields.ts";
import { named, originalUnion } from "../parity/meta.ts";
import { IdSchema } from "./ids.ts";
import { JsonObjectSchema } from "./json.ts";

/** Feedback on an artifact as it was at one version. */
const ArtifactTargetSchema = named(
  "ArtifactTarget",
  z.strictObject({
    kind: z.literal("artifact"),
    artifact_id: IdSchema,
    version: int({ ge: 1 }),
  }),
);
/** Feedback on a whole thread. */
const ThreadTargetSchema = named(
  "ThreadTarget",
  z.strictObject({
    kind: z.literal("thread"),
    thread_id: IdSchema,
  }),
);
/** Feedback on one agent turn (a run). */
const TurnTargetSchema = named(
  "TurnTarget",
  z.strictObject({
    kind: z.literal("turn"),
    run_id: IdSchema,
  }),
);
/** Feedback on one message; `run_id` names the run that posted it, if an agent did. */
const MessageTargetSchema = named(
  "MessageTarget",
  z.strictObject({
    kind: z.literal("message"),
    message_id: IdSchema,
    thread_id: IdSchema,
    run_id: IdSchema.nullable().default(null),
  }),
);

/** What feedback is about, discriminated by `kind`. */
export const FeedbackTargetSchema = originalUnion(
  z.discriminatedUnion("kind", [
    ArtifactTargetSchema,
    ThreadTargetSchema,
    TurnTargetSchema,
    MessageTargetSchema,
  ]),
);
/** What feedback is about. */
export type FeedbackTarget = z.infer<typeof FeedbackTargetSchema>;
/** The kinds of feedback target. */
export type FeedbackTargetKind = FeedbackTarget["kind"];

/** Give typed feedback on a target. */
export const GiveFeedbackSchema = named(
  "GiveFeedback",
  z.strictObject({
    type: z.literal("give_feedback"),
    feedback_type: z.string(),
    target: FeedbackTargetSchema,
    value: JsonObjectSchema.default({}),
  }),
);
/** Give typed feedback on a target. */
export type GiveFeedback = z.infer<typeof GiveFeedbackSchema>;

/** Feedback was given; `value` is the validated value with defaults filled in. */
export const FeedbackGivenSchema = z.object({
  type: z.literal("feedback_given"),
  feedback_type: z.string(),
  target: FeedbackTargetSchema,
  value: JsonObjectSchema,
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
});
