// The names a server answers to. A site whose name resolves to 127.0.0.1 (DNS rebinding) is
// same-origin with whatever listens there; its requests carry its own name as `Host`. The
// protocol's handler, the review handler and the WebSocket upgrade answer only the loopback
// names and those the host lists, refusing others (403, an `error` frame) before anyone is
// authenticated.
import { createServer, request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import type { Authenticate } from "../../../src/edge/serve/api.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import type { PageAssets } from "../../../src/edge/serve/review/assets.ts";
import { mountReview } from "../../../src/edge/serve/review/handler.ts";
import { attachWebSocket } from "../../../src/edge/serve/websocket.ts";
import { isWorkspaceError } from "../../../src/model/errors.ts";
import { PROTOCOL } from "../../../src/model/protocol.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { bearer, listen } from "./harness.ts";

const assets: PageAssets = {
  from: "test",
  get: async (name) =>
    name === "index.html" ? new TextEncoder().encode("<!doctype html><title>t</title>") : null,
};

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** Who was asked to authenticate: a refused name must never get that far. */
function counting(): { authenticate: Authenticate; asked: () => number } {
  let asked = 0;
  return {
    authenticate: (request) => {
      asked += 1;
      return bearer(request);
    },
    asked: () => asked,
  };
}

/** A GET of `path` with `Host: host` and the token; its status and body. */
function getAs(url: string, path: string, host: string) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: { host, authorization: "Bearer alice", cookie: "session=alice" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || "null") }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** A handler on node:http, closed after the test. */
async function mounted(handler: ((request: Request) => Promise<Response>) & { close(): void }) {
  const server = createServer(nodeListener(handler));
  const url = await listen(server);
  cleanup = async () => {
    handler.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url, port: new URL(url).port, server };
}

const refusedFor = (host: string) => ({
  status: 403,
  body: {
    type: "error",
    message: `this server does not answer for the host ${JSON.stringify(host)}`,
  },
});

describe("protocolHandler's allowed hosts", () => {
  it("refuses a rebinding name before authenticating; answers the loopback names at any port", async () => {
    const who = counting();
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const { url, port } = await mounted(
      protocolHandler(workspace, { authenticate: who.authenticate }),
    );
    for (const host of [`rebind.example:${port}`, "rebind.example", `localhost.evil:${port}`]) {
      expect(await getAs(url, "/head", host)).toEqual(refusedFor(host));
    }
    expect(who.asked()).toBe(0);
    for (const host of [`127.0.0.1:${port}`, `LOCALHOST:${port}`, "localhost:1", `[::1]:${port}`]) {
      expect({ host, ...(await getAs(url, "/head", host)) }).toEqual({
        host,
        status: 200,
        body: { head_seq: 0 },
      });
    }
    expect(who.asked()).toBe(4);
  });

  it("answers the names the host lists, at any port and case; `any` answers every name", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const listed = await mounted(
      protocolHandler(workspace, { authenticate: bearer, allowedHosts: ["app.example"] }),
    );
    expect((await getAs(listed.url, "/head", "App.Example:8443")).status).toBe(200);
    expect((await getAs(listed.url, "/head", "localhost")).status).toBe(200);
    expect((await getAs(listed.url, "/head", "sub.app.example")).status).toBe(403);
    await cleanup?.();
    const any = await mounted(
      protocolHandler(workspace, { authenticate: bearer, allowedHosts: "any" }),
    );
    expect((await getAs(any.url, "/head", "rebind.example")).status).toBe(200);
  });

  it("judges a request made in process by its URL's host, when it has no Host header", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const handler = protocolHandler(workspace, { authenticate: bearer });
    const headers = { authorization: "Bearer alice" };
    expect((await handler(new Request("http://localhost/head", { headers }))).status).toBe(200);
    const foreign = await handler(new Request("https://app.example/head", { headers }));
    expect(foreign.status).toBe(403);
    const forged = await handler(
      new Request("http://localhost/head", { headers: { ...headers, host: "rebind.example" } }),
    );
    expect(forged.status).toBe(403);
    handler.close();
  });

  it("throws invalid_argument for an entry that is not a bare host name, or no list", () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const lists: unknown[] = [
      ["app.example:8080"],
      ["app.example/x"],
      ["user@app.example"],
      [""],
      ["a b"],
      [7],
      "app.example",
    ];
    for (const entry of lists) {
      let thrown: unknown = null;
      try {
        const allowedHosts = entry as readonly string[];
        protocolHandler(workspace, { authenticate: bearer, allowedHosts });
      } catch (error) {
        thrown = error;
      }
      expect({ entry, code: isWorkspaceError(thrown) ? thrown.code : thrown }).toEqual({
        entry,
        code: "invalid_argument",
      });
    }
  });
});

describe("the review handler's allowed hosts", () => {
  it("refuses the page, its routes and the protocol under a rebinding name, before authenticating", async () => {
    const who = counting();
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const byCookie: Authenticate = (req) => {
      who.authenticate(req);
      return /session=alice/.test(req.headers.get("cookie") ?? "")
        ? { kind: "user", id: "alice" }
        : null;
    };
    const { url, port } = await mounted(
      mountReview(workspace, { authenticate: byCookie, basePath: "/w" }, assets),
    );
    const host = `rebind.example:${port}`;
    for (const path of ["/w/", "/w/review/info", "/w/api/head", "/w", "/elsewhere"]) {
      expect({ path, ...(await getAs(url, path, host)) }).toEqual({ path, ...refusedFor(host) });
    }
    expect(who.asked()).toBe(0);
    const local = `localhost:${port}`;
    expect((await getAs(url, "/w/review/info", local)).status).toBe(200);
    expect((await getAs(url, "/w/api/head", local)).body).toEqual({ head_seq: 0 });
  });
});

describe("attachWebSocket's allowed hosts", () => {
  /** The upgrade's status (101 when it opened) and the body of a refusal. */
  const upgrade = (url: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`${url.replace("http", "ws")}/stream?token=alice`, [PROTOCOL], {
        headers: { host },
      });
      socket.on("unexpected-response", (_, res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      socket.on("open", () => {
        socket.terminate();
        resolve({ status: 101, body: "" });
      });
    });

  it("refuses an upgrade under a rebinding name with 403 and an error frame; a loopback or listed name opens", async () => {
    const who = counting();
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "w1" });
    const server = createServer();
    const sockets = attachWebSocket(server, workspace, {
      authenticate: who.authenticate,
      allowedHosts: ["app.example"],
    });
    const url = await listen(server);
    cleanup = async () => {
      await sockets.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    const { port } = new URL(url);
    const refused = await upgrade(url, `rebind.example:${port}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual(refusedFor(`rebind.example:${port}`).body);
    expect(who.asked()).toBe(0);
    expect((await upgrade(url, `localhost:${port}`)).status).toBe(101);
    expect((await upgrade(url, `app.example:${port}`)).status).toBe(101);
  });
});
