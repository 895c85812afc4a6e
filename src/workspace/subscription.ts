import type { Envelope } from "../model/envelope.ts";
import type { Store } from "../stores/port.ts";

/** A live feed of a workspace's log. */
export interface Subscription {
  /** Stops delivering; idempotent. */
  close(): void;
  /** Resolves once everything appended before the call has been delivered. */
  settled(): Promise<void>;
}

/** Where a feed reads from and how it reports. */
interface FeedOptions {
  readonly store: Store;
  readonly workspaceId: string;
  /** Deliver envelopes after this position. */
  readonly after: number;
  readonly listener: (envelope: Envelope) => void;
  /** Hears of failures to read the log or of a listener that threw; delivery goes on. */
  readonly onError?: (error: unknown) => void;
  /** Envelopes read per round trip (default 500). */
  readonly batch?: number;
}

/**
 * Delivers every envelope after `after` exactly once, in order: it catches up from the log,
 * then follows the store's append notifications, reading from its own cursor each time — so
 * a missed, coalesced or spurious notification never loses or repeats an envelope, and a
 * reconnect is just another catch-up.
 */
export function follow(options: FeedOptions): Subscription {
  const { store, workspaceId, listener, onError } = options;
  const batch = options.batch ?? 500;
  let cursor = options.after;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;

  // Hands the listener each envelope that comes next; false once the feed is closed.
  function deliver(envelopes: readonly Envelope[]): boolean {
    for (const envelope of envelopes) {
      if (closed) return false;
      if (envelope.seq !== cursor + 1) continue; // never out of order, never twice
      cursor = envelope.seq;
      try {
        listener(envelope);
      } catch (error) {
        onError?.(error);
      }
    }
    return true;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const envelopes = await store.read(workspaceId, { after: cursor, limit: batch });
        if (!deliver(envelopes)) return;
        if (envelopes.length < batch) break;
      }
    } while (again && !closed);
  }

  function pump(): Promise<void> {
    if (closed) return Promise.resolve();
    if (pumping !== null) {
      again = true;
      return pumping;
    }
    pumping = drain()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        pumping = null;
      });
    return pumping;
  }

  const unwatch = store.watch(workspaceId, () => void pump());
  void pump();
  return {
    close() {
      closed = true;
      unwatch();
    },
    async settled() {
      const head = await store.head(workspaceId);
      while (!closed && cursor < head) {
        const before = cursor;
        await pump();
        if (cursor === before)
          throw new Error(`workspace ${workspaceId}: the feed is stuck at ${cursor}`);
      }
    },
  };
}
