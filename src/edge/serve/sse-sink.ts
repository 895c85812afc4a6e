import { errorFrame } from "../../protocol/frames.ts";
import { joinedBytes } from "./bytes.ts";
import { encode } from "./encoded.ts";
import type { Sink } from "./session.ts";

const PING = new TextEncoder().encode(": ping\n\n");

// After the I/O of this turn of the event loop, where there is such a thing.
const soon: (work: () => void) => void =
  typeof setImmediate === "function" ? (work) => void setImmediate(work) : queueMicrotask;

/**
 * The least time between two writes to one stream, in ms: a write is a system call, and at
 * thousands of frames a second to hundreds of streams the calls, not the frames, would fill
 * the CPU. A frame after a quiet spell leaves at once; under load, frames wait at most this.
 */
const WRITE_GAP_MS = 5;

/** Calls `work` soon after it is asked for, at most once every {@link WRITE_GAP_MS}. */
function throttled(work: () => void): () => void {
  let last = 0;
  let scheduled = false;
  const run = (): void => {
    scheduled = false;
    last = Date.now();
    work();
  };
  return () => {
    if (scheduled) return;
    scheduled = true;
    const wait = last + WRITE_GAP_MS - Date.now();
    if (wait <= 0) soon(run);
    else setTimeout(run, wait);
  };
}

/**
 * An SSE body and the sink that writes it, with room for `outbox` frames (see
 * `ServeOptions.outbox`). Frames sent together leave as one chunk (one write to the
 * socket), at most one every few milliseconds, which is what lets thousands of frames a
 * second reach hundreds of streams.
 */
export function sseSink(outbox: number, heartbeatMs: number, onEnd: () => void) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let waiters: (() => void)[] = [];
  let batch: Uint8Array[] = [];
  // Frames per chunk, for the stream to count its queue in frames.
  const frames = new WeakMap<Uint8Array, number>();
  const wake = (): void => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  // Frames queued: in the stream's queue and in the batch not yet flushed.
  const queued = (): number => outbox - (controller?.desiredSize ?? 0) + batch.length;
  const flush = (): void => {
    if (closed || controller === null || batch.length === 0) return;
    const chunk = joinedBytes(batch);
    frames.set(chunk, batch.length);
    batch = [];
    controller.enqueue(chunk);
  };
  const end = (): void => {
    if (closed) return;
    flush();
    closed = true;
    clearInterval(heartbeat);
    wake();
    try {
      controller?.close();
    } catch {
      // Already cancelled by the reader.
    }
    onEnd();
  };
  const heartbeat = setInterval(() => {
    if (!closed && queued() === 0) controller?.enqueue(PING);
  }, heartbeatMs);
  (heartbeat as { unref?: () => void }).unref?.();
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: wake,
      cancel: end,
    },
    { highWaterMark: outbox, size: (chunk) => frames.get(chunk) ?? 1 },
  );
  const scheduleFlush = throttled(flush);
  const push = (bytes: Uint8Array): void => {
    batch.push(bytes);
    scheduleFlush();
  };
  const sink: Sink & { end(): void } = {
    get closed() {
      return closed;
    },
    send(frame, durable) {
      if (closed || controller === null) return;
      // Live frames are dropped at the outbox; durable ones may go past it (a replay waits
      // for room, but the frames around it do not) up to twice as far.
      if (queued() < (durable ? 2 * outbox : outbox)) push(frame.sse());
      else if (durable) {
        // A durable event is never dropped: the client reconnects and resumes instead.
        push(encode(errorFrame("the client is not keeping up")).sse());
        end();
      }
    },
    drained: () =>
      closed || queued() < outbox
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push(resolve)),
    end,
  };
  return { body, sink };
}
