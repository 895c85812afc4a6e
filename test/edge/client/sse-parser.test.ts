import { describe, expect, it } from "vitest";
import { type SseEvent, sseParser } from "../../../src/edge/client/sse-parser.ts";

const parse = (chunks: readonly string[]): SseEvent[] => {
  const events: SseEvent[] = [];
  const feed = sseParser((event) => events.push(event));
  for (const chunk of chunks) feed(chunk);
  return events;
};

describe("sseParser", () => {
  it("reads events with their ids, skipping comments", () => {
    expect(parse([': ping\n\nid: 3\ndata: {"a":1}\n\ndata: x\n\n'])).toEqual([
      { data: '{"a":1}', id: "3" },
      { data: "x", id: null },
    ]);
  });

  it("reads the same events however the text is cut, with LF, CRLF or CR line ends", () => {
    const text = "id: 1\r\ndata: one\r\n\r\ndata: two\rdata: lines\r\rdata: three\n\n";
    const whole = parse([text]);
    expect(whole).toEqual([
      { data: "one", id: "1" },
      { data: "two\nlines", id: null },
      { data: "three", id: null },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    }
    expect(parse([...text])).toEqual(whole);
  });

  it("keeps an event that has not ended for the next chunk, and ignores unknown fields", () => {
    const events: SseEvent[] = [];
    const feed = sseParser((event) => events.push(event));
    feed("event: x\nretry: 5\ndata:no space\n");
    expect(events).toEqual([]);
    feed("\n");
    expect(events).toEqual([{ data: "no space", id: null }]);
  });
});
