import { z } from "zod";
import { int } from "../parity/fields.ts";
import { OutcomeSchema } from "./outcome.ts";

/**
 * A command that wrote, kept under its sender's `command_id` with the append that wrote it, so
 * that the same id sent again is answered with this outcome instead of running twice.
 */
export const CommandRecordSchema = z.object({
  /** The sender's participant key (`user:alice`, `agent:thr_1`, …). */
  participant: z.string(),
  /** The sender's id for the command (a protocol frame's `command_id`). */
  command_id: z.string(),
  /** The append's first envelope: its position and id. */
  seq: int({ ge: 1 }),
  envelope_id: z.string(),
  /** What the command led to, with the `seq` of its last event. */
  outcome: OutcomeSchema,
});
/** A command that wrote, kept under its sender's `command_id`. */
export type CommandRecord = z.infer<typeof CommandRecordSchema>;
