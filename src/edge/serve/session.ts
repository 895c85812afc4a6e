import type { Actor } from "../../model/actors.ts";
import { isKnownEvent } from "../../model/event.ts";
import { type Hello, PROTOCOL } from "../../model/protocol.ts";
import { ok, type Result } from "../../model/result.ts";
import { deliveredTo, followedThreads, readableThreads } from "../../protocol/delivery.ts";
import { errorFrame, replayComplete, welcomeFrame } from "../../protocol/frames.ts";
import { resume } from "../../protocol/resume.ts";
import { watchRefusal } from "../../protocol/runs.ts";
import type { ServeCore } from "./core.ts";
import { type Encoded, encode } from "./encoded.ts";
import { type FeedEntry, feedEntry } from "./log-feed.ts";

/** Where a session's frames go: an SSE stream or a WebSocket. */
export interface Sink {
  /** Sends a frame; a durable one the connection cannot take ends it, a live one is dropped. */
  send(frame: Encoded, durable: boolean): void;
  /** Resolves once the connection has room again. */
  drained(): Promise<void>;
  /** Whether the connection has ended. */
  readonly closed: boolean;
}

/** What a connection asked for, and where its frames go. */
interface SessionRequest {
  readonly core: ServeCore;
  readonly actor: Actor;
  readonly hello: Hello;
  /** Runs to watch from the start, besides those of followed threads (ours). */
  readonly watch?: readonly string[];
  readonly sink: Sink;
  /** The SSE stream's id, announced in `welcome` for `watch_run` sent by POST. */
  readonly streamId?: string;
}

/** A connection speaking the protocol: replay, then live events and watched runs' frames. */
export interface Session {
  /** Starts sending a run's live frames (once per run). */
  watch(runId: string): void;
  /** Stops everything the session follows. */
  close(): void;
}

const PAGE = 500;

/** The part of a session that follows the log: delivery, the replay, watched runs. */
function follower(request: SessionRequest, head: number, after: number) {
  const { core, actor, hello, sink } = request;
  const threads = followedThreads(actor, hello.threads);
  const follows = (thread: string) => threads === null || threads.includes(thread);
  const watched = new Map<string, () => void>();
  let closed = false;
  let cursor = after;
  let replaying = cursor < head;
  const watch = (runId: string): void => {
    if (closed || watched.has(runId)) return;
    watched.set(
      runId,
      core.live.watch(runId, (frame) => sink.send(frame, false)),
    );
  };
  const unwatch = (runId: string): void => {
    watched.get(runId)?.();
    watched.delete(runId);
  };
  const deliver = ({ envelope, encoded }: FeedEntry): void => {
    if (closed || envelope.seq <= cursor) return; // never twice
    cursor = envelope.seq;
    if (deliveredTo(envelope, threads)) {
      sink.send(encoded, true);
      const { event } = envelope;
      // Runs that start after the head are watched as they start; earlier ones from `welcome`.
      if (isKnownEvent(event) && event.type === "run_started" && envelope.seq > head) {
        if (follows(event.thread_id)) watch(event.run_id);
      } else if (isKnownEvent(event) && event.type === "run_ended") unwatch(event.run_id);
    }
    if (replaying && cursor >= head) {
      replaying = false;
      sink.send(encode(replayComplete(head)), true);
    }
  };
  return {
    follows,
    watch,
    deliver,
    get replaying() {
      return replaying;
    },
    get cursor() {
      return cursor;
    },
    close() {
      closed = true;
      for (const runId of [...watched.keys()]) unwatch(runId);
    },
    get closed() {
      return closed || sink.closed;
    },
  };
}

/**
 * Opens a session: decides where replay starts (`resume`), sends `welcome`, replays the log
 * after that position, `replay_complete` at the `welcome`'s head, then every new envelope
 * (those of followed threads, and of the workspace) and the live frames of watched runs:
 * runs in progress (running or paused) in followed threads, runs that start in them, and
 * runs asked for.
 * Refuses what `resume` refuses, before sending anything. `onOpen` gets the session as soon
 * as it can watch runs, before the replay; the promise resolves once the replay is sent.
 */
export async function openSession(
  request: SessionRequest & { readonly onOpen?: (session: Session) => void },
): Promise<Result<Session>> {
  const { core, actor, sink } = request;
  const { workspace } = core;
  const head = await workspace.head();
  const plan = resume(request.hello, head, core.options.firstRetained ?? 1);
  if (!plan.ok) return plan;
  const readable = readableThreads(actor);
  // In progress, as the original's `active_runs`: every run that has not ended, a paused one
  // (waiting on its answers, to resume) included.
  const running = (await workspace.runs()).filter(
    (run) =>
      (run.status === "running" || run.status === "paused") &&
      (readable === null || readable.includes(run.thread_id)),
  );
  const follow = follower(request, head, plan.value.replay_after);
  const welcome = welcomeFrame(
    {
      workspace_id: workspace.id,
      head_seq: head,
      reset: plan.value.reset,
      active_runs: running.map((run) => ({ run_id: run.id, thread_id: run.thread_id })),
      ...(request.streamId === undefined ? {} : { stream_id: request.streamId }),
    },
    PROTOCOL,
  );
  sink.send(encode(welcome, plan.value.replay_after), true);
  if (!follow.replaying) sink.send(encode(replayComplete(head)), true);

  // Join the shared feed first, then replay up to where it was: nothing falls between.
  let buffered: FeedEntry[] | null = [];
  const membership = await core.feed.join((entry) =>
    buffered === null ? follow.deliver(entry) : buffered.push(entry),
  );
  const session: Session = {
    watch: follow.watch,
    close() {
      follow.close();
      membership.leave();
    },
  };
  request.onOpen?.(session);
  for (const run of running) if (follow.follows(run.thread_id)) follow.watch(run.id);
  await watchAskedFor(request, follow.watch);
  while (!follow.closed && follow.cursor < membership.cursor) {
    const page = await workspace.log({ after: follow.cursor, limit: PAGE });
    if (page.length === 0) break;
    for (const envelope of page) {
      await sink.drained(); // a replay waits for a slow reader; it is never cut short
      follow.deliver(feedEntry(envelope));
    }
  }
  const caughtUp = buffered;
  buffered = null;
  for (const entry of caughtUp) follow.deliver(entry);
  return ok(session);
}

// The runs a stream asked for by name: each one the actor may watch, or an error frame.
async function watchAskedFor(
  { core, actor, sink, watch: runs = [] }: SessionRequest,
  watch: (runId: string) => void,
): Promise<void> {
  for (const runId of runs) {
    const refusal = watchRefusal(actor, runId, await core.workspace.run(runId));
    if (refusal === null) watch(runId);
    else sink.send(encode(errorFrame(`cannot watch run ${runId}: ${refusal.message}`)), false);
  }
}
