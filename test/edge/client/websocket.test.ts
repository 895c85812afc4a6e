// The client over a WebSocket (`ws`'s, as Node 20 has none of its own) against a real server.
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import type { WebSocketConstructor } from "../../../src/edge/client/api.ts";
import { createClient } from "../../../src/edge/client/client.ts";
import { commandResultMemory } from "../../../src/edge/serve/command-memory.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { createLiveHub } from "../../../src/edge/serve/live-hub.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import { attachWebSocket } from "../../../src/edge/serve/websocket.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { bearer, eventually, listen } from "../serve/harness.ts";

const alice = { kind: "user", id: "alice" } as const;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function serveBoth() {
  const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
  const live = createLiveHub();
  const commandResults = commandResultMemory();
  const options = { authenticate: bearer, live, commandResults };
  const server = createServer(nodeListener(protocolHandler(workspace, options)));
  const sockets = attachWebSocket(server, workspace, options);
  const url = await listen(server);
  const client = createClient({
    url,
    headers: { authorization: "Bearer alice" },
    transport: "websocket",
    webSocketUrl: `${url.replace("http", "ws")}/stream?token=alice`,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    reconnect: { minMs: 20, maxMs: 100 },
  });
  cleanup = async () => {
    client.close();
    await sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { workspace, live, client, sockets };
}

describe("createClient over a WebSocket", () => {
  it("subscribes, resumes after the connection drops, and hears live output", async () => {
    const { workspace, live, client, sockets } = await serveBoth();
    const seen: Envelope[] = [];
    const sub = client.subscribe(0, (envelope) => seen.push(envelope));
    await client.commit({ type: "create_thread", thread_id: "t1" });
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    await sub.settled();
    expect(seen.map((e) => e.seq)).toEqual([1, 2]);
    const heard: string[] = [];
    client.live("r1", (event) => heard.push(event.type));
    live.publish("r1", { type: "part_started", part: 0, part_kind: "text" });
    await eventually(() => heard.length === 1);
    for (const socket of sockets.server.clients) socket.terminate();
    await workspace.commit({ type: "post_message", thread_id: "t1", content: "while away" }, alice);
    live.publish("r1", { type: "part_ended", part: 0 });
    await eventually(() => seen.length === 3 && heard.length === 2);
    expect(seen.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(heard).toEqual(["part_started", "part_ended"]);
  });
});
