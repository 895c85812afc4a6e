// The handler as a Hono app or a Next.js route calls it: a Web Request in, a Response out,
// no node:http anywhere.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { bearer, command } from "./harness.ts";

const base = "https://app.example/api/workspace";
const alice = { authorization: "Bearer alice" };

describe("protocolHandler as a Web-standard handler", () => {
  it("answers requests and streams SSE frames without a server around it", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const handler = protocolHandler(workspace, {
      authenticate: bearer,
      basePath: "/api/workspace",
      allowedHosts: ["app.example"],
    });
    const posted = await handler(
      new Request(`${base}/commands`, {
        method: "POST",
        headers: { ...alice, "content-type": "application/json" },
        body: JSON.stringify(command("c1", { type: "create_thread", thread_id: "t1" })),
      }),
    );
    expect(await posted.json()).toMatchObject({ type: "command_result", ok: true });
    const abort = new AbortController();
    const stream = await handler(
      new Request(`${base}/stream?protocol=artifactr.v1`, { headers: alice, signal: abort.signal }),
    );
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body?.getReader();
    let text = "";
    while (!text.includes("replay_complete")) {
      const chunk = await reader?.read();
      text += new TextDecoder().decode(chunk?.value);
    }
    expect(text).toContain('"type":"welcome"');
    expect(text).toContain('"seq":1');
    abort.abort();
    handler.close();
    const after = await handler(new Request(`${base}/head`, { headers: alice }));
    expect(after.status).toBe(503);
  });

  it("mounts in a Hono app: SSE frames and POSTed commands through app.request", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const handler = protocolHandler(workspace, {
      authenticate: bearer,
      basePath: "/api/workspace",
    });
    const app = new Hono();
    app.all("/api/workspace/*", (c) => handler(c.req.raw));
    const unauthenticated = await app.request("/api/workspace/head");
    expect(unauthenticated.status).toBe(401);
    const stream = await app.request("/api/workspace/stream?protocol=artifactr.v1", {
      headers: alice,
    });
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body?.getReader();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
    };
    await readUntil("replay_complete");
    expect(text).toContain('"type":"welcome"');
    const posted = await app.request("/api/workspace/commands", {
      method: "POST",
      headers: { ...alice, "content-type": "application/json" },
      body: JSON.stringify(command("c1", { type: "create_thread", thread_id: "t1" })),
    });
    expect(await posted.json()).toMatchObject({ type: "command_result", ok: true });
    await readUntil('"thread_created"');
    expect(text).toMatch(/"type":"event"[^\n]*"thread_created"/);
    const head = await app.request("/api/workspace/head", { headers: alice });
    expect(await head.json()).toEqual({ head_seq: 1 });
    await reader?.cancel();
    handler.close();
  });
});
