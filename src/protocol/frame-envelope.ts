import { z } from "zod";
import { FrameCommandSchema } from "../model/protocol.ts";

/** The `type` codes a command frame may carry: every command, `stop_run` and `watch_run`. */
const FRAME_COMMAND_TYPES = FrameCommandSchema.options.map((option) => option.shape.type.value) as [
  FrameCommandType,
  ...FrameCommandType[],
];
type FrameCommandType = z.infer<typeof FrameCommandSchema>["type"];

/**
 * A command frame as the transports read it: the frame itself checked, its command only by
 * its `type` (the rest is parsed where it is carried out).
 */
export const FrameEnvelopeSchema = z.object({
  type: z.literal("command").default("command"),
  command_id: z.string().min(1),
  command: z.looseObject({ type: z.enum(FRAME_COMMAND_TYPES) }),
});
/** A command frame as the transports read it. */
export type FrameEnvelope = z.infer<typeof FrameEnvelopeSchema>;
