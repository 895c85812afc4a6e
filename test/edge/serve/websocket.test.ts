// The protocol over WebSocket, with a real `ws` client on a real server.
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { commandResultMemory } from "../../../src/edge/serve/command-memory.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { createLiveHub } from "../../../src/edge/serve/live-hub.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import { attachWebSocket, type WebSocketOptions } from "../../../src/edge/serve/websocket.ts";
import { PROTOCOL } from "../../../src/model/protocol.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { bearer, command, listen, post } from "./harness.ts";

const alice = { kind: "user", id: "alice" } as const;
type Frame = Record<string, unknown> & { type: string };

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function serveSockets(options: Partial<WebSocketOptions> = {}) {
  const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
  const live = createLiveHub();
  const commandResults = commandResultMemory();
  const server = createServer(
    nodeListener(protocolHandler(workspace, { authenticate: bearer, live, commandResults })),
  );
  const sockets = attachWebSocket(server, workspace, {
    authenticate: bearer,
    live,
    commandResults,
    ...options,
  });
  const url = await listen(server);
  const opened: WebSocket[] = [];
  cleanup = async () => {
    for (const socket of opened) socket.terminate();
    await sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const connect = (token: string | null, protocols: string[] = [PROTOCOL]) => {
    const socket = new WebSocket(
      `${url.replace("http", "ws")}/stream${token === null ? "" : `?token=${token}`}`,
      protocols,
    );
    opened.push(socket);
    return reader(socket);
  };
  return { workspace, live, url, connect, sockets, server };
}

function reader(socket: WebSocket) {
  const frames: Frame[] = [];
  let wake: (() => void) | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on("message", (data) => {
    frames.push(JSON.parse(String(data)));
    wake?.();
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.on("open", () => resolve());
    socket.on("error", reject);
  });
  const next = async (ms = 5_000): Promise<Frame> => {
    const deadline = Date.now() + ms;
    while (frames.length === 0) {
      if (Date.now() > deadline) throw new Error("no frame in time");
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 20);
      });
    }
    return frames.shift() as Frame;
  };
  return {
    socket,
    ready,
    closed,
    next,
    send: async (frame: unknown) => {
      await ready;
      socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    },
    async until(type: string) {
      const seen: Frame[] = [];
      for (;;) {
        const frame = await next();
        seen.push(frame);
        if (frame.type === type) return seen;
      }
    },
    drain: async (ms: number) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return frames.splice(0);
    },
  };
}

const hello = (fields: Record<string, unknown> = {}) => ({
  type: "hello",
  protocol: PROTOCOL,
  ...fields,
});

describe("attachWebSocket", () => {
  it("speaks the frames both ways: hello, welcome, replay, live envelopes, command results", async () => {
    const { workspace, connect } = await serveSockets();
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
    const client = connect("alice");
    await client.ready;
    expect(client.socket.protocol).toBe(PROTOCOL);
    await client.send(hello({ threads: ["t1"] }));
    expect(await client.next()).toMatchObject({
      type: "welcome",
      head_seq: 2,
      reset: false,
      workspace_id: "w1",
    });
    const replay = await client.until("replay_complete");
    expect(replay.map((f) => f.seq ?? f.type)).toEqual([1, "replay_complete"]);
    await client.send(
      command("c1", {
        type: "create_artifact",
        artifact_id: "n1",
        kind: "note",
        data: { text: "" },
      }),
    );
    const frames = [await client.next(), await client.next()];
    expect(frames.map((f) => f.type).sort()).toEqual(["command_result", "event"]);
    expect(frames.find((f) => f.type === "command_result")).toMatchObject({
      command_id: "c1",
      ok: true,
      outcome: { type: "applied", seq: 3 },
    });
    expect(frames.find((f) => f.type === "event")).toMatchObject({
      seq: 3,
      actor: { kind: "user", id: "alice" },
    });
  });

  it("answers bad frames with error frames and keeps the connection; rejections are results", async () => {
    const { connect } = await serveSockets();
    const client = connect("alice");
    await client.send(hello());
    await client.until("replay_complete");
    await client.send({ type: "nonsense" });
    expect((await client.next()).message).toMatch(/^not a command frame: /);
    await client.send("not json");
    expect(await client.next()).toEqual({
      type: "error",
      message: "not a command frame: the frame is not JSON",
    });
    await client.send(command("c2", { type: "watch_run", run_id: "r9" }));
    expect(await client.next()).toMatchObject({
      type: "command_result",
      ok: false,
      rejection: { type: "not_found" },
    });
    await client.send(
      command("c3", { type: "answer_deferred", run_id: "r9", tool_call_id: "x", answer: "y" }),
    );
    expect(await client.next()).toMatchObject({
      command_id: "c3",
      ok: false,
      rejection: { type: "not_found" },
    });
  });

  it("watches a run on watch_run, and sends its live frames, never into the log", async () => {
    const { workspace, live, connect } = await serveSockets();
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    const client = connect("alice");
    await client.send(hello({ threads: [] }));
    const welcome = await client.next();
    expect(welcome.active_runs).toEqual([{ run_id: "r1", thread_id: "t1" }]);
    await client.until("replay_complete");
    live.publish("r1", { type: "text_delta", part: 0, delta: "unwatched" });
    await client.send(command("w1", { type: "watch_run", run_id: "r1" }));
    const frames = [await client.next(), await client.next()];
    expect(frames).toContainEqual({
      type: "command_result",
      command_id: "w1",
      ok: true,
      outcome: { type: "recorded", seq: null, run_id: null },
      rejection: null,
    });
    expect(frames).toContainEqual({
      type: "live",
      run_id: "r1",
      event: { type: "text_delta", part: 0, delta: "unwatched" },
      index: expect.any(Number),
    });
    live.publish("r1", { type: "part_ended", part: 0 });
    expect(await client.next()).toEqual({
      type: "live",
      run_id: "r1",
      event: { type: "part_ended", part: 0 },
      index: expect.any(Number),
    });
    expect(await workspace.head()).toBe(2);
  });

  it("shares the command memory with the HTTP handler: a retry by POST answers the first result", async () => {
    const { workspace, connect, url } = await serveSockets();
    const client = connect("alice");
    await client.send(hello());
    await client.until("replay_complete");
    await client.send(command("c1", { type: "create_thread", thread_id: "t1" }));
    const [result] = (await client.until("command_result")).slice(-1);
    expect(
      (await post(url, "alice", command("c1", { type: "create_thread", thread_id: "t1" }))).body,
    ).toEqual(result);
    expect(await workspace.head()).toBe(1);
  });

  it("closes with the original's codes: 4401 nobody, 4400 a bad or refused hello, 4408 none in time", async () => {
    const { connect } = await serveSockets({ helloTimeoutMs: 100 });
    expect((await connect(null).closed).code).toBe(4401);
    const notHello = connect("alice");
    await notHello.send(command("c1", { type: "create_thread" }));
    expect(await notHello.closed).toEqual({ code: 4400, reason: "the first frame must be hello" });
    const wrong = connect("alice");
    await wrong.send(hello({ protocol: "artifactr.v0" }));
    expect(await wrong.closed).toEqual({
      code: 4400,
      reason: "this server speaks artifactr.v1; the client asked for artifactr.v0",
    });
    const both = connect("alice");
    await both.send(hello({ from_head: true, resume_after_seq: 1 }));
    expect(await both.closed).toEqual({
      code: 4400,
      reason: "from_head replays nothing, so resume_after_seq must be 0",
    });
    expect((await connect("alice").closed).code).toBe(4408);
    const plain = connect("alice", []);
    await plain.ready;
    expect(plain.socket.protocol).toBe("");
  });

  it("takes commands sent right behind the hello, in one burst", async () => {
    const { workspace, connect } = await serveSockets();
    const client = connect("alice");
    await client.ready;
    const burst = [
      hello(),
      ...Array.from({ length: 5 }, (_, i) =>
        command(`c${i}`, { type: "create_thread", thread_id: `t${i}` }),
      ),
    ];
    for (const frame of burst) client.socket.send(JSON.stringify(frame));
    const frames = await client.drain(500);
    expect(frames.filter((f) => f.type === "command_result").map((f) => f.ok)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await workspace.head()).toBe(5);
  });

  it("says goodbye with 1001 when the server closes", async () => {
    const { connect, sockets } = await serveSockets();
    const client = connect("alice");
    await client.send(hello());
    await client.until("replay_complete");
    await sockets.close();
    expect((await client.closed).code).toBe(1001);
  });

  it("refuses an upgrade from a browser page of another origin, unless the host names it", async () => {
    const status = (url: string, origin: string) => {
      const socket = new WebSocket(`${url.replace("http", "ws")}/stream?token=alice`, [PROTOCOL], {
        origin,
      });
      return new Promise((resolve) => {
        socket.on("unexpected-response", (_, res) => resolve(res.statusCode));
        socket.on("open", () => {
          socket.terminate();
          resolve(101);
        });
      });
    };
    const { url } = await serveSockets();
    expect(await status(url, "http://evil.example")).toBe(403);
    expect(await status(url, url)).toBe(101);
    await cleanup?.();
    const named = await serveSockets({ origins: ["https://app.example"] });
    expect(await status(named.url, "https://app.example")).toBe(101);
    expect(await status(named.url, named.url)).toBe(403);
  });

  it("closes a connection that floods frames before its session has started", async () => {
    let admit: () => void = () => {};
    const slow = (request: Request) =>
      new Promise<Awaited<ReturnType<typeof bearer>>>((resolve) => {
        admit = () => resolve(bearer(request));
      });
    const { connect } = await serveSockets({ authenticate: slow });
    const client = connect("alice");
    await client.ready;
    for (let i = 0; i < 100; i++) client.socket.send(JSON.stringify(hello()));
    const closed = await client.closed;
    admit();
    expect(closed.code).toBe(4429);
  });

  it("refuses an upgrade of another path with 404, unless another listener takes upgrades", async () => {
    const { url, server } = await serveSockets();
    const refused = new WebSocket(`${url.replace("http", "ws")}/other`);
    const status = await new Promise((resolve) =>
      refused.on("unexpected-response", (_, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
    // With a listener of the host's own beside it, the other path is left to that listener.
    const theirs: string[] = [];
    server.on("upgrade", (message, socket) => {
      theirs.push(String(message.url));
      socket.end("HTTP/1.1 418 I'm a teapot\r\ncontent-length: 0\r\n\r\n");
    });
    const left = new WebSocket(`${url.replace("http", "ws")}/other`);
    const leftStatus = await new Promise((resolve) =>
      left.on("unexpected-response", (_, res) => resolve(res.statusCode)),
    );
    expect([leftStatus, theirs]).toEqual([418, ["/other"]]);
  });

  it("closes with 4429 a client that does not read, rather than drop a durable event", async () => {
    const { workspace, connect } = await serveSockets({ outbox: 3 });
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const client = connect("alice");
    await client.send(hello({ from_head: true }));
    await client.until("replay_complete");
    client.socket.pause();
    const content = "x".repeat(64 * 1024);
    for (let i = 0; i < 300; i++) {
      await workspace.commit({ type: "post_message", thread_id: "t1", content }, alice);
    }
    client.socket.resume();
    expect((await client.closed).code).toBe(4429);
  });
});
