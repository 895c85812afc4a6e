import { describe, expect, it } from "vitest";
import { HelloSchema, PROTOCOL } from "../../src/model/protocol.ts";
import { helloFromQuery, helloToQuery } from "../../src/protocol/hello-query.ts";

const roundTrip = (query: Parameters<typeof helloToQuery>[0], lastEventId: string | null = null) =>
  helloFromQuery(new URLSearchParams(helloToQuery(query)), lastEventId);

describe("a hello as query parameters", () => {
  it("round-trips every field, threads and runs to watch", () => {
    const { hello, watch } = roundTrip({
      hello: { protocol: PROTOCOL, resume_after_seq: 12, threads: ["t1", "a b&c"] },
      watch: ["r1"],
    });
    expect(HelloSchema.parse(hello)).toEqual({
      type: "hello",
      protocol: PROTOCOL,
      resume_after_seq: 12,
      from_head: false,
      threads: ["t1", "a b&c"],
    });
    expect(watch).toEqual(["r1"]);
  });

  it("tells no threads (an empty list) from every thread (no parameter)", () => {
    expect(roundTrip({ hello: { protocol: PROTOCOL, threads: [] } }).hello.threads).toEqual([]);
    expect(roundTrip({ hello: { protocol: PROTOCOL } }).hello.threads).toBeUndefined();
    expect(roundTrip({ hello: { protocol: PROTOCOL, from_head: true } }).hello.from_head).toBe(
      true,
    );
  });

  it("resumes from Last-Event-ID, which an SSE client sends when it reconnects by itself", () => {
    const { hello } = roundTrip({ hello: { protocol: PROTOCOL, from_head: true } }, "41");
    expect(HelloSchema.parse(hello)).toMatchObject({ resume_after_seq: 41, from_head: false });
    expect(
      roundTrip({ hello: { protocol: PROTOCOL } }, "nope").hello.resume_after_seq,
    ).toBeUndefined();
  });

  it("leaves what does not read as a value for the schema to refuse", () => {
    const { hello } = helloFromQuery(
      new URLSearchParams("protocol=artifactr.v1&resume_after_seq=-1&from_head=maybe"),
    );
    expect(hello).toMatchObject({ resume_after_seq: "-1", from_head: "maybe" });
    expect(HelloSchema.safeParse(hello).success).toBe(false);
  });
});
