import { z } from "zod";

/** Feedback on an artifact as it was at one version. */
export const ArtifactTargetSchema = z.strictObject({
  kind: z.literal("artifact"),
  artifact_id: z.string(),
  version: z.number().int().min(1),
});
/** Feedback on a whole thread. */
export const ThreadTargetSchema = z.strictObject({
  kind: z.literal("thread"),
  thread_id: z.string(),
});
/** Feedback on one agent turn (a run). */
export const TurnTargetSchema = z.strictObject({
  kind: z.literal("turn"),
  run_id: z.string(),
});
/** Feedback on one message; `run_id` names the run that posted it, if an agent did. */
export const MessageTargetSchema = z.strictObject({
  kind: z.literal("message"),
  message_id: z.string(),
  thread_id: z.string(),
  run_id: z.string().nullable().default(null),
});

/** What feedback is about, discriminated by `kind`. */
export const FeedbackTargetSchema = z.discriminatedUnion("kind", [
  ArtifactTargetSchema,
  ThreadTargetSchema,
  TurnTargetSchema,
  MessageTargetSchema,
]);
/** What feedback is about. */
export type FeedbackTarget = z.infer<typeof FeedbackTargetSchema>;
/** The kinds of feedback target. */
export type FeedbackTargetKind = FeedbackTarget["kind"];
