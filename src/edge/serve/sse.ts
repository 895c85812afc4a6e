import { type Actor, participantKey } from "../../model/actors.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { helloFromQuery } from "../../protocol/hello-query.ts";
import { parseHello } from "../../protocol/parse.ts";
import { helloRefusal } from "../../protocol/resume.ts";
import type { OpenConnection, ServeCore } from "./core.ts";
import { encode } from "./encoded.ts";
import { errorAnswer, rejectionAnswer } from "./http-answers.ts";
import { openSession, type Session } from "./session.ts";
import { sseSink } from "./sse-sink.ts";

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // Proxies that buffer responses (nginx) would hold the frames back.
  "x-accel-buffering": "no",
};

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
