import type { IncomingMessage, ServerResponse } from "node:http";
import { errorFrame } from "../rules/protocol/frames.ts";
import { webRequest } from "./node-request.ts";

type Handler = (request: Request) => Promise<Response>;

const plain = (res: ServerResponse, status: number, message: string): void => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(errorFrame(message)));
};

// Waits until the response can take more, or is gone.
const room = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });

async function respond(handler: Handler, message: IncomingMessage, res: ServerResponse) {
  const aborted = new AbortController();
  res.on("close", () => aborted.abort());
  let request: Request;
  try {
    request = webRequest(message, aborted.signal);
  } catch {
    return plain(res, 400, "the request's URL is malformed");
  }
  const response = await handler(request).catch(() => null);
  if (response === null) return plain(res, 500, "the request failed on the server");
  res.statusCode = response.status;
  for (const [name, value] of response.headers)
    if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (response.body === null) return void res.end();
  // Frames are small and should leave at once.
  message.socket.setNoDelay(true);
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await room(res);
      if (res.destroyed) break;
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/**
 * A `node:http` request listener for a Web-standard handler (`protocolHandler`): the request
 * is streamed in, the response (an SSE stream too) streamed out with backpressure, and a
 * client that goes away aborts the request and cancels the response.
 */
export function nodeListener(
  handler: Handler,
): (message: IncomingMessage, res: ServerResponse) => void {
  return (message, res) => void respond(handler, message, res);
}
