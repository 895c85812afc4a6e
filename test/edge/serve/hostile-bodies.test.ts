// No request stops the server: the protocol handler on a real node:http server, sent bodies
// chunked, oversized, cut short, dropped mid-way and trickled in, and clients that leave a
// stream before and after it is answered. Each time the answer is a 413 with an `error`
// frame (and the connection closed), or a clean close, nothing is written, nothing is told
// to `onError`, and the server answers the next request as before.
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { createLiveHub, type LiveHub } from "../../../src/edge/serve/live-hub.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import { WorkspaceError } from "../../../src/model/errors.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { bearer, eventually, listen, serve } from "./harness.ts";
import { jsonAs, paddedCommand, send } from "./hostile.ts";

type Served = Awaited<ReturnType<typeof serve>>;
let open: Served | null = null;
const reported: unknown[] = [];

afterEach(async () => {
  await open?.close();
  open = null;
  expect(reported.splice(0)).toEqual([]);
});

/** A server whose bodies may be at most `maxBodyBytes`, telling failures to `reported`. */
async function server(maxBodyBytes = 1024, live?: LiveHub): Promise<Served> {
  open = await serve({
    maxBodyBytes,
    onError: (error) => reported.push(error),
    ...(live === undefined ? {} : { live }),
  });
  return open;
}

/** The server still answers: a read, and (unless its limit is too small) a command. */
async function stillAnswers(served: Served, write = true): Promise<void> {
  const head = await fetch(`${served.url}/head`, { headers: { authorization: "Bearer alice" } });
  expect(head.status).toBe(200);
  if (!write) return;
  const frame = {
    type: "command",
    command_id: "cmd_after",
    command: { type: "post_message", thread_id: "t_after", content: "still here" },
  };
  await served.workspace
    .commit(
      { type: "create_thread", thread_id: "t_after" },
      {
        kind: "user",
        id: "alice",
      },
    )
    .catch(() => undefined);
  const posted = await fetch(`${served.url}/commands`, {
    method: "POST",
    headers: jsonAs("alice"),
    body: JSON.stringify(frame),
  });
  expect(await posted.json()).toMatchObject({ type: "command_result", ok: true });
}

/** A refusal for a body too large: 413, an `error` frame, the connection closed after it. */
const tooLarge = (bytes: number) => ({
  status: 413,
  body: { type: "error", message: `the request body is larger than ${bytes} bytes` },
  connection: "close",
  error: null,
});

describe("POST /commands with a hostile body", () => {
  it("answers a small chunked body past the limit with 413 (it used to end the process)", async () => {
    const served = await server(10);
    const sent = await send(served.url, {
      path: "/commands",
      headers: jsonAs("alice"),
      chunks: ["x".repeat(100), "y".repeat(100)],
      gapMs: 50,
    });
    expect(sent).toEqual(tooLarge(10));
    await stillAnswers(served, false);
  });

  it("answers 413 whether the body is chunked or declares its length, and writes nothing", async () => {
    const served = await server(1024);
    const chunked = await send(served.url, {
      path: "/commands",
      headers: jsonAs("alice"),
      chunks: paddedCommand(64 * 1024, 16),
      gapMs: 5,
    });
    expect(chunked).toEqual(tooLarge(1024));
    const declared = await send(served.url, {
      path: "/commands",
      headers: { ...jsonAs("alice"), "content-length": String(64 * 1024) },
      chunks: paddedCommand(64 * 1024, 4),
      gapMs: 20,
    });
    // Refused on the declared length, before any of the body is read.
    expect(declared).toEqual(tooLarge(1024));
    expect(await served.workspace.head()).toBe(0);
    // The same command within the limit goes through: it was the size that was refused.
    const fits = await send(served.url, {
      path: "/commands",
      headers: jsonAs("alice"),
      chunks: paddedCommand(1000, 4),
      gapMs: 5,
    });
    expect(fits).toMatchObject({ status: 200, body: { type: "command_result", ok: true } });
    await stillAnswers(served);
  });

  it("lets go of a body cut short: shorter than its declared length, or dropped mid-way", async () => {
    const served = await server(64 * 1024);
    const [first, second] = paddedCommand(2000, 2);
    const truncated = await send(served.url, {
      path: "/commands",
      headers: { ...jsonAs("alice"), "content-length": "2000" },
      chunks: [first as Buffer],
      gapMs: 50,
      finish: "drop",
    });
    expect(truncated.status).toBeNull();
    const dropped = await send(served.url, {
      path: "/commands",
      headers: jsonAs("alice"),
      chunks: [first as Buffer, second as Buffer],
      gapMs: 50,
      finish: "drop",
    });
    expect(dropped.status).toBeNull();
    // Neither half-command was carried out.
    expect(await served.workspace.head()).toBe(0);
    await stillAnswers(served);
  });

  it("takes a body trickled in slowly, answering others meanwhile", async () => {
    const served = await server(64 * 1024);
    const slow = send(served.url, {
      path: "/commands",
      headers: jsonAs("alice"),
      chunks: paddedCommand(400, 20),
      gapMs: 25,
    });
    const started = Date.now();
    await stillAnswers(served);
    expect(Date.now() - started).toBeLessThan(400);
    expect(await slow).toMatchObject({ status: 200, body: { type: "command_result", ok: true } });
  });

  it("cuts a body trickled in past the server's request timeout, and goes on", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const handler = protocolHandler(workspace, {
      authenticate: bearer,
      onError: (error) => reported.push(error),
    });
    const http = createServer(
      { requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 },
      nodeListener(handler),
    );
    const url = await listen(http);
    try {
      const sent = await send(url, {
        path: "/commands",
        headers: jsonAs("alice"),
        chunks: paddedCommand(4000, 100),
        gapMs: 50,
      });
      // Node answers 408 when it can, or closes; either way the command never ran.
      expect(sent.status === 408 || sent.status === null).toBe(true);
      expect(await workspace.head()).toBe(0);
      const head = await fetch(`${url}/head`, { headers: { authorization: "Bearer alice" } });
      expect(head.status).toBe(200);
    } finally {
      handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("POST /notes/next with a hostile body", () => {
  it("answers 413 past its 1 KiB, and lets go of one cut short", async () => {
    const served = await server();
    const big = await send(served.url, {
      path: "/notes/next",
      headers: jsonAs("alice"),
      chunks: ["{", " ".repeat(2048), " ".repeat(2048), "}"],
      gapMs: 10,
    });
    expect(big).toEqual(tooLarge(1024));
    const cut = await send(served.url, {
      path: "/notes/next",
      headers: { ...jsonAs("alice"), "content-length": "500" },
      chunks: ["{  "],
      gapMs: 30,
      finish: "drop",
    });
    expect(cut.status).toBeNull();
    const fits = await send(served.url, {
      path: "/notes/next",
      headers: jsonAs("alice"),
      chunks: ["{", "}"],
      gapMs: 10,
    });
    expect(fits.status).toBe(200);
    await stillAnswers(served);
  });
});

/** A live hub that counts who watches it, to see that a stream that ended stopped watching. */
function countingHub(): LiveHub & { readonly watching: () => number } {
  const hub = createLiveHub();
  let watching = 0;
  return {
    ...hub,
    watch(runId, watcher) {
      watching += 1;
      const stop = hub.watch(runId, watcher);
      return () => {
        watching -= 1;
        stop();
      };
    },
    watching: () => watching,
  };
}

describe("GET /stream and the reads, with clients that leave", () => {
  const alice = { kind: "user", id: "alice" } as const;
  const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

  it("lets go of a stream whose client left before it was answered (it used to end the process)", async () => {
    const hub = countingHub();
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    let asked = 0;
    // Authentication takes a while: the client is gone by the time the stream is answered.
    const slow = async (request: Request) => {
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return bearer(request);
    };
    open = await serve({
      workspace,
      live: hub,
      authenticate: slow,
      onError: (error) => reported.push(error),
    });
    const left = await send(open.url, {
      method: "GET",
      path: "/stream?protocol=artifactr.v1",
      headers: { authorization: "Bearer alice" },
      gapMs: 30,
      finish: "drop",
    });
    expect(left.status).toBeNull();
    await eventually(() => asked === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hub.watching()).toBe(0);
    await stillAnswers(open);
  });

  it("stops watching once a client leaves a stream it was reading", async () => {
    const hub = countingHub();
    const served = await server(1024, hub);
    await served.workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await served.workspace.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    const abort = new AbortController();
    const stream = await fetch(`${served.url}/stream?protocol=artifactr.v1`, {
      headers: { authorization: "Bearer alice" },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    await eventually(() => hub.watching() === 1);
    abort.abort();
    await eventually(() => hub.watching() === 0);
    await stillAnswers(served);
  });

  it("answers a read sent with a body it never finishes, and closes that connection", async () => {
    const served = await server();
    // (Node's client sends a GET's or DELETE's body only when told it is chunked.)
    const chunked = { ...jsonAs("alice"), "transfer-encoding": "chunked" };
    const sent = await send(served.url, {
      method: "GET",
      path: "/head",
      headers: chunked,
      chunks: ["{", "  "],
      gapMs: 20,
      finish: "drop",
    });
    // A GET's body is not read: the read is answered (or the client is gone first).
    expect(sent, JSON.stringify(sent)).toMatchObject({ status: 200 });
    const posted = await send(served.url, {
      method: "DELETE",
      path: "/head",
      headers: chunked,
      chunks: ["{", "  "],
      gapMs: 20,
    });
    expect(posted).toMatchObject({ status: 405, connection: "close" });
    await stillAnswers(served);
  });
});

describe("nodeListener around any handler", () => {
  it("answers a handler that throws with a typed fault, never a crash", async () => {
    const failing = [
      async () => {
        throw new WorkspaceError("store_unavailable", "the database at /secret/path went away");
      },
      async () => {
        throw new Error("a bug");
      },
      async () => "not a response" as unknown as Response,
    ];
    const answers: unknown[] = [];
    for (const handler of failing) {
      const http = createServer(nodeListener(handler));
      const url = await listen(http);
      const answer = await fetch(`${url}/anything`, { method: "POST", body: "x" });
      answers.push({ status: answer.status, body: await answer.json() });
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
    expect(answers).toEqual([
      {
        status: 503,
        body: {
          type: "error",
          message: "the store cannot be reached",
          code: "store_unavailable",
        },
      },
      { status: 500, body: { type: "error", message: "the request failed on the server" } },
      { status: 500, body: { type: "error", message: "the request failed on the server" } },
    ]);
  });

  it("answers a request whose Host is not a host with 400, and a target like //other/ as a path here", async () => {
    const seen: string[] = [];
    const http = createServer(
      nodeListener(async (request) => {
        seen.push(request.url);
        return new Response("ok");
      }),
    );
    const url = await listen(http);
    const { port } = new URL(url);
    try {
      const bad = await send(url, {
        method: "GET",
        path: "/x",
        headers: { host: "alice@evil.example" },
      });
      expect(bad).toMatchObject({ status: 400, body: { type: "error" } });
      const other = await send(url, { method: "GET", path: "//evil.example/x?y=1" });
      expect(other.status).toBe(200);
      expect(seen).toEqual([`http://127.0.0.1:${port}//evil.example/x?y=1`]);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("a refused body still being sent", () => {
  it("gets its 413 whole, not a reset, however much of the body is still in flight", async () => {
    const served = await server(1024);
    const MiB = 1024 * 1024;
    // Declared too large, so refused before reading; the client keeps sending what it declared.
    for (let round = 0; round < 5; round++) {
      const sent = await send(served.url, {
        path: "/commands",
        headers: { ...jsonAs("alice"), "content-length": String(3 * MiB) },
        chunks: [Buffer.alloc(MiB, 32), Buffer.alloc(MiB, 32), Buffer.alloc(MiB, 32)],
        gapMs: 0,
      });
      expect(sent, `round ${round}`).toMatchObject({ status: 413, connection: "close" });
    }
    await stillAnswers(served);
  });
});
