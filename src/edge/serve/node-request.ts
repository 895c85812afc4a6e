import type { IncomingMessage } from "node:http";

/** What a request body stream says when the client went away before sending all of it. */
const CUT_SHORT = "the request body did not arrive whole (the client went away)";

/** The most of a body held in memory before the client is made to wait, in bytes. */
const BODY_BUFFER = 64 * 1024;

/**
 * A Node request's body as a Web stream. Unlike `Readable.toWeb`, cancelling it only stops
 * reading (the socket stays, so a refusal such as a 413 can still be answered on it; the
 * listener then closes the connection), and a client that goes away mid-body errors it
 * rather than leaving its reader waiting.
 */
function bodyStream(message: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  let onData: (chunk: Buffer) => void = () => undefined;
  const detach = (): void => {
    settled = true;
    message.off("data", onData);
    message.pause();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onData = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          // Past the buffer, the client waits (TCP backpressure) until the reader asks.
          if ((controller.desiredSize ?? 0) <= 0) message.pause();
        };
        message.on("data", onData);
        message.once("end", () => {
          if (settled) return;
          detach();
          controller.close();
        });
        // `close` without `end` first: aborted, truncated, or timed out by the server.
        message.once("close", () => {
          if (settled) return;
          detach();
          controller.error(new Error(CUT_SHORT));
        });
        message.pause();
      },
      pull() {
        if (!settled) message.resume();
      },
      cancel: detach,
    },
    { highWaterMark: BODY_BUFFER, size: (chunk) => chunk.byteLength },
  );
}

/** Whether a `Host` value is a bare authority (a name or address and a port), nothing more. */
const AUTHORITY = /^[^\s/?#@\\]+$/;

/**
 * A Web `Request` for a Node request: its method, URL (the `Host` header's authority and the
 * request target's path: a target such as `//other.example/` stays a path on this host),
 * headers and body (streamed, not buffered; see {@link bodyStream}). `signal` aborts it (when
 * the response is closed).
 *
 * @throws TypeError when the URL cannot be made (a malformed `Host` or target).
 */
export function webRequest(message: IncomingMessage, signal?: AbortSignal): Request {
  const secure = (message.socket as { encrypted?: boolean } | null)?.encrypted === true;
  const authority = message.headers.host ?? "localhost";
  if (!AUTHORITY.test(authority)) throw new TypeError("the Host header is not a host");
  const target = message.url ?? "/";
  // An absolute-form target (as sent to a proxy) keeps only its path: the host is the header's.
  const absolute = target.startsWith("/") ? null : new URL(target);
  const path = absolute === null ? target : `${absolute.pathname}${absolute.search}`;
  const url = new URL(`${secure ? "https" : "http"}://${authority}${path}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = message.method ?? "GET";
  const body =
    method === "GET" || method === "HEAD"
      ? {}
      : { body: bodyStream(message), duplex: "half" as const };
  return new Request(url, {
    method,
    headers,
    ...body,
    ...(signal === undefined ? {} : { signal }),
  });
}
