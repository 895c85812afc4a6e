import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";

/**
 * A Web `Request` for a Node request: its method, URL (from the `Host` header), headers and
 * body (streamed, not buffered). `signal` aborts it (when the response is closed).
 *
 * @throws TypeError when the URL cannot be made (a malformed `Host`).
 */
export function webRequest(message: IncomingMessage, signal?: AbortSignal): Request {
  const secure = (message.socket as { encrypted?: boolean }).encrypted === true;
  const url = new URL(
    message.url ?? "/",
    `${secure ? "https" : "http"}://${message.headers.host ?? "localhost"}`,
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = message.method ?? "GET";
  const body =
    method === "GET" || method === "HEAD"
      ? {}
      : { body: Readable.toWeb(message) as ReadableStream<Uint8Array>, duplex: "half" as const };
  return new Request(url, {
    method,
    headers,
    ...body,
    ...(signal === undefined ? {} : { signal }),
  });
}
