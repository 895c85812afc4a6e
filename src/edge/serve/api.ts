import type { Actor, ActorInput } from "../../model/actors.ts";
import type { Rejection } from "../../model/rejections.ts";
import type { Run } from "../../model/runs.ts";
import type { DeliveryResult } from "../../workspace/deliveries.ts";
import type { CommandResults } from "./command-memory.ts";
import type { LiveHub } from "./live-hub.ts";

/**
 * Who a request comes from: the actor every command it sends runs as, or `null` (or
 * `undefined`) for nobody, which is refused (401, or close code 4401 on a WebSocket).
 */
export type Authenticate = (
  request: Request,
) => ActorInput | null | undefined | Promise<ActorInput | null | undefined>;

/** What a host's `stopRun` answers: stopping (the run ends by its own `run_ended`), or why not. */
export type StopRunAnswer =
  | { readonly ok: true }
  | { readonly ok: false; readonly rejection: Rejection };

/**
 * Stops a run the host is running, for `stop_run` (the protocol has already checked that the
 * run exists, has not ended, and that the actor may stop it).
 */
export type StopRun = (request: {
  readonly run: Run;
  readonly actor: Actor;
}) => Promise<StopRunAnswer>;

/** What both transports share: who is asking, the live hub, the command memory, hooks. */
export interface ServeOptions {
  /** Who a request comes from (see {@link Authenticate}). */
  readonly authenticate: Authenticate;
  /** Where the host publishes its runs' live output (default: a hub of the server's own). */
  readonly live?: LiveHub;
  /** Remembered command results, by sender and `command_id` (default: 10,000 in memory). */
  readonly commandResults?: CommandResults;
  /** Carries out `stop_run`; without it, `stop_run` is `invalid_state`. */
  readonly stopRun?: StopRun;
  /**
   * The oldest `seq` the log still holds (default 1: the whole log is kept); a client that
   * resumes from before it is reset.
   */
  readonly firstRetained?: number;
  /**
   * Frames queued for one connection before it counts as slow (default 10,000): past it, a
   * replay waits and live frames are dropped; past twice as many, a durable event ends the
   * connection with an `error` frame (the client resumes where it was).
   */
  readonly outbox?: number;
  /**
   * Hears how delivering an answer went, when a command stored a person's answer to a
   * decision (the result is sent once the answer is stored; the delivery goes on).
   */
  readonly onDelivery?: (
    delivery: DeliveryResult,
    context: { readonly actor: Actor; readonly command_id: string },
  ) => void;
  /** Hears failures the protocol could not attribute to a request (a store fault, a bug). */
  readonly onError?: (error: unknown) => void;
  /**
   * The host names (the request's `Host`, at any port, any case) this server answers besides
   * `127.0.0.1`, `localhost` and `[::1]`, which it always answers: `["app.example"]` for a
   * server reached as `https://app.example`. A request for any other name, a WebSocket
   * upgrade too, is refused (403, an `error` frame) before it is authenticated, so a site
   * whose name resolves to this machine (DNS rebinding) cannot act with its visitors' cookies.
   * `"any"` answers every name: only for a server behind a proxy of its own that checks it.
   * Names are given without a port (one with a port throws `invalid_argument`).
   */
  readonly allowedHosts?: readonly string[] | "any";
}

/** How `protocolHandler` serves HTTP. */
export interface ProtocolOptions extends ServeOptions {
  /** The path the routes are under (default `""`: `/stream`, `/commands`, …). */
  readonly basePath?: string;
  /** How often an idle SSE stream sends a comment, in ms, to keep proxies from closing it (default 15,000). */
  readonly heartbeatMs?: number;
  /** The largest request body read, in bytes (default 8 MiB); past it, 413. */
  readonly maxBodyBytes?: number;
}

/** A Web-standard request handler (Node's `http` through `nodeListener`, Hono, a Next.js route). */
export interface ProtocolHandler {
  (request: Request): Promise<Response>;
  /** Ends every open stream and stops following the log. */
  close(): void;
}
