import type { IncomingMessage, ServerResponse } from "node:http";
import { errorFrame } from "../../protocol/frames.ts";
import { errorAnswer, faultAnswer } from "./http-answers.ts";
import { webRequest } from "./node-request.ts";

type Handler = (request: Request) => Promise<Response>;

/** Whether the response can still be written: the client may go away at any point. */
const writable = (res: ServerResponse): boolean => !res.destroyed && !res.writableEnded;

// Waits until the response can take more, or is gone.
const room = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    if (!writable(res)) return resolve();
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });

/** The handler's answer: a throw (or something that is no `Response`) as a typed fault. */
async function answerOf(handler: Handler, request: Request): Promise<Response> {
  try {
    const response: unknown = await handler(request);
    if (response instanceof Response) return response;
    return faultAnswer(new TypeError("the handler answered something that is not a Response"));
  } catch (error) {
    return faultAnswer(error);
  }
}

/** Streams `body` out with backpressure, until it ends or the client goes away. */
async function pipeBody(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  // Gone already (a stream answered after its client left): nothing keeps the body open.
  if (!writable(res)) return cancel();
  res.once("close", cancel);
  // Frames are small and should leave at once.
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!writable(res)) return cancel();
      if (!res.write(value)) await room(res);
    }
    if (writable(res)) res.end();
  } catch {
    res.destroy();
  }
}

/** At most how much of a body left unread is read and dropped before answering, and how long. */
const DRAIN = { bytes: 16 * 1024 * 1024, ms: 2_000 } as const;

/** Reads what is left of a request body and drops it, until its end or past {@link DRAIN}. */
function drain(message: IncomingMessage): Promise<void> {
  if (message.complete || message.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let left: number = DRAIN.bytes;
    const done = (): void => {
      clearTimeout(timer);
      message.off("data", onData);
      message.off("end", done);
      message.off("close", done);
      message.pause();
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      left -= chunk.byteLength;
      if (left < 0) done();
    };
    const timer = setTimeout(done, DRAIN.ms);
    message.on("data", onData);
    message.once("end", done);
    message.once("close", done);
    message.resume();
  });
}

/** Sends `response` on `res`, if the client is still there. */
async function send(message: IncomingMessage, res: ServerResponse, response: Response) {
  if (!writable(res) || res.headersSent) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers)
    if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!message.complete && !isStream(response)) return lingering(message, res, response);
  // A stream answered while its request's body is unfinished: closed when it ends.
  if (!message.complete) res.setHeader("connection", "close");
  if (response.body === null) return void res.end();
  await pipeBody(res, response.body);
}

const isStream = (response: Response): boolean =>
  response.headers.get("content-type")?.startsWith("text/event-stream") === true;

/**
 * Answers a request whose body was not read to its end (refused, too large) and closes the
 * connection, reading the rest of the body and dropping it in between: closing with it
 * unread would reset the connection and could lose the answer (a 413) before the client read
 * it. The whole answer is written first, its length declared, so the client has it at once.
 */
async function lingering(message: IncomingMessage, res: ServerResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader("connection", "close");
  res.setHeader("content-length", body.byteLength);
  if (!writable(res)) return;
  res.write(body);
  await drain(message);
  if (writable(res)) res.end();
}

async function respond(handler: Handler, message: IncomingMessage, res: ServerResponse) {
  const aborted = new AbortController();
  res.once("close", () => aborted.abort());
  let request: Request;
  try {
    request = webRequest(message, aborted.signal);
  } catch {
    return send(message, res, errorAnswer(400, errorFrame("the request's URL is malformed")));
  }
  return send(message, res, await answerOf(handler, request));
}

/**
 * A `node:http` request listener for a Web-standard handler (`protocolHandler`): the request
 * is streamed in, the response (an SSE stream too) streamed out with backpressure, and a
 * client that goes away aborts the request and cancels the response. No request can end the
 * process: a handler that throws is answered as a fault (`faultAnswer`), a client gone at
 * any point is let go, and a request body the handler did not read to its end (a 413) is
 * read on and dropped (at most 16 MiB, for at most 2 s) before the answer, so the answer is
 * not lost to a reset, and the connection is closed after it.
 */
export function nodeListener(
  handler: Handler,
): (message: IncomingMessage, res: ServerResponse) => void {
  return (message, res) => {
    // A write that fails once the client is gone must not be an unhandled `error` event.
    res.on("error", () => res.destroy());
    respond(handler, message, res).catch(() => res.destroy());
  };
}
