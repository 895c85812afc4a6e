import type { EventFrame, HelloInput, LiveFrame, ServerFrame } from "../../model/protocol.ts";
import { ClientError } from "./errors.ts";
import type { Connection, Transport } from "./transport.ts";
import { CLIENT_PROTOCOL } from "./transport.ts";

/** What a resuming stream follows, and where it reports. */
export interface StreamRequest {
  readonly transport: Transport;
  /** Deliver events after this position, or (`"head"`) only those appended from now on. */
  readonly after: number | "head";
  /** Threads followed (`null`: all). */
  readonly threads: readonly string[] | null;
  /** The runs to watch, asked again on every connection. */
  readonly watching: () => readonly string[];
  readonly onEvent?: (frame: EventFrame) => void;
  readonly onLive?: (frame: LiveFrame) => void;
  /** The server could not resume: what was built from the log must be dropped. */
  readonly onReset?: () => void;
  readonly onError: (error: unknown) => void;
  readonly delays: { readonly minMs: number; readonly maxMs: number };
}

/** A stream of the log that reconnects by itself, resuming after the last event delivered. */
export interface ResumingStream {
  /** The last `seq` delivered (`null` before a stream from the head is welcomed). */
  readonly position: number | null;
  /** Watches a run on the current connection (and every later one, through `watching`). */
  watch(runId: string): void;
  /** Resolves once the stream has delivered up to `seq`. */
  reached(seq: number): Promise<void>;
  close(): void;
}

/**
 * Follows the log over `transport`, delivering each event once and in order: on a dropped
 * connection it waits (doubling from `minMs` to `maxMs`, with jitter) and says `hello` again
 * with `resume_after_seq` at the last event delivered; a `reset` welcome says start over.
 */
export function resumingStream(request: StreamRequest): ResumingStream {
  let position: number | null = request.after === "head" ? null : request.after;
  let connection: Connection | null = null;
  let closed = false;
  let delay = request.delays.minMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const waiting = new Set<{ seq: number; resolve: () => void }>();
  const settle = (): void => {
    for (const waiter of waiting) {
      if (position !== null && position >= waiter.seq) {
        waiting.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const onFrame = (frame: ServerFrame): void => {
    if (closed) return;
    if (frame.type === "welcome") {
      delay = request.delays.minMs; // a connection that got this far resets the backoff
      if (frame.reset) {
        position = 0;
        request.onReset?.();
      } else if (position === null) position = frame.head_seq;
      settle();
    } else if (frame.type === "event") {
      if (position !== null && frame.seq <= position) return; // never twice
      position = frame.seq;
      request.onEvent?.(frame);
      settle();
    } else if (frame.type === "live") request.onLive?.(frame);
    // A run that could not be watched, a stream about to end: the stream goes on (or resumes).
    else if (frame.type === "error") request.onError(new ClientError("refused", frame.message));
  };
  const connect = (): void => {
    timer = null;
    if (closed) return;
    const threads = request.threads === null ? null : [...request.threads];
    const hello: HelloInput =
      position === null
        ? { protocol: CLIENT_PROTOCOL, from_head: true, threads }
        : { protocol: CLIENT_PROTOCOL, resume_after_seq: position, threads };
    connection = request.transport(
      { hello, watch: request.watching() },
      {
        frame: onFrame,
        end(error, fatal) {
          connection = null;
          if (closed) return;
          request.onError(error);
          if (fatal) return;
          const wait = delay * (0.5 + Math.random() / 2);
          delay = Math.min(delay * 2, request.delays.maxMs);
          timer = setTimeout(connect, wait);
        },
      },
    );
  };
  connect();
  return {
    get position() {
      return position;
    },
    watch: (runId) => connection?.watch(runId),
    reached(seq) {
      if (position !== null && position >= seq) return Promise.resolve();
      return new Promise((resolve) => waiting.add({ seq, resolve }));
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      connection?.close();
      connection = null;
      for (const waiter of waiting) waiter.resolve();
      waiting.clear();
    },
  };
}
