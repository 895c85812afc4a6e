import { z } from "zod";
import { ActorSchema } from "./actors.ts";
import { EventSchema } from "./event.ts";
import { int } from "./wire/fields.ts";

/**
 * One entry of a workspace's log: an event with its position (`seq`, from 1, gapless), id,
 * time, workspace, scope (the event's thread and run), who caused it and the trace it
 * belongs to.
 */
export const EnvelopeSchema = z.object({
  seq: int({ ge: 1 }),
  id: z.string(),
  ts: z.string(),
  workspace_id: z.string(),
  thread_id: z.string().nullable().default(null),
  run_id: z.string().nullable().default(null),
  actor: ActorSchema,
  traceparent: z.string().nullable().default(null),
  event: EventSchema,
});
/** One entry of a workspace's log. */
export type Envelope = z.infer<typeof EnvelopeSchema>;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The trace id inside a W3C `traceparent` header, or `null` if there is none or it is malformed. */
export function traceIdOf(traceparent: string | null): string | null {
  return traceparent === null ? null : (TRACEPARENT.exec(traceparent)?.[1] ?? null);
}
