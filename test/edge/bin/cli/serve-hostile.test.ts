// `agent-workspace serve` holds: the real binary, in a process of its own, sent what used to
// end it (a 9 MiB command, a 5 MiB editor save, 4 KiB to notes/next, chunked past their
// limits) and bodies cut short, dropped or trickled in, and streams left early; it is alive,
// answering, and says nothing on stderr. In process, a body trickled in past the server's
// request timeout is cut off, while a stream outlives it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, startPageServer } from "../../../../src/edge/bin/cli/serve-server.ts";
import type { PageAssets } from "../../../../src/edge/serve/review/assets.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { open, REGISTRY, SEEDED, seedFile } from "../../page/fixtures/seed.ts";
import { type Served, serve } from "../../page/fixtures/serve.ts";
import { openStream } from "../../serve/harness.ts";
import { type Sent, send } from "../../serve/hostile.ts";

const MiB = 1024 * 1024;

/** A JSON body padded with spaces to `bytes`, in pieces of at most 1 MiB. */
function padded(body: unknown, bytes: number): Buffer[] {
  const whole = Buffer.from(JSON.stringify(body).padEnd(bytes, " "));
  const pieces: Buffer[] = [];
  for (let at = 0; at < whole.length; at += MiB) pieces.push(whole.subarray(at, at + MiB));
  return pieces;
}

const frame = (command_id: string) => ({
  type: "command",
  command_id,
  command: { type: "post_message", thread_id: "thr_1", content: command_id },
});

/** What the messages posted say (each command's message says its command id). */
async function postedMessages(ws: Workspace): Promise<unknown[]> {
  return (await ws.log())
    .map(({ event }) => event as { type: string; content?: unknown })
    .filter((event) => event.type === "message_posted")
    .map((event) => event.content);
}

/** A 413 with an `error` frame and the connection closed, or a close before any answer. */
function refusedOrClosed(sent: Sent, limit: number): void {
  if (sent.status === null) return;
  expect(sent).toEqual({
    status: 413,
    body: { type: "error", message: `the request body is larger than ${limit} bytes` },
    connection: "close",
    error: null,
  });
}

describe("agent-workspace serve, sent hostile requests, in a process of its own", () => {
  let served: Served;
  let db = "";
  beforeAll(async () => {
    db = await seedFile();
    served = await serve(["--db", db, "--registry", REGISTRY, "--as", "alice"]);
  }, 30_000);

  afterAll(async () => {
    if (served.child.exitCode === null) await served.stop();
  });

  it("stays up and answering, and says nothing on stderr", async () => {
    const key = served.authorized.headers.authorization;
    const json = { authorization: key, "content-type": "application/json" };
    const api = new URL(served.page).pathname;
    const url = served.origin.slice(0, -1);
    const command = await send(url, {
      path: `${api}api/commands`,
      headers: json,
      chunks: padded(frame("cmd_huge"), 9 * MiB),
    });
    refusedOrClosed(command, 8 * MiB);
    const save = { text: "Hire two people by April.\n", field: "text", base_version: 1 };
    const edit = await send(url, {
      path: `${api}review/proposals/${SEEDED.toEdit}/accept`,
      headers: json,
      chunks: padded(save, 5 * MiB),
    });
    refusedOrClosed(edit, 4 * MiB);
    const notes = await send(url, {
      path: `${api}api/notes/next`,
      headers: json,
      chunks: ["{", " ".repeat(2048), " ".repeat(2048), "}"],
      gapMs: 10,
    });
    refusedOrClosed(notes, 1024);
    const truncated = await send(url, {
      path: `${api}api/commands`,
      headers: { ...json, "content-length": "5000" },
      chunks: [JSON.stringify(frame("cmd_cut")).slice(0, 40)],
      gapMs: 30,
      finish: "drop",
    });
    expect(truncated.status).toBeNull();
    const dropped = await send(url, {
      path: `${api}api/commands`,
      headers: json,
      chunks: ['{"type":"command",', '"command_id":"cmd_dropped"'],
      gapMs: 30,
      finish: "drop",
    });
    expect(dropped.status).toBeNull();
    const left = await send(url, {
      method: "GET",
      path: `${api}api/stream?protocol=artifactr.v1`,
      headers: { authorization: key },
      gapMs: 30,
      finish: "drop",
    });
    expect(left.status === 200 || left.status === null).toBe(true);
    const slow = await send(url, {
      path: `${api}api/commands`,
      headers: json,
      chunks: JSON.stringify(frame("cmd_slow")).match(/.{1,8}/g) ?? [],
      gapMs: 20,
    });
    expect(slow).toMatchObject({ status: 200, body: { type: "command_result", ok: true } });

    expect(served.child.exitCode).toBeNull();
    const head = await fetch(`${served.page}api/head`, served.authorized);
    expect(head.status).toBe(200);
    const after = await fetch(`${served.page}api/commands`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(frame("cmd_after")),
    });
    expect(await after.json()).toMatchObject({ type: "command_result", ok: true });
    // Only the slow command and the last one were carried out.
    const ws = open(db);
    try {
      expect(await postedMessages(ws)).toEqual(["cmd_slow", "cmd_after"]);
      expect((await ws.proposal(SEEDED.toEdit))?.status).toBe("pending");
    } finally {
      await ws.close();
    }
    const ended = await served.stop();
    expect(ended).toEqual({ code: 0, stderr: "" });
  }, 60_000);
});

describe("serve's request timeout", () => {
  const assets: PageAssets = { from: "test", get: async () => null };
  let ws: Workspace;
  let server: PageServer;
  const warned: string[] = [];
  beforeAll(async () => {
    ws = open(await seedFile());
    server = await startPageServer({
      workspace: ws,
      person: { kind: "user", id: "alice" },
      host: null,
      assets,
      port: 0,
      warn: (line) => warned.push(line),
      requestTimeoutMs: 300,
    });
  });
  afterAll(async () => {
    await server.close();
    await ws.close();
    expect(warned).toEqual([]);
  });

  it("cuts off a body trickled in past it; a stream lasts past it, and the server goes on", async () => {
    const api = `${server.page}api`;
    const stream = await openStream(api, null, "protocol=artifactr.v1&from_head=true", {
      authorization: `Bearer ${server.key}`,
    });
    expect(stream.status).toBe(200);
    await stream.until("replay_complete");
    const json = { authorization: `Bearer ${server.key}`, "content-type": "application/json" };
    const started = Date.now();
    const trickled = await send(server.origin.slice(0, -1), {
      path: `${new URL(server.page).pathname}api/commands`,
      headers: json,
      chunks:
        JSON.stringify(frame("cmd_trickled"))
          .padEnd(4000, " ")
          .match(/.{1,20}/g) ?? [],
      gapMs: 50,
    });
    expect(trickled.status === 408 || trickled.status === null).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    const posted = await fetch(`${api}/commands`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(frame("cmd_on")),
    });
    expect(await posted.json()).toMatchObject({ type: "command_result", ok: true });
    // The stream, open well past the timeout, still hears what happens.
    const heard = await stream.until("event");
    expect(heard.at(-1)).toMatchObject({ event: { type: "message_posted" } });
    stream.close();
    expect(await postedMessages(ws)).toEqual(["cmd_on"]);
  });
});
