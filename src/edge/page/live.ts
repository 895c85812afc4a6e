import type { ClientSubscription, WorkspaceClient } from "../client/api.ts";
import { createClient } from "../client/client.ts";
import { type Inbox, loadInbox } from "./inbox.ts";
import { type ReviewClient, reviewClient } from "./review-client.ts";

/** How the page's link to the server is: following the log, or trying to get it back. */
export type LinkState = "connecting" | "live" | "reconnecting";

/** What the page hears while it follows the workspace. */
interface LiveHooks {
  /** The inbox as just read (after the first read, and after every change). */
  onInbox(inbox: Inbox): void;
  onLink(state: LinkState): void;
  /** A read that failed (the page keeps what it had and tries again on the next change). */
  onError(error: unknown): void;
}

/** A followed workspace: the clients to act through, and how to refresh or stop. */
export interface Connection {
  readonly client: WorkspaceClient;
  readonly review: ReviewClient;
  /** Reads the inbox again now (after the person's own action, say). */
  refresh(): void;
  close(): void;
}

// Changes come in bursts (an accept appends a few events): read once per burst.
const SETTLE_MS = 20;
// While the stream is down, reads are tried this often, to tell when the server is back.
const RETRY_MS = 2_000;

/**
 * Follows the workspace the page is served with: reads the inbox, subscribes to the log from
 * the head it read first (so no change between the two is missed), and reads the inbox again
 * after every change, whoever made it, whichever process. Reads never overlap: a change
 * during a read makes one more read after it.
 */
export function connect(base: string, hooks: LiveHooks): Connection {
  let reading = false;
  let again = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setInterval> | undefined;
  const stopRetrying = (): void => {
    clearInterval(retry);
    retry = undefined;
  };
  const lost = (): void => {
    if (closed) return;
    hooks.onLink("reconnecting");
    retry ??= setInterval(() => void start(), RETRY_MS);
  };
  const client = createClient({ url: new URL("api", base).href, onError: lost });
  const review = reviewClient(base);
  const read = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const inbox = await loadInbox(client, review);
        if (closed) return;
        hooks.onInbox(inbox);
      } while (again);
      stopRetrying();
      hooks.onLink("live");
    } catch (error) {
      if (!closed) hooks.onError(error);
    } finally {
      reading = false;
    }
  };
  const soon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void read(), SETTLE_MS);
  };
  let subscription: ClientSubscription | null = null;
  // Subscribes once (from the head read first), then reads; tried again while it fails.
  const start = async (): Promise<void> => {
    if (subscription === null) {
      try {
        const head = await client.head();
        if (closed || subscription !== null) return;
        subscription = client.subscribe(head, soon, { onReset: soon });
      } catch {
        return lost();
      }
    }
    await read();
  };
  void start();
  return {
    client,
    review,
    refresh: soon,
    close() {
      closed = true;
      clearTimeout(timer);
      stopRetrying();
      subscription?.close();
      client.close();
    },
  };
}
