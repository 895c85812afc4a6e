import type { ErrorFrame } from "../../model/protocol.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { joinedBytes } from "./bytes.ts";

/** A request's body as text, or the refusal (status and frame) when it cannot be read. */
type BodyRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly status: 413 | 415 | 400; readonly body: ErrorFrame };

/**
 * A body's bytes, read while they arrive and stopped as soon as they pass `maxBytes` (chunked
 * or not, whatever the `content-length` said); `cut_short` when the client went away first.
 */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | "too_large" | "cut_short"> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too_large";
      }
      chunks.push(value);
    }
  } catch {
    return "cut_short";
  }
  return joinedBytes(chunks);
}

/**
 * Reads a JSON request body of at most `maxBytes`: past it, 413 at once (the rest is not
 * read). The content type must be JSON, so a page on another site cannot send a command
 * without the browser asking first (a CORS preflight). A body cut short (the client went
 * away) is a 400 nobody is left to read, never a throw.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return {
      ok: false,
      status: 415,
      body: errorFrame("the request is JSON: send it with content-type application/json"),
    };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    body: errorFrame(`the request body is larger than ${maxBytes} bytes`),
  } as const;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) return tooLarge;
  if (request.body === null) return { ok: true, text: "" };
  const read = await readUpTo(request.body, maxBytes);
  if (read === "too_large") return tooLarge;
  if (read === "cut_short") {
    return {
      ok: false,
      status: 400,
      body: errorFrame("the request body did not arrive whole"),
    };
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(read) };
  } catch {
    return {
      ok: false,
      status: 400,
      body: errorFrame("not a command frame: the body is not UTF-8"),
    };
  }
}
