import type { Envelope } from "../model/envelope.ts";
import type { Outcome } from "../model/outcome.ts";
import type {
  CommandResult,
  ErrorFrame,
  EventFrame,
  LiveEvent,
  LiveFrame,
  ReplayComplete,
  Welcome,
} from "../model/protocol.ts";
import type { Rejection } from "../model/rejections.ts";

/** A durable event as its frame: the envelope, with `type: "event"`. */
export function eventFrame(envelope: Envelope): EventFrame {
  return { type: "event", ...envelope };
}

/** The frame that ends a replay at the `welcome`'s head. */
export function replayComplete(upToSeq: number): ReplayComplete {
  return { type: "replay_complete", up_to_seq: upToSeq };
}

/** A live event of a run as its frame; `index` grows within the run (ours). */
export function liveFrame(runId: string, event: LiveEvent, index?: number): LiveFrame {
  const frame: LiveFrame = { type: "live", run_id: runId, event };
  return index === undefined ? frame : { ...frame, index };
}

/** An `error` frame; an HTTP refusal carries the rejection that explains it. */
export function errorFrame(message: string, rejection?: Rejection): ErrorFrame {
  return rejection === undefined
    ? { type: "error", message }
    : { type: "error", message, rejection };
}

/** The `welcome` a connection gets, with the runs in progress. */
export function welcomeFrame(
  fields: Omit<Welcome, "type" | "protocol" | "stream_id"> & { stream_id?: string },
  protocol: string,
): Welcome {
  return { type: "welcome", protocol, ...fields };
}

/** What a command led to, as the `command_result` for its id. */
export function commandResult(
  commandId: string,
  result:
    | { readonly ok: true; readonly outcome: Outcome }
    | { readonly ok: false; readonly rejection: Rejection },
): CommandResult {
  return result.ok
    ? {
        type: "command_result",
        command_id: commandId,
        ok: true,
        outcome: result.outcome,
        rejection: null,
      }
    : {
        type: "command_result",
        command_id: commandId,
        ok: false,
        outcome: null,
        rejection: result.rejection,
      };
}
