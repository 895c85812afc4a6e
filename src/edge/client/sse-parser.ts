/** One SSE event: its data lines joined, and its id when it had one. */
export interface SseEvent {
  readonly data: string;
  readonly id: string | null;
}

/**
 * Reads SSE text as it arrives, chunk by chunk, into events (the parts of the format the
 * protocol uses: `data:`, `id:` and comments; lines end in LF, CRLF or CR).
 */
export function sseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let pending = "";
  let data: string[] = [];
  let id: string | null = null;
  const line = (text: string): void => {
    if (text === "") {
      if (data.length > 0) onEvent({ data: data.join("\n"), id });
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "id") id = value;
  };
  return (chunk) => {
    pending += chunk;
    // A CR at the very end may be the first half of a CRLF: keep it for the next chunk.
    const held = pending.endsWith("\r") ? "\r" : "";
    const lines = (held === "" ? pending : pending.slice(0, -1)).split(/\r\n|\r|\n/);
    pending = (lines.pop() ?? "") + held;
    for (const text of lines) line(text);
  };
}
