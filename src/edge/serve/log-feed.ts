import type { Envelope } from "../../model/envelope.ts";
import { eventFrame } from "../../protocol/frames.ts";
import type { Workspace } from "../../workspace/api.ts";
import type { Subscription } from "../../workspace/subscription.ts";
import { type Encoded, encode } from "./encoded.ts";

/** One envelope of the log, with its frame encoded once for every connection. */
export interface FeedEntry {
  readonly envelope: Envelope;
  readonly encoded: Encoded;
}

/** Hears every envelope appended after it joined, once and in order. */
type FeedListener = (entry: FeedEntry) => void;

/**
 * One subscription to the workspace's log, shared by every connection of a server: an
 * append is read from the store once and encoded once, however many are connected.
 */
export interface LogFeed {
  /**
   * Joins the feed: `listener` hears every envelope after `cursor` (what the feed had
   * delivered when it joined). Together with a replay of the log up to `cursor`, nothing
   * is missed.
   */
  join(listener: FeedListener): Promise<{ readonly cursor: number; leave(): void }>;
  /** Stops following the log. */
  close(): void;
}

/** Wraps an envelope for the feed. */
export function feedEntry(envelope: Envelope): FeedEntry {
  return { envelope, encoded: encode(eventFrame(envelope), envelope.seq) };
}

/**
 * Follows a workspace's log from its head at the first join, for as long as the feed is
 * open. `onEnvelope` sees each envelope before the connections do.
 */
export function logFeed(
  workspace: Workspace,
  hooks: { onEnvelope?: (envelope: Envelope) => void; onError?: (error: unknown) => void } = {},
): LogFeed {
  const listeners = new Set<FeedListener>();
  let cursor = 0;
  let subscription: Subscription | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  const deliver = (envelope: Envelope): void => {
    cursor = envelope.seq;
    hooks.onEnvelope?.(envelope);
    const entry = feedEntry(envelope);
    for (const listener of listeners) {
      try {
        listener(entry);
      } catch (error) {
        hooks.onError?.(error);
      }
    }
  };
  const start = (): Promise<void> => {
    starting ??= (async () => {
      cursor = await workspace.head();
      if (closed) return;
      subscription = workspace.subscribe(
        cursor,
        deliver,
        hooks.onError === undefined ? {} : { onError: hooks.onError },
      );
    })().catch((error: unknown) => {
      starting = null; // the next join tries again
      throw error;
    });
    return starting;
  };
  return {
    async join(listener) {
      await start();
      listeners.add(listener);
      return { cursor, leave: () => listeners.delete(listener) };
    },
    close() {
      closed = true;
      subscription?.close();
      listeners.clear();
    },
  };
}
