import { z } from "zod";
import { bool, int, tuple } from "../parity/fields.ts";
import { originalUnion } from "../parity/meta.ts";
import { CommandSchema } from "./command.ts";
import { EnvelopeSchema } from "./envelope.ts";
import { WORKSPACE_ERROR_CODE_LIST } from "./errors.ts";
import { IdSchema } from "./ids.ts";
import { JsonObjectSchema, JsonValueSchema } from "./json.ts";
import { OutcomeSchema } from "./outcome.ts";
import { RejectionSchema } from "./rejections.ts";

/**
 * The protocol this library speaks, the original's `artifactr.v1`: its frames keep the
 * original's shapes and field names, so a client of either implementation reads both.
 */
export const PROTOCOL = "artifactr.v1";

// ─── client frames ─────────────────────────────────────────────────────────────

/**
 * The first frame a client sends: the last `seq` it has (everything after it is replayed),
 * or `from_head` to replay nothing; `threads` limits thread-scoped events (`null`: all).
 */
export const HelloSchema = z.object({
  type: z.literal("hello").default("hello"),
  protocol: z.string(),
  resume_after_seq: int({ ge: 0 }).default(0),
  from_head: bool().default(false),
  threads: tuple(IdSchema).nullable().default(null),
});
/** A client's `hello`, parsed. */
export type Hello = z.infer<typeof HelloSchema>;
/** A `hello` as a client writes it, defaults left out. */
export type HelloInput = z.input<typeof HelloSchema>;

/** Cancel a run: handled by the transport (the host's `stopRun`), not by the rules. */
export const StopRunSchema = z.strictObject({
  type: z.literal("stop_run"),
  run_id: IdSchema,
});

/** Receive a run's live frames on this connection (a WebSocket, or the SSE stream named). */
export const WatchRunSchema = z.strictObject({
  type: z.literal("watch_run"),
  run_id: IdSchema,
});

/** Anything a command frame may carry: a workspace command, `stop_run` or `watch_run`. */
export const FrameCommandSchema = originalUnion(
  z.discriminatedUnion("type", [...CommandSchema.options, StopRunSchema, WatchRunSchema]),
);
/** What a command frame carries. */
export type FrameCommand = z.infer<typeof FrameCommandSchema>;

/**
 * A client's command, with a `command_id` that correlates it with its `command_result` and
 * is an idempotency key: a repeated id (from the same actor) answers the first result.
 */
export const CommandFrameSchema = z.object({
  type: z.literal("command").default("command"),
  command_id: z.string().min(1),
  command: FrameCommandSchema,
});
/** A command frame, parsed. */
export type CommandFrame = z.infer<typeof CommandFrameSchema>;

/** Any frame a client sends, discriminated by `type`. */
export const ClientFrameSchema = originalUnion(
  z.discriminatedUnion("type", [HelloSchema, CommandFrameSchema]),
);
/** Any frame a client sends. */
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

// ─── server frames ─────────────────────────────────────────────────────────────

/** A run in progress, as `welcome` lists it. */
export const ActiveRunSchema = z.object({
  run_id: z.string(),
  thread_id: z.string(),
});

/**
 * The server's answer to `hello`: the log's head, whether the client must discard what it
 * holds (`reset`), and every run in progress. Ours beyond the original: `stream_id`, on an
 * SSE stream only, names the stream for `watch_run` sent by POST.
 */
export const WelcomeSchema = z.object({
  type: z.literal("welcome").default("welcome"),
  protocol: z.string().default(PROTOCOL),
  workspace_id: z.string(),
  head_seq: int(),
  reset: bool().default(false),
  active_runs: z.array(ActiveRunSchema).default([]),
  stream_id: z.string().optional(),
});
/** A `welcome` frame. */
export type Welcome = z.infer<typeof WelcomeSchema>;

/** A durable event, delivered in its envelope: the envelope's fields and `type: "event"`. */
export const EventFrameSchema = EnvelopeSchema.extend({
  type: z.literal("event").default("event"),
});
/** An `event` frame. */
export type EventFrame = z.infer<typeof EventFrameSchema>;

/** Every event up to `up_to_seq` (the `welcome`'s head) was replayed; what follows is live. */
export const ReplayCompleteSchema = z.object({
  type: z.literal("replay_complete").default("replay_complete"),
  up_to_seq: int(),
});
/** A `replay_complete` frame. */
export type ReplayComplete = z.infer<typeof ReplayCompleteSchema>;

const part = int();

/** The model started a response part: text, thinking or a tool call. */
const PartStartedSchema = z.object({
  type: z.literal("part_started"),
  part,
  part_kind: z.enum(["text", "thinking", "tool_call"]),
  tool_name: z.string().nullable().default(null),
});
/** More text for a text part. */
const TextDeltaSchema = z.object({ type: z.literal("text_delta"), part, delta: z.string() });
/** More text for a thinking part. */
const ThinkingDeltaSchema = z.object({
  type: z.literal("thinking_delta"),
  part,
  delta: z.string(),
});
/** More of a tool call's JSON arguments. */
const ToolArgsDeltaSchema = z.object({
  type: z.literal("tool_args_delta"),
  part,
  delta: z.string(),
});
/** A response part is complete. */
const PartEndedSchema = z.object({ type: z.literal("part_ended"), part });
/** A full snapshot of an artifact being generated, not yet committed. */
const DraftSchema = z.object({
  type: z.literal("draft"),
  artifact_id: z.string().nullable().default(null),
  kind: z.string(),
  data: JsonObjectSchema,
});
/** An application's own live event. */
const AppLiveSchema = z.object({
  type: z.literal("app_live"),
  name: z.string(),
  data: JsonValueSchema.default(null),
});

/** A live event of a run: never stored, best effort, superseded by the durable events. */
export const LiveEventSchema = originalUnion(
  z.discriminatedUnion("type", [
    PartStartedSchema,
    TextDeltaSchema,
    ThinkingDeltaSchema,
    ToolArgsDeltaSchema,
    PartEndedSchema,
    DraftSchema,
    AppLiveSchema,
  ]),
);
/** A live event, parsed. */
export type LiveEvent = z.infer<typeof LiveEventSchema>;
/** A live event as a host publishes it, defaults left out. */
export type LiveEventInput = z.input<typeof LiveEventSchema>;

/**
 * A live event of one run, as sent on the wire. It has no `seq` and is not stored. Ours
 * beyond the original: `index`, the frame's place in its run (from 0), so a client that
 * watches a run again after a reconnect skips what it already has.
 */
export const LiveFrameSchema = z.object({
  type: z.literal("live").default("live"),
  run_id: z.string(),
  event: LiveEventSchema,
  index: z.number().int().min(0).optional(),
});
/** A `live` frame. */
export type LiveFrame = z.infer<typeof LiveFrameSchema>;

/**
 * The result of one command frame: the outcome, or the rejection (the original's payload:
 * `{type, message, …details}`), the other `null`.
 */
export const CommandResultSchema = z.object({
  type: z.literal("command_result").default("command_result"),
  command_id: z.string(),
  ok: bool(),
  outcome: OutcomeSchema.nullable().default(null),
  rejection: RejectionSchema.nullable().default(null),
});
/** A `command_result` frame. */
export type CommandResult = z.infer<typeof CommandResultSchema>;

/**
 * A frame the server could not understand, or a failure it could not attribute. Ours beyond
 * the original: an HTTP answer refusing a request carries the `rejection` that says why, and
 * a fault on the server the `code` of its `WorkspaceError`.
 */
export const ErrorFrameSchema = z.object({
  type: z.literal("error").default("error"),
  message: z.string(),
  rejection: RejectionSchema.optional(),
  /** The `WorkspaceError` code of a fault on the server (`read_only`, `unknown_outcome`, …). */
  code: z.enum(WORKSPACE_ERROR_CODE_LIST).optional(),
});
/** An `error` frame (and the body of every refused HTTP request). */
export type ErrorFrame = z.infer<typeof ErrorFrameSchema>;

/** Any frame the server sends, discriminated by `type`. */
export const ServerFrameSchema = originalUnion(
  z.discriminatedUnion("type", [
    WelcomeSchema,
    EventFrameSchema,
    ReplayCompleteSchema,
    LiveFrameSchema,
    CommandResultSchema,
    ErrorFrameSchema,
  ]),
);
/** Any frame the server sends. */
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
