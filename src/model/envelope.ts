import { z } from "zod";
import { int } from "../parity/fields.ts";
import { ActorSchema } from "./actors.ts";
import { EventSchema } from "./event.ts";
import { validationFailed } from "./rejections.ts";
import { ok, type Result, refuse } from "./result.ts";

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

// A version other than the forbidden `ff`, and trace and parent ids not all zeros.
const FORBIDDEN_TRACEPARENT = /^ff-|-0{32}-|-0{16}-/;

/**
 * The `traceparent` write option, checked before anything is written: left out, or a W3C
 * `traceparent` (`00-` 32 hex digits `-` 16 hex digits `-` 2 hex digits, lowercase; not
 * version `ff`, not an all-zero id): exactly 55 characters, so it is stored the same on every
 * store and read back as the envelope's. Refuses anything else with `validation_failed` at
 * `traceparent` (`string_type`, `string_pattern_mismatch`).
 */
export function parseTraceparent(option: unknown): Result<string | null> {
  if (option === undefined || option === null) return ok(null);
  if (typeof option === "string" && TRACEPARENT.test(option)) {
    if (!FORBIDDEN_TRACEPARENT.test(option)) return ok(option);
  }
  const error =
    typeof option === "string"
      ? {
          type: "string_pattern_mismatch",
          msg: "must be a W3C traceparent (00-<32 hex>-<16 hex>-<2 hex>)",
        }
      : { type: "string_type", msg: "Input should be a valid string" };
  return refuse(validationFailed("invalid write options", [{ ...error, loc: ["traceparent"] }]));
}
