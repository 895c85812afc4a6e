import type { ServerFrame } from "../../model/protocol.ts";

const utf8 = new TextEncoder();

/**
 * A server frame encoded once for every connection it goes to: its JSON text (a WebSocket
 * message) and its SSE event (`id:` for a durable event, then `data:`), each made on first
 * use and shared.
 */
export interface Encoded {
  readonly frame: ServerFrame;
  /** The frame as JSON text. */
  json(): string;
  /** The frame as an SSE event, UTF-8. */
  sse(): Uint8Array;
}

/** Encodes a frame; `sseId` is the SSE event id (the `seq` a reconnecting client resumes after). */
export function encode(frame: ServerFrame, sseId?: number): Encoded {
  let json: string | undefined;
  let sse: Uint8Array | undefined;
  const text = (): string => {
    json ??= JSON.stringify(frame);
    return json;
  };
  return {
    frame,
    json: text,
    sse() {
      sse ??= utf8.encode(`${sseId === undefined ? "" : `id: ${sseId}\n`}data: ${text()}\n\n`);
      return sse;
    },
  };
}
