import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { type Actor, participantKey } from "../../model/actors.ts";
import { PROTOCOL } from "../../model/protocol.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { parseHello, readCommandFrame } from "../../protocol/parse.ts";
import { helloRefusal } from "../../protocol/resume.ts";
import type { Workspace } from "../../workspace/api.ts";
import type { ServeOptions } from "./api.ts";
import { carryOut } from "./commands.ts";
import { type OpenConnection, type ServeCore, serveCore } from "./core.ts";
import { encode } from "./encoded.ts";
import { type HostCheck, hostCheck } from "./hosts.ts";
import { webRequest } from "./node-request.ts";
import { openSession, type Session, type Sink } from "./session.ts";

/** How `attachWebSocket` serves. */
export interface WebSocketOptions extends ServeOptions {
  /** The path upgraded to the protocol (default `/stream`). */
  readonly path?: string;
  /** How long a connection has to send `hello`, in ms (default 10,000; then 4408). */
  readonly helloTimeoutMs?: number;
  /** The largest frame a client may send, in bytes (default 8 MiB). */
  readonly maxPayloadBytes?: number;
  /**
   * The page origins (`https://app.example`) whose browsers may connect. By default only the
   * server's own origin (the `Origin` naming the request's `Host`). A connection without an
   * `Origin` (not from a browser) is not judged by it.
   */
  readonly origins?: readonly string[];
}

// Frames a client may send before its session has started (it is still being authenticated).
const EARLY_FRAMES = 64;

/**
 * Whether a browser page at the request's `Origin` may connect: a page of another site would
 * otherwise use the person's cookies to act as them (cross-site WebSocket hijacking).
 */
function originAllowed(message: IncomingMessage, origins: readonly string[] | undefined) {
  const origin = message.headers.origin;
  if (origin === undefined) return true;
  if (origins !== undefined) return origins.includes(origin);
  try {
    return new URL(origin).host === message.headers.host;
  } catch {
    return false;
  }
}

/** Answers an upgrade it will not take with `status` (and an `error` frame), and closes it. */
function refuseUpgrade(socket: Duplex, status: string, message?: string): void {
  const body = message === undefined ? "" : JSON.stringify(errorFrame(message));
  const type = message === undefined ? "" : "content-type: application/json; charset=utf-8\r\n";
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\n${type}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Why an upgrade of the protocol's path is refused (its status, and what the `error` frame
 * says), or `null` to take it: addressed to a name the server does not answer, the server
 * closing, or a browser page of an origin not allowed.
 */
function upgradeRefusal(
  message: IncomingMessage,
  server: {
    readonly hosts: HostCheck;
    readonly closed: boolean;
    readonly options: WebSocketOptions;
  },
): [status: string, message?: string] | null {
  const host = message.headers.host ?? null;
  if (!server.hosts(host)) {
    return ["403 Forbidden", `this server does not answer for the host ${JSON.stringify(host)}`];
  }
  if (server.closed) return ["503 Service Unavailable"];
  if (!originAllowed(message, server.options.origins)) return ["403 Forbidden"];
  return null;
}

/** The protocol attached to a server's upgrades. */
export interface WebSocketAttachment {
  /** The `ws` server the connections belong to. */
  readonly server: WebSocketServer;
  /** Detaches from the HTTP server and closes every connection (1001: going away). */
  close(): Promise<void>;
}

const OPEN = 1;

// A close reason is at most 123 bytes.
function closeWith(socket: WebSocket, code: number, reason: string): void {
  let text = reason;
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  socket.close(code, text);
}

function socketSink(socket: WebSocket, outbox: number): Sink {
  let pending = 0;
  let waiters: (() => void)[] = [];
  const wake = (): void => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  socket.on("close", wake);
  const sent = (): void => {
    pending -= 1;
    if (pending < outbox) wake();
  };
  return {
    get closed() {
      return socket.readyState !== OPEN;
    },
    send(frame, durable) {
      if (socket.readyState !== OPEN) return;
      // As on SSE: live frames are dropped at the outbox, durable ones end it at twice that.
      if (pending >= (durable ? 2 * outbox : outbox)) {
        // A durable event is never dropped: the client reconnects and resumes instead.
        if (durable) closeWith(socket, 4429, "the client is not keeping up");
        return;
      }
      pending += 1;
      socket.send(frame.json(), sent);
    },
    drained: () =>
      socket.readyState !== OPEN || pending < outbox
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push(resolve)),
  };
}

/** Messages as they arrive, for one reader: the first (the hello) awaited, the rest handed on. */
function inbox(socket: WebSocket) {
  const queued: string[] = [];
  let waiting: ((text: string) => void) | null = null;
  let handler: ((text: string) => void) | null = null;
  socket.on("message", (data, binary) => {
    const text = binary ? "\u0000binary" : String(data);
    if (handler !== null) handler(text);
    else if (waiting !== null) {
      const resolve = waiting;
      waiting = null;
      resolve(text);
    } else if (queued.length < EARLY_FRAMES) queued.push(text);
    else closeWith(socket, 4429, "too many frames before the session started");
  });
  return {
    next: (timeoutMs: number): Promise<string | null> => {
      const first = queued.shift();
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        waiting = (text) => {
          clearTimeout(timer);
          resolve(text);
        };
      });
    },
    handle(next: (text: string) => void): void {
      handler = next;
      for (const text of queued.splice(0)) next(text);
    },
  };
}

// One connection: authenticate, hello, then the session and the client's commands.
async function serveSocket(
  core: ServeCore,
  socket: WebSocket,
  message: IncomingMessage,
  options: WebSocketOptions,
) {
  const messages = inbox(socket);
  const who = await core.authenticate(webRequest(message));
  if (!who.ok) return closeWith(socket, who.status === 401 ? 4401 : 1011, who.body.message);
  const first = await messages.next(options.helloTimeoutMs ?? 10_000);
  if (first === null) return closeWith(socket, 4408, "hello was not received in time");
  let raw: unknown;
  try {
    raw = JSON.parse(first);
  } catch {
    return closeWith(socket, 4400, "the first frame must be hello");
  }
  const hello = parseHello(raw);
  if (!hello.ok) return closeWith(socket, 4400, "the first frame must be hello");
  const refusal = helloRefusal(hello.value);
  if (refusal !== null) return closeWith(socket, 4400, refusal.message);
  if (socket.readyState !== OPEN) return;
  attachSession(core, socket, who.actor, hello.value, messages.handle);
}

function attachSession(
  core: ServeCore,
  socket: WebSocket,
  actor: Actor,
  hello: Parameters<typeof openSession>[0]["hello"],
  handle: (next: (text: string) => void) => void,
): void {
  const sink = socketSink(socket, core.outbox);
  let session: Session | null = null;
  const early: string[] = [];
  const connection: OpenConnection = {
    participant: participantKey(actor),
    watch: (runId) => (session === null ? early.push(runId) : session.watch(runId)),
    close: () => closeWith(socket, 1001, "the server is going away"),
  };
  core.connections.add(connection);
  socket.on("close", () => {
    session?.close();
    core.connections.delete(connection);
  });
  handle((text) => {
    const read = readCommandFrame(text);
    if (!read.ok) return sink.send(encode(errorFrame(read.message)), true);
    void carryOut(core, read.frame, { actor, connection }).then((result) =>
      sink.send(encode(result), true),
    );
  });
  const onOpen = (opened: Session): void => {
    session = opened;
    for (const runId of early.splice(0)) opened.watch(runId);
    if (sink.closed) opened.close();
  };
  openSession({ core, actor, hello, sink, onOpen }).catch((error: unknown) => {
    core.report(error);
    closeWith(socket, 1011, "the stream failed on the server");
  });
}

/**
 * Speaks the protocol over WebSocket on `server`'s upgrades at `path` (subprotocol
 * `artifactr.v1` when the client offers it): the client sends `hello`, gets `welcome`, the
 * replay, `replay_complete`, then new envelopes and its watched runs' live frames; it sends
 * command frames (→ `command_result`), `watch_run` and `stop_run`. Close codes are the
 * original's: 4401 unauthenticated, 4400 a bad or refused `hello`, 4408 no `hello` in time,
 * 4429 a client not keeping up (or sending too much before its session started), 1001 the
 * server going away. An upgrade addressed to a host name the server does not answer (see
 * `allowedHosts`), and one from a browser page of another origin (see `origins`), is refused
 * with 403 before it is authenticated.
 *
 * @throws WorkspaceError `invalid_argument` when `allowedHosts` lists something that is not a
 * host name.
 */
export function attachWebSocket(
  server: Server,
  workspace: Workspace,
  options: WebSocketOptions,
): WebSocketAttachment {
  const hosts = hostCheck(options.allowedHosts);
  const core = serveCore(workspace, options);
  const path = options.path ?? "/stream";
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayloadBytes ?? 8 * 1024 * 1024,
    handleProtocols: (offered) => (offered.has(PROTOCOL) ? PROTOCOL : false),
  });
  const onUpgrade = (message: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node has taken its own error listener off an upgrading socket: a reset must not throw.
    socket.on("error", () => socket.destroy());
    let pathname: string;
    try {
      // The target as a path on this server (`//other/stream` is not `/stream`).
      pathname = new URL(`http://localhost${message.url ?? "/"}`).pathname;
    } catch {
      pathname = "";
    }
    if (pathname !== path) {
      // Another listener's path; with no other listener, nobody's: refused, not left open.
      if (server.listenerCount("upgrade") === 1) refuseUpgrade(socket, "404 Not Found");
      return;
    }
    const refusal = upgradeRefusal(message, { hosts, closed: core.closed, options });
    if (refusal !== null) {
      refuseUpgrade(socket, ...refusal);
      return;
    }
    wss.handleUpgrade(message, socket, head, (ws) => {
      serveSocket(core, ws, message, options).catch((error: unknown) => {
        core.report(error);
        closeWith(ws, 1011, "the connection failed on the server");
      });
    });
  };
  server.on("upgrade", onUpgrade);
  let closing: Promise<void> | null = null;
  return {
    server: wss,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.off("upgrade", onUpgrade);
        core.close();
        for (const client of wss.clients) closeWith(client, 1001, "the server is going away");
        wss.close(() => resolve());
      });
      return closing;
    },
  };
}
