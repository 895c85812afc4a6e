import { WorkspaceError } from "../../model/errors.ts";
import { type LiveEventInput, LiveEventSchema } from "../../model/protocol.ts";
import { liveFrame } from "../../protocol/frames.ts";
import { type Encoded, encode } from "./encoded.ts";

/** Hears a run's live frames, each encoded once for all its watchers. */
export type LiveWatcher = (frame: Encoded) => void;

/**
 * Where a host publishes its runs' live output (token deltas, drafts, its own live events)
 * for the protocol to fan out to watchers. Nothing published here is written to the log.
 */
export interface LiveHub {
  /**
   * Sends a live event of a run to everyone watching it, and keeps it in the run's recent
   * backlog for watchers that join later.
   *
   * @throws WorkspaceError `invalid_argument` when the event is not a live event.
   */
  publish(runId: string, event: LiveEventInput): void;
  /**
   * Watches a run: the recent backlog first, then each frame as it is published. Returns a
   * function that stops watching.
   */
  watch(runId: string, watcher: LiveWatcher): () => void;
  /**
   * The run has ended: its backlog is dropped, and frames published for it later are too
   * (the durable events supersede them). The protocol calls this on `run_ended`.
   */
  end(runId: string): void;
}

/** How much a hub keeps. */
export interface LiveHubOptions {
  /** Frames kept per run for late watchers (default 1,000; the oldest go first). */
  readonly backlog?: number;
  /** Runs kept at once (default 1,000; the least recently published go first). */
  readonly runs?: number;
}

interface RunChannel {
  readonly watchers: Set<LiveWatcher>;
  backlog: Encoded[];
  ended: boolean;
}

/** Creates a live hub. Delivery is best effort and in order within a run; frames are not stored. */
export function createLiveHub(options: LiveHubOptions = {}): LiveHub {
  const backlog = options.backlog ?? 1_000;
  const maxRuns = options.runs ?? 1_000;
  const channels = new Map<string, RunChannel>();
  // Frame indexes only grow, within a run and across runs, and from a later process too
  // (they start from the clock), so a client skips only what it already has.
  let next = Date.now() * 1_000;
  const channel = (runId: string): RunChannel => {
    let found = channels.get(runId);
    if (found === undefined) {
      found = { watchers: new Set(), backlog: [], ended: false };
      channels.set(runId, found);
      for (const [id, old] of channels) {
        if (channels.size <= maxRuns) break;
        if (old.watchers.size === 0) channels.delete(id);
      }
    }
    return found;
  };
  return {
    publish(runId, event) {
      const parsed = LiveEventSchema.safeParse(event);
      if (!parsed.success || typeof runId !== "string" || runId === "") {
        throw new WorkspaceError(
          "invalid_argument",
          `not a live event of a run: ${parsed.error?.message ?? "no run id"}`,
        );
      }
      const target = channel(runId);
      if (target.ended) return;
      const frame = encode(liveFrame(runId, parsed.data, next));
      next += 1;
      // Most recently published last, so the oldest runs are the first to go.
      channels.delete(runId);
      channels.set(runId, target);
      target.backlog.push(frame);
      if (target.backlog.length > backlog) target.backlog = target.backlog.slice(-backlog);
      for (const watcher of target.watchers) watcher(frame);
    },
    watch(runId, watcher) {
      const target = channel(runId);
      for (const frame of target.backlog) watcher(frame);
      target.watchers.add(watcher);
      return () => {
        target.watchers.delete(watcher);
      };
    },
    end(runId) {
      const target = channel(runId);
      target.backlog = [];
      target.ended = true;
    },
  };
}
