// The SSE stream, on a real node:http server read with real fetch.
import { afterEach, describe, expect, it } from "vitest";
import { command, openStream, post, type StreamReader, serve } from "./harness.ts";

const HELLO = "protocol=artifactr.v1";
let open: Awaited<ReturnType<typeof serve>> | null = null;
const streams: StreamReader[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await open?.close();
  open = null;
});

async function withThreads() {
  open = await serve();
  const { workspace } = open;
  const alice = { kind: "user", id: "alice" } as const;
  await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
  return open;
}

async function stream(
  query: string,
  token: string | null = "alice",
  headers: Record<string, string> = {},
) {
  if (open === null) throw new Error("no server");
  const reader = await openStream(open.url, token, query, headers);
  streams.push(reader);
  return reader;
}

describe("GET /stream", () => {
  it("answers welcome, the replay, replay_complete, then every new envelope", async () => {
    const { url } = await withThreads();
    const reader = await stream(HELLO);
    expect(reader.status).toBe(200);
    const welcome = await reader.next();
    expect(welcome).toMatchObject({
      type: "welcome",
      protocol: "artifactr.v1",
      workspace_id: "w1",
      head_seq: 2,
      reset: false,
      active_runs: [],
    });
    expect(typeof welcome.stream_id).toBe("string");
    const replay = await reader.until("replay_complete");
    expect(replay.map((f) => f.seq ?? f.type)).toEqual([1, 2, "replay_complete"]);
    expect(replay.at(-1)).toEqual({ type: "replay_complete", up_to_seq: 2 });
    await post(
      url,
      "alice",
      command("c1", { type: "post_message", thread_id: "t1", content: "Hi" }),
    );
    const live = await reader.next();
    expect(live).toMatchObject({
      type: "event",
      seq: 3,
      event: { type: "message_posted", content: "Hi" },
    });
    expect(live.actor).toEqual({ kind: "user", id: "alice", name: "Alice" });
    expect(reader.ids).toEqual(["0", "1", "2", "3"]);
  });

  it("filters thread events by the hello's threads; workspace events reach everyone", async () => {
    const { url } = await withThreads();
    const reader = await stream(`${HELLO}&threads=t1`);
    await reader.next();
    expect((await reader.until("replay_complete")).map((f) => f.seq ?? f.type)).toEqual([
      1,
      "replay_complete",
    ]);
    await post(
      url,
      "alice",
      command("c1", { type: "set_thread_mode", thread_id: "t2", mode: "suggest" }),
    );
    await post(
      url,
      "alice",
      command("c2", {
        type: "create_artifact",
        artifact_id: "n1",
        kind: "note",
        data: { text: "" },
      }),
    );
    expect(await reader.next()).toMatchObject({
      type: "event",
      seq: 4,
      event: { type: "artifact_created" },
    });
  });

  it("from the head replays nothing; an up-to-date client gets replay_complete at once", async () => {
    await withThreads();
    const fromHead = await stream(`${HELLO}&from_head=true`);
    expect(await fromHead.next()).toMatchObject({ type: "welcome", head_seq: 2, reset: false });
    expect(await fromHead.next()).toEqual({ type: "replay_complete", up_to_seq: 2 });
    const upToDate = await stream(`${HELLO}&resume_after_seq=2`);
    await upToDate.next();
    expect(await upToDate.next()).toEqual({ type: "replay_complete", up_to_seq: 2 });
  });

  it("resumes after the position asked for, or after Last-Event-ID when an SSE client reconnects", async () => {
    await withThreads();
    const resumed = await stream(`${HELLO}&resume_after_seq=1`);
    expect((await resumed.until("replay_complete")).map((f) => f.seq ?? f.type)).toEqual([
      "welcome",
      2,
      "replay_complete",
    ]);
    const reconnected = await stream(`${HELLO}&from_head=true`, "alice", { "last-event-id": "1" });
    const frames = await reconnected.until("replay_complete");
    expect(frames.map((f) => f.seq ?? f.type)).toEqual(["welcome", 2, "replay_complete"]);
  });

  it("resets a client that is ahead of the log, replaying everything", async () => {
    await withThreads();
    const reader = await stream(`${HELLO}&resume_after_seq=99`);
    expect(await reader.next()).toMatchObject({ type: "welcome", reset: true, head_seq: 2 });
    expect((await reader.until("replay_complete")).map((f) => f.seq ?? f.type)).toEqual([
      1,
      2,
      "replay_complete",
    ]);
  });

  it("refuses a bad hello with 400 and the rejection, as the original closes with 4400", async () => {
    const { url } = await withThreads();
    const get = (query: string) =>
      fetch(`${url}/stream?${query}`, { headers: { authorization: "Bearer alice" } });
    const wrong = await get("protocol=artifactr.v0");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      type: "error",
      message: "this server speaks artifactr.v1; the client asked for artifactr.v0",
      rejection: {
        type: "unsupported_protocol",
        message: "this server speaks artifactr.v1; the client asked for artifactr.v0",
      },
    });
    const both = await get(`${HELLO}&from_head=true&resume_after_seq=1`);
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({
      message: "from_head replays nothing, so resume_after_seq must be 0",
      rejection: { type: "validation_failed", errors: [] },
    });
    const malformed = await get(`${HELLO}&resume_after_seq=-3`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      rejection: { type: "validation_failed", errors: [{ loc: ["resume_after_seq"] }] },
    });
    expect((await get("")).status).toBe(400);
  });

  it("refuses a stream to nobody (401) and keeps a thread's agent to its own thread", async () => {
    const { url, workspace } = await withThreads();
    expect((await fetch(`${url}/stream?${HELLO}`)).status).toBe(401);
    const agent = await stream(HELLO, "agent1");
    await agent.next();
    expect((await agent.until("replay_complete")).map((f) => f.seq ?? f.type)).toEqual([
      1,
      "replay_complete",
    ]);
    await workspace.commit(
      { type: "post_message", thread_id: "t2", content: "secret" },
      { kind: "user", id: "bob" },
    );
    await workspace.commit(
      { type: "post_message", thread_id: "t1", content: "yours" },
      { kind: "user", id: "bob" },
    );
    expect(await agent.next()).toMatchObject({ seq: 4, event: { content: "yours" } });
  });

  it("holds a replay back for a slow reader instead of dropping anything", async () => {
    open = await serve({ outbox: 3 });
    const { workspace } = open;
    for (let i = 0; i < 50; i++) {
      await workspace.commit(
        { type: "create_thread", thread_id: `t${i}` },
        { kind: "user", id: "alice" },
      );
    }
    const reader = await stream(HELLO);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const frames = await reader.until("replay_complete");
    expect(frames.filter((f) => f.type === "event").map((f) => f.seq)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("ends a stream that does not keep up with new events, with an error frame: nothing is skipped", async () => {
    open = await serve({ outbox: 3 });
    const { workspace } = open;
    await workspace.commit(
      { type: "create_thread", thread_id: "t1" },
      { kind: "user", id: "alice" },
    );
    const reader = await stream(`${HELLO}&from_head=true`);
    await reader.until("replay_complete");
    const content = "x".repeat(64 * 1024);
    for (let i = 0; i < 200; i++) {
      await workspace.commit(
        { type: "post_message", thread_id: "t1", content },
        { kind: "user", id: "alice" },
      );
    }
    const frames = await reader.until("error", 10_000);
    expect(frames.at(-1)).toEqual({ type: "error", message: "the client is not keeping up" });
    const seqs = frames.filter((f) => f.type === "event").map((f) => f.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 2));
    expect(seqs.length).toBeLessThan(200);
  });
});
