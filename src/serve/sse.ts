import { type Actor, participantKey } from "../model/actors.ts";
import { errorFrame } from "../rules/protocol/frames.ts";
import { helloFromQuery } from "../rules/protocol/hello-query.ts";
import { parseHello } from "../rules/protocol/parse.ts";
import { helloRefusal } from "../rules/protocol/resume.ts";
import type { OpenConnection, ServeCore } from "./core.ts";
import { encode } from "./encoded.ts";
import { errorAnswer, rejectionAnswer } from "./http-answers.ts";
import { openSession, type Session, type Sink } from "./session.ts";

const PING = new TextEncoder().encode(": ping\n\n");

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // Proxies that buffer responses (nginx) would hold the frames back.
  "x-accel-buffering": "no",
};

/** An SSE body and the sink that writes it, with room for `outbox` frames. */
function sseSink(outbox: number, heartbeatMs: number, onEnd: () => void) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let waiters: (() => void)[] = [];
  const wake = (): void => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  const room = (): number => controller?.desiredSize ?? 0;
  const end = (): void => {
    if (closed) return;
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
    if (!closed && room() > 0) controller?.enqueue(PING);
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
    { highWaterMark: outbox },
  );
  const sink: Sink & { end(): void } = {
    get closed() {
      return closed;
    },
    send(frame, durable) {
      if (closed || controller === null) return;
      if (room() > 0) controller.enqueue(frame.sse());
      else if (durable) {
        // A durable event is never dropped: the client reconnects and resumes instead.
        controller.enqueue(encode(errorFrame("the client is not keeping up")).sse());
        end();
      }
    },
    drained: () =>
      closed || room() > 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)),
    end,
  };
  return { body, sink };
}

/**
 * `GET /stream`: the protocol over SSE. The `hello` is the query (see `helloToQuery`; an
 * SSE client's own reconnect resumes from `Last-Event-ID`); a bad one is refused with 400,
 * as the original closes its socket with 4400. Then `welcome` (with the stream's
 * `stream_id`), the replay, `replay_complete`, and every new envelope and watched run's live
 * frame, one SSE event each; durable events carry their `seq` as the event id.
 */
export function streamResponse(
  core: ServeCore,
  actor: Actor,
  request: Request,
  heartbeatMs: number,
): Response {
  const url = new URL(request.url);
  const query = helloFromQuery(url.searchParams, request.headers.get("last-event-id"));
  const hello = parseHello(query.hello);
  if (!hello.ok) return rejectionAnswer(hello.rejection, 400);
  const refusal = helloRefusal(hello.value);
  if (refusal !== null) return rejectionAnswer(refusal, 400);

  const streamId = crypto.randomUUID();
  let session: Session | null = null;
  const early: string[] = []; // runs asked for before the session could watch
  const connection: OpenConnection = {
    participant: participantKey(actor),
    watch: (runId) => (session === null ? early.push(runId) : session.watch(runId)),
    close: () => sink.end(),
  };
  const { body, sink } = sseSink(core.outbox, heartbeatMs, () => {
    session?.close();
    core.connections.delete(connection);
    core.streams.delete(streamId);
  });
  core.connections.add(connection);
  core.streams.set(streamId, connection);
  request.signal.addEventListener("abort", () => sink.end(), { once: true });
  const onOpen = (opened: Session): void => {
    session = opened;
    for (const runId of early.splice(0)) opened.watch(runId);
  };
  openSession({ core, actor, hello: hello.value, watch: query.watch, sink, streamId, onOpen }).then(
    (opened) => {
      // A refusal was ruled out above; a stream that ended meanwhile stops following.
      if (!opened.ok || sink.closed) {
        if (opened.ok) opened.value.close();
        sink.end();
      }
    },
    (error: unknown) => {
      core.report(error);
      sink.send(encode(errorFrame("the stream failed on the server")), false);
      sink.end();
    },
  );
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

/** The refusal of a stream for a request that is not a GET. */
export const streamNeedsGet = (): Response =>
  errorAnswer(405, errorFrame("the stream is read with GET"), { allow: "GET" });
