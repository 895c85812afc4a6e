// Live frames: published into the hub by the host, fanned out to watchers, never in the log.
import { afterEach, describe, expect, it } from "vitest";
import type { Encoded } from "../../../src/edge/serve/encoded.ts";
import { createLiveHub } from "../../../src/edge/serve/live-hub.ts";
import type { FactInput } from "../../../src/model/event.ts";
import type { LiveEventInput } from "../../../src/model/protocol.ts";
import { command, eventually, openStream, post, type StreamReader, serve } from "./harness.ts";

const HELLO = "protocol=artifactr.v1";
const alice = { kind: "user", id: "alice" } as const;
const delta = (text: string) => ({ type: "text_delta", part: 0, delta: text }) as const;

describe("the live hub", () => {
  it("fans a run's frames out to its watchers, a late one getting the backlog first", () => {
    const hub = createLiveHub({ backlog: 2 });
    const early: string[] = [];
    const json = (into: string[]) => (frame: Encoded) => into.push(frame.json());
    const stop = hub.watch("r1", json(early));
    hub.publish("r1", delta("a"));
    hub.publish("r1", delta("b"));
    hub.publish("r1", delta("c"));
    hub.publish("r2", { type: "part_started", part: 1, part_kind: "tool_call" });
    const late: string[] = [];
    hub.watch("r1", json(late));
    expect(early.map((f) => JSON.parse(f).event.delta)).toEqual(["a", "b", "c"]);
    expect(late.map((f) => JSON.parse(f).event.delta)).toEqual(["b", "c"]);
    expect(JSON.parse(early[0] ?? "")).toEqual({
      type: "live",
      run_id: "r1",
      event: { type: "text_delta", part: 0, delta: "a" },
      index: expect.any(Number),
    });
    // Indexes only grow, so a client that watches again skips the backlog it already has.
    const indexes = early.map((f) => JSON.parse(f).index as number);
    expect(indexes).toEqual([...indexes].sort((x, y) => x - y));
    expect(new Set(indexes).size).toBe(3);
    stop();
    hub.publish("r1", delta("d"));
    expect(early).toHaveLength(3);
    hub.end("r1");
    const after: string[] = [];
    hub.watch("r1", json(after));
    hub.publish("r1", delta("after its end"));
    expect(after).toEqual([]);
  });

  it("fills the defaults of each event, and refuses what is not a live event", () => {
    const hub = createLiveHub();
    const seen: unknown[] = [];
    hub.watch("r1", (frame) => seen.push(frame.frame));
    hub.publish("r1", { type: "draft", kind: "note", data: { text: "so far" } });
    hub.publish("r1", { type: "app_live", name: "progress" });
    expect(seen).toEqual([
      {
        type: "live",
        run_id: "r1",
        event: { type: "draft", artifact_id: null, kind: "note", data: { text: "so far" } },
        index: expect.any(Number),
      },
      {
        type: "live",
        run_id: "r1",
        event: { type: "app_live", name: "progress", data: null },
        index: expect.any(Number),
      },
    ]);
    // An event of no type the protocol knows, as untyped host code could publish it.
    const shout = { type: "shout" } as unknown as LiveEventInput;
    expect(() => hub.publish("r1", shout)).toThrow(
      expect.objectContaining({ code: "invalid_argument" }),
    );
    expect(() => hub.publish("", delta("x"))).toThrow(
      expect.objectContaining({ code: "invalid_argument" }),
    );
  });

  it("keeps at most the runs it is told to, forgetting the quiet ones first", () => {
    const hub = createLiveHub({ runs: 2 });
    hub.publish("r1", delta("1"));
    hub.publish("r2", delta("2"));
    hub.publish("r3", delta("3"));
    const seen: unknown[] = [];
    hub.watch("r1", (frame) => seen.push(frame));
    expect(seen).toEqual([]);
  });
});

describe("live frames over SSE", () => {
  let open: Awaited<ReturnType<typeof serve>> | null = null;
  const streams: StreamReader[] = [];
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await open?.close();
    open = null;
  });
  const stream = async (query: string, token = "alice") => {
    if (open === null) throw new Error("no server");
    const reader = await openStream(open.url, token, query);
    streams.push(reader);
    return reader;
  };

  it("reach watchers of runs in followed threads, and never the log", async () => {
    open = await serve();
    const { workspace, live, url } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
    const all = await stream(HELLO);
    const onlyT2 = await stream(`${HELLO}&threads=t2`);
    await all.until("replay_complete");
    await onlyT2.until("replay_complete");
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    expect(await all.next()).toMatchObject({
      type: "event",
      event: { type: "run_started", run_id: "r1" },
    });
    const head = await workspace.head();
    for (let i = 0; i < 100; i++) live.publish("r1", delta(`${i} `));
    const frames = [...(await all.until("live")), ...(await all.drain(200))];
    expect(
      frames.filter((f) => f.type === "live").map((f) => (f.event as { delta: string }).delta),
    ).toEqual(Array.from({ length: 100 }, (_, i) => `${i} `));
    expect(await workspace.head()).toBe(head);
    const log = await (
      await fetch(`${url}/events`, { headers: { authorization: "Bearer alice" } })
    ).json();
    expect((log as { event: { type: string } }[]).map((e) => e.event.type)).not.toContain(
      "text_delta",
    );
    // t2's follower heard nothing of t1's run.
    expect(await onlyT2.drain(100)).toEqual([]);
  });

  it("watch a run in progress at connect, a run asked for by name, and one watched by POST", async () => {
    open = await serve();
    const { workspace, live, url } = open;
    const agent = (thread: string, run: string) =>
      ({ kind: "agent", thread_id: thread, run_id: run }) as const;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      agent("t1", "r1"),
    );
    await workspace.record(
      { type: "run_started", run_id: "r2", thread_id: "t2" },
      agent("t2", "r2"),
    );
    live.publish("r1", delta("before"));
    const reader = await stream(`${HELLO}&threads=t1&watch=r9`);
    const welcome = await reader.next();
    expect(welcome.active_runs).toEqual([
      { run_id: "r1", thread_id: "t1" },
      { run_id: "r2", thread_id: "t2" },
    ]);
    const start = await reader.until("replay_complete");
    // The run in progress is watched from its backlog; the unknown one is an error frame.
    expect(start.filter((f) => f.type !== "event").map((f) => f.type)).toEqual([
      "live",
      "error",
      "replay_complete",
    ]);
    live.publish("r2", delta("not followed"));
    expect(await reader.drain(100)).toEqual([]);
    const watched = await post(
      `${url}/commands?stream=${String(welcome.stream_id)}` as string,
      "alice",
      command("w1", { type: "watch_run", run_id: "r2" }),
      "",
    );
    expect(watched.body).toMatchObject({ ok: true, outcome: { type: "recorded" } });
    live.publish("r2", delta("now"));
    // Watching starts with what the run has produced so far.
    const frames = [...(await reader.until("live")), ...(await reader.until("live"))];
    expect(frames.map((f) => (f.event as { delta?: string }).delta)).toEqual([
      "not followed",
      "now",
    ]);
    // Another person cannot name Alice's stream.
    const bob = await post(
      `${url}/commands?stream=${String(welcome.stream_id)}`,
      "bob",
      command("w2", { type: "watch_run", run_id: "r2" }),
      "",
    );
    expect(bob.body).toMatchObject({ ok: false, rejection: { type: "not_found" } });
  });

  it("list every run in progress in welcome, a paused one too, never one that ended", async () => {
    open = await serve();
    const { workspace, live } = open;
    const agent = (run: string) => ({ kind: "agent", thread_id: "t1", run_id: run }) as const;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    for (const run of ["r1", "r2", "r3"]) {
      await workspace.record({ type: "run_started", run_id: run, thread_id: "t1" }, agent(run));
    }
    const request = {
      tool_call_id: "call_1",
      tool_name: "bash",
      kind: "approval",
      args: {},
    } as const;
    const paused: FactInput = {
      type: "run_paused",
      run_id: "r2",
      thread_id: "t1",
      requests: [request],
    };
    expect((await workspace.record(paused, agent("r2"))).ok).toBe(true);
    const ended: FactInput = {
      type: "run_ended",
      run_id: "r3",
      thread_id: "t1",
      status: "completed",
    };
    expect((await workspace.record(ended, agent("r3"))).ok).toBe(true);
    live.publish("r2", delta("before the pause"));
    const reader = await stream(HELLO);
    const welcome = await reader.next();
    expect(welcome.active_runs).toEqual([
      { run_id: "r1", thread_id: "t1" },
      { run_id: "r2", thread_id: "t1" },
    ]);
    // The paused run is watched from its backlog, as a running one is.
    const start = await reader.until("replay_complete");
    const lives = start.filter((f) => f.type === "live");
    expect(lives.map((f) => (f.event as { delta?: string }).delta)).toEqual(["before the pause"]);
  });

  it("stop sending a run's frames once it has ended, and drop its backlog", async () => {
    open = await serve();
    const { workspace, live } = open;
    const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const reader = await stream(HELLO);
    await reader.until("replay_complete");
    await workspace.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    live.publish("r1", delta("working"));
    await reader.until("live");
    await workspace.record(
      { type: "run_ended", run_id: "r1", thread_id: "t1", status: "completed" },
      agent,
    );
    await reader.until("event");
    live.publish("r1", delta("too late"));
    expect(await reader.drain(100)).toEqual([]);
    const late = await stream(`${HELLO}&from_head=true&watch=r1`);
    await eventually(async () => (await late.drain(50)).some((f) => f.type === "replay_complete"));
    expect(await late.drain(100)).toEqual([]);
  });
});
