import { z } from "zod";
import { ThreadModeSchema } from "./commands.ts";

/** A conversation between people and its agent, with its mode and the artifacts it follows. */
export const ThreadSchema = z.object({
  id: z.string(),
  title: z.string().default(""),
  mode: ThreadModeSchema.default("edit"),
  focus: z.array(z.string()).default([]),
});
/** A conversation between people and its agent. */
export type Thread = z.infer<typeof ThreadSchema>;
