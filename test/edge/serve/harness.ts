// A real server for the protocol's tests: a workspace, the handler on node:http, and readers
// for its SSE streams over real fetch.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import type { Authenticate, ProtocolOptions } from "../../../src/edge/serve/api.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { createLiveHub } from "../../../src/edge/serve/live-hub.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import type { ActorInput } from "../../../src/model/actors.ts";
import type { ServerFrame } from "../../../src/model/protocol.ts";
import type { Workspace, WorkspaceOptions } from "../../../src/workspace/api.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";

/** The people and agents the test server knows, by bearer token. */
export const TOKENS: Readonly<Record<string, ActorInput>> = {
  alice: { kind: "user", id: "alice", name: "Alice" },
  bob: { kind: "user", id: "bob" },
  agent1: { kind: "agent", thread_id: "t1", run_id: "r1" },
  agent2: { kind: "agent", thread_id: "t2", run_id: "r2" },
  mcp: { kind: "external_agent", client_id: "mcp" },
};

/** Bearer tokens (or `?token=` for a WebSocket) to actors. */
export const bearer: Authenticate = (request) => {
  const header = request.headers.get("authorization")?.replace(/^Bearer /, "");
  const token = header ?? new URL(request.url).searchParams.get("token") ?? "";
  return Object.hasOwn(TOKENS, token) ? (TOKENS[token] ?? null) : null;
};

/** Starts a listening server on a port of its own. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A workspace served by the protocol handler over node:http. */
export async function serve(
  options: Partial<ProtocolOptions> & {
    workspace?: Workspace;
    workspaceOptions?: Partial<WorkspaceOptions>;
  } = {},
) {
  const workspace =
    options.workspace ??
    createWorkspace({ registry: fixtureRegistry(), id: "w1", ...options.workspaceOptions });
  const live = options.live ?? createLiveHub();
  const handler = protocolHandler(workspace, { authenticate: bearer, ...options, live });
  const server = createServer(nodeListener(handler));
  const url = await listen(server);
  return {
    workspace,
    live,
    handler,
    server,
    url,
    async close() {
      handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Sends a request as the holder of `token`. */
export function as(token: string | null, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  return { ...init, headers };
}

/** POSTs a command frame as `token`; answers the status and the body. */
export async function post(url: string, token: string | null, frame: unknown, path = "/commands") {
  const response = await fetch(
    `${url}${path}`,
    as(token, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof frame === "string" ? frame : JSON.stringify(frame),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A command frame. */
export const command = (command_id: string, body: Record<string, unknown>) => ({
  type: "command",
  command_id,
  command: body,
});

/** An SSE stream read frame by frame, over real fetch. */
export interface StreamReader {
  readonly status: number;
  /** The next frame (waiting at most `ms`). */
  next(ms?: number): Promise<ServerFrame & Record<string, unknown>>;
  /** Frames up to and including the first of `type`. */
  until(type: string, ms?: number): Promise<(ServerFrame & Record<string, unknown>)[]>;
  /** Frames that arrive within `ms`. */
  drain(ms: number): Promise<(ServerFrame & Record<string, unknown>)[]>;
  /** The SSE event ids seen, in order. */
  readonly ids: string[];
  close(): void;
}

/** Opens `GET /stream` with `query` as `token` and reads its SSE events as frames. */
export async function openStream(
  url: string,
  token: string | null,
  query: string,
  headers: Record<string, string> = {},
): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(
    `${url}/stream?${query}`,
    as(token, { signal: abort.signal, headers }),
  );
  const frames: (ServerFrame & Record<string, unknown>)[] = [];
  const ids: string[] = [];
  const waker: { wake: (() => void) | null } = { wake: null };
  let ended = false;
  void (async () => {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let at = text.indexOf("\n\n"); at >= 0; at = text.indexOf("\n\n")) {
          const event = text.slice(0, at);
          text = text.slice(at + 2);
          const data = event
            .split("\n")
            .filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6));
          const id = event.split("\n").find((l) => l.startsWith("id: "));
          if (id !== undefined) ids.push(id.slice(4));
          if (data.length > 0) frames.push(JSON.parse(data.join("\n")));
          waker.wake?.();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    waker.wake?.();
  })();
  const next = async (ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (frames.length === 0) {
      if (ended) throw new Error("the stream ended");
      if (Date.now() > deadline) throw new Error("no frame in time");
      await new Promise<void>((resolve) => {
        waker.wake = resolve;
        setTimeout(resolve, 20);
      });
    }
    return frames.shift() as ServerFrame & Record<string, unknown>;
  };
  return {
    status: response.status,
    next,
    ids,
    async until(type, ms = 5_000) {
      const seen = [];
      for (;;) {
        const frame = await next(ms);
        seen.push(frame);
        if (frame.type === type) return seen;
      }
    },
    async drain(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return frames.splice(0);
    },
    get ended() {
      return ended;
    },
    close: () => abort.abort(),
  } as StreamReader;
}

/** Waits until `check` holds (at most `ms`). */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 5_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
