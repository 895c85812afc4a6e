// The write cache follows what other writers appended, where every event is one it knows
// changes nothing it holds but a message id (ADR 0055); anything else starts it over.
import { describe, expect, it } from "vitest";
import type { Envelope } from "../../src/model/envelope.ts";
import { NO_NEEDS } from "../../src/model/state.ts";
import { batch } from "../../src/testing/suite-records.ts";
import { View, WriteCache } from "../../src/workspace/write-cache.ts";

const posted = (seq: number, message_id: string): Envelope =>
  ({
    seq,
    id: `evt_${seq}`,
    ts: "2026-12-04T00:00:00.000Z",
    workspace_id: "ws",
    thread_id: "t1",
    actor: { kind: "user", id: "bob" },
    traceparent: null,
    event: {
      type: "message_posted",
      thread_id: "t1",
      message_id,
      content: "hi",
      run_id: null,
      kind: "message",
    },
  }) as Envelope;

// A cache at head 3 that has read that m0 is used.
function cacheAt3(): WriteCache {
  const cache = new WriteCache(16);
  cache.settle(null, new View(), batch({ messages: ["m0"] }), 3);
  return cache;
}

const idsOf = (cache: WriteCache, ids: string[]) => {
  const ticket = cache.ticket();
  const view = new View();
  const missing = cache.take(ticket, { ...NO_NEEDS, messages: ids }, view);
  return { missing: missing.messages, held: view.state.messages };
};

describe("the write cache catching up", () => {
  it("follows messages posted by others: its head moves and their ids read as used", () => {
    const cache = cacheAt3();
    const ticket = cache.ticket();
    if (ticket === null) throw new Error("a ticket");
    expect(cache.catchUp(ticket, [posted(4, "m1"), posted(5, "m2")])).toBe(true);
    expect(cache.ticket()?.head).toBe(5);
    const { missing, held } = idsOf(cache, ["m0", "m1", "m2", "m3"]);
    expect(missing).toEqual(["m3"]);
    expect([...held]).toEqual([
      ["m0", true],
      ["m1", true],
      ["m2", true],
    ]);
  });

  it("starts over on any other event, on a gap, or for a ticket it moved past", () => {
    const other = {
      ...posted(4, "m1"),
      event: { type: "thread_created", thread_id: "t2", title: "", proposed_by: null },
    } as Envelope;
    for (const envelopes of [[other], [posted(5, "m1")], [posted(4, "m1"), other]]) {
      const cache = cacheAt3();
      const ticket = cache.ticket();
      if (ticket === null) throw new Error("a ticket");
      expect(cache.catchUp(ticket, envelopes)).toBe(false);
      expect(cache.ticket()).toBeNull();
    }
    const cache = cacheAt3();
    const old = cache.ticket();
    if (old === null) throw new Error("a ticket");
    cache.settle(old, new View(), batch({}), 4);
    expect(cache.catchUp(old, [posted(4, "m1")])).toBe(false);
    expect(cache.ticket()?.head).toBe(4);
  });
});
