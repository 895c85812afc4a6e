import { type Actor, participantKey } from "../../model/actors.ts";
import type { CommandInput } from "../../model/command.ts";
import {
  type CommandResult,
  type ErrorFrame,
  StopRunSchema,
  WatchRunSchema,
} from "../../model/protocol.ts";
import { invalidState, type Rejection, validationFailed } from "../../model/rejections.ts";
import { toValidationErrors } from "../../model/validation-errors.ts";
import type { FrameEnvelope } from "../../protocol/frame-envelope.ts";
import { commandResult } from "../../protocol/frames.ts";
import { stopRefusal, watchRefusal } from "../../protocol/runs.ts";
import { commandKey } from "../../protocol/status.ts";
import type { WriteOptions } from "../../workspace/api.ts";
import type { ServeCore } from "./core.ts";
import { faultOf } from "./faults.ts";

/** Where a command frame came from: who sent it, on which connection, in which trace. */
export interface FrameContext {
  readonly actor: Actor;
  /** The connection `watch_run` attaches to (`null`: a POST naming no stream). */
  readonly connection: { watch(runId: string): void } | null;
  readonly traceparent?: string;
}

const refused = (commandId: string, rejection: Rejection): CommandResult =>
  commandResult(commandId, { ok: false, rejection });
// What the original answers for a run command carried out: `recorded`, with no run.
const recorded = (commandId: string): CommandResult =>
  commandResult(commandId, { ok: true, outcome: { type: "recorded", seq: null, run_id: null } });

// A `stop_run` or `watch_run` parsed, or its `validation_failed`.
function parseRunCommand(frame: FrameEnvelope, kind: "stop_run" | "watch_run") {
  const schema = kind === "stop_run" ? StopRunSchema : WatchRunSchema;
  const parsed = schema.safeParse(frame.command, { reportInput: true });
  if (parsed.success) return { ok: true as const, run_id: parsed.data.run_id };
  const errors = toValidationErrors(parsed.error, frame.command, schema);
  return { ok: false as const, rejection: validationFailed(`invalid ${kind}`, errors) };
}

async function watchRun(core: ServeCore, frame: FrameEnvelope, context: FrameContext) {
  const parsed = parseRunCommand(frame, "watch_run");
  if (!parsed.ok) return refused(frame.command_id, parsed.rejection);
  if (context.connection === null) {
    const message = "watch_run needs a stream: send it on the WebSocket, or POST it with ?stream=";
    return refused(frame.command_id, invalidState(`${message} and the stream_id of an SSE stream`));
  }
  const run = await core.workspace.run(parsed.run_id);
  const refusal = watchRefusal(context.actor, parsed.run_id, run);
  if (refusal !== null) return refused(frame.command_id, refusal);
  context.connection.watch(parsed.run_id);
  return recorded(frame.command_id);
}

async function stopRun(core: ServeCore, frame: FrameEnvelope, actor: Actor) {
  const parsed = parseRunCommand(frame, "stop_run");
  if (!parsed.ok) return refused(frame.command_id, parsed.rejection);
  const run = await core.workspace.run(parsed.run_id);
  const refusal = stopRefusal(actor, parsed.run_id, run);
  if (refusal !== null || run === null) {
    return refused(frame.command_id, refusal ?? invalidState("no run"));
  }
  const stop = core.options.stopRun;
  if (stop === undefined) {
    return refused(frame.command_id, invalidState("this server does not run the workspace's runs"));
  }
  const answer = await stop({ run, actor });
  return answer.ok ? recorded(frame.command_id) : refused(frame.command_id, answer.rejection);
}

async function commitCommand(core: ServeCore, frame: FrameEnvelope, context: FrameContext) {
  // The frame's id is the write's: a retry after a lost answer is answered, never run again.
  const options: WriteOptions = {
    commandId: frame.command_id,
    ...(context.traceparent === undefined ? {} : { traceparent: context.traceparent }),
  };
  const written = await core.workspace.commit(
    frame.command as CommandInput,
    context.actor,
    options,
  );
  if (!written.ok) return refused(frame.command_id, written.rejection);
  const { onDelivery } = core.options;
  // The answer is stored; its delivery goes on without holding the result back.
  void written.delivery?.then((delivery) => {
    try {
      onDelivery?.(delivery, { actor: context.actor, command_id: frame.command_id });
    } catch (error) {
      core.report(error);
    }
  });
  return commandResult(frame.command_id, { ok: true, outcome: written.outcome });
}

/**
 * Carries out one command frame as the authenticated actor — the only one it can run as:
 * a workspace command through `commit` (who may do what applies), `stop_run` through the
 * host's `stopRun`, `watch_run` on the connection. A repeated `command_id` from the same
 * sender answers the first result (`watch_run`, which only attaches, is not remembered):
 * from this server's memory, or — after a lost answer, a fault, a restart, another server —
 * from the store, which keeps every command that wrote with its append, so it never writes
 * twice. A failure on the server is an `error` frame naming the command, with the fault's
 * `WorkspaceError` code (`read_only`, `unknown_outcome`, …).
 */
export async function carryOut(
  core: ServeCore,
  frame: FrameEnvelope,
  context: FrameContext,
): Promise<CommandResult | ErrorFrame> {
  try {
    if (frame.command.type === "watch_run") return await watchRun(core, frame, context);
    const key = commandKey(core.workspace.id, participantKey(context.actor), frame.command_id);
    return await core.results.remember(key, () =>
      frame.command.type === "stop_run"
        ? stopRun(core, frame, context.actor)
        : commitCommand(core, frame, context),
    );
  } catch (error) {
    core.report(error);
    return faultOf(error, `command ${frame.command_id}: `);
  }
}
