import { parseActor } from "../../decide/parse.ts";
import type { Actor } from "../../model/actors.ts";
import { isKnownEvent } from "../../model/event.ts";
import type { ErrorFrame } from "../../model/protocol.ts";
import { errorFrame } from "../../protocol/frames.ts";
import type { Workspace } from "../../workspace/api.ts";
import type { ServeOptions } from "./api.ts";
import { type CommandResults, commandResultMemory } from "./command-memory.ts";
import { createLiveHub, type LiveHub } from "./live-hub.ts";
import { type LogFeed, logFeed } from "./log-feed.ts";

/** A connection the server can end, and name for `watch_run` (an SSE stream). */
export interface OpenConnection {
  /** Starts sending a run's live frames on this connection. */
  watch(runId: string): void;
  /** Who the connection speaks for: only they may name it. */
  readonly participant: string;
  /** Ends the connection. */
  close(): void;
}

/** Who a request is from, or the answer refusing it (status and body). */
type Authenticated =
  | { readonly ok: true; readonly actor: Actor }
  | { readonly ok: false; readonly status: 401 | 500; readonly body: ErrorFrame };

/** What every transport of one server shares. */
export interface ServeCore {
  readonly workspace: Workspace;
  readonly options: ServeOptions;
  readonly live: LiveHub;
  readonly results: CommandResults;
  readonly feed: LogFeed;
  readonly outbox: number;
  /** Open connections; SSE streams also by id, for `watch_run` sent by POST. */
  readonly connections: Set<OpenConnection>;
  readonly streams: Map<string, OpenConnection>;
  authenticate(request: Request): Promise<Authenticated>;
  /** Hands an unattributed failure to the host's `onError`. */
  report(error: unknown): void;
  /** Ends every connection and stops following the log. */
  close(): void;
  /** Whether `close` was called: the server takes nothing more. */
  readonly closed: boolean;
}

/**
 * Asks the host's `authenticate` who `request` is from: the actor, 401 for nobody, 500 when
 * it throws or answers something that is no actor (told to `report`).
 */
export async function authenticateRequest(
  authenticate: ServeOptions["authenticate"],
  request: Request,
  report: (error: unknown) => void,
): Promise<Authenticated> {
  let input: unknown;
  try {
    input = await authenticate(request);
  } catch (error) {
    report(error);
    return { ok: false, status: 500, body: errorFrame("authentication failed on the server") };
  }
  if (input === null || input === undefined) {
    return { ok: false, status: 401, body: errorFrame("unauthenticated") };
  }
  const actor = parseActor(input);
  if (actor.ok) return { ok: true, actor: actor.value };
  report(new Error(`authenticate returned no actor: ${actor.rejection.message}`));
  return { ok: false, status: 500, body: errorFrame("authentication failed on the server") };
}

/** Wires the shared parts of a server for `workspace`. */
export function serveCore(workspace: Workspace, options: ServeOptions): ServeCore {
  const live = options.live ?? createLiveHub();
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // A hook that throws must not take a connection down with it.
    }
  };
  const feed = logFeed(workspace, {
    // A run's backlog of live frames goes once its end is in the log.
    onEnvelope: ({ event }) => {
      if (isKnownEvent(event) && event.type === "run_ended") live.end(event.run_id);
    },
    onError: report,
  });
  const connections = new Set<OpenConnection>();
  let closed = false;
  return {
    workspace,
    options,
    live,
    results: options.commandResults ?? commandResultMemory(),
    feed,
    outbox: options.outbox ?? 10_000,
    connections,
    streams: new Map(),
    authenticate: (request) => authenticateRequest(options.authenticate, request, report),
    report,
    close() {
      closed = true;
      for (const connection of [...connections]) connection.close();
      feed.close();
    },
    get closed() {
      return closed;
    },
  };
}
