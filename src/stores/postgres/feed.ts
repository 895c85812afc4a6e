import type { Client, Notification } from "pg";
import type { Layout } from "./layout.ts";
import type { ReconnectDelays } from "./options.ts";
import { type Watchers, watchers } from "./watchers.ts";

/** What the feed needs: a way to open its own connection, where it listens, and backoff. */
interface FeedOptions {
  /** A new, unconnected client: the feed's dedicated connection, never a pooled one. */
  readonly connect: () => Client;
  readonly layout: Layout;
  readonly reconnect?: ReconnectDelays | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** One `LISTEN` connection per store, shared by all its watchers. */
interface Feed {
  /** Calls `onAppend` on every append announced for the workspace. Returns a stop function. */
  watch(workspaceId: string, onAppend: (head: number) => void): () => void;
  /** Calls the workspace's watchers now, as if an append had been announced. */
  announce(workspaceId: string, head: number): void;
  /** Unlistens and closes the connection. Idempotent. */
  close(): Promise<void>;
}

/** The feed's `LISTEN` connection: opened on demand, reopened with backoff when lost. */
interface Listener {
  /** Connects, once; later calls do nothing. */
  start(): void;
  /** Forgets every watcher, unlistens, ends the connection and stops reconnecting. Idempotent. */
  close(): Promise<void>;
}

// Announces every notification on the store's channel (payload `workspace:head`) to its
// watchers; each time it starts listening, it announces every watched workspace's head too.
function listener(options: FeedOptions, watching: Watchers): Listener {
  const { layout: t, onError } = options;
  const minMs = options.reconnect?.minMs ?? 100;
  const maxMs = options.reconnect?.maxMs ?? 5000;
  let client: Client | null = null;
  let started = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  function onNotification(message: Notification): void {
    const payload = message.payload ?? "";
    const colon = payload.lastIndexOf(":");
    if (message.channel !== t.channel || colon < 0) return;
    watching.announce(payload.slice(0, colon), Number(payload.slice(colon + 1)));
  }

  function lost(which: Client, error: unknown): void {
    if (which !== client || closed) return;
    client = null;
    which.removeAllListeners("notification");
    which.end().catch(() => {});
    onError?.(error);
    const delay = Math.min(maxMs, minMs * 2 ** failures);
    failures++;
    // Jitter, so that many stores losing one server do not all come back at once.
    timer = setTimeout(
      () => {
        timer = null;
        void connect();
      },
      delay * (0.5 + Math.random() / 2),
    );
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = options.connect();
    client = next;
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error(`the change feed of ${t.schema} disconnected`)));
    next.on("notification", onNotification);
    try {
      await next.connect();
      // Named after its schema, so an operator can tell the feed's connection apart.
      await next.query(`SET application_name = 'agent-workspace:${t.schema}'`);
      await next.query(`LISTEN "${t.channel}"`);
      await catchUp(next, t, watching);
      // Only a connection that caught up counts as back: one that fails there keeps backing off.
      failures = 0;
    } catch (error) {
      lost(next, error);
    }
  }

  return {
    start() {
      if (started || closed) return;
      started = true;
      void connect();
    },
    async close() {
      if (closed) return;
      closed = true;
      watching.clear();
      if (timer !== null) clearTimeout(timer);
      const last = client;
      client = null;
      if (last === null) return;
      try {
        await last.query("UNLISTEN *");
      } catch {
        // The connection is already gone; ending it is all that is left.
      }
      await last.end().catch(() => {});
    },
  };
}

// Every watched workspace's head, read on the feed's own connection once it listens.
async function catchUp(listening: Client, t: Layout, watching: Watchers): Promise<void> {
  const ids = watching.workspaces();
  if (ids.length === 0) return;
  const { rows } = await listening.query<{ workspace_id: string; head: string }>(
    `SELECT workspace_id, head FROM ${t.heads} WHERE workspace_id = ANY($1::text[])`,
    [ids],
  );
  const heads = new Map(rows.map((row) => [row.workspace_id, Number(row.head)]));
  for (const id of ids) watching.announce(id, heads.get(id) ?? 0);
}

/**
 * The store's change feed over `LISTEN`/`NOTIFY`. It connects on the first watch and, when it
 * loses the connection, reconnects with backoff. Each time it starts listening it calls every
 * watcher with the current head, since appends announced while it was not listening are lost:
 * the watchers read the log from their own cursors and so catch up.
 */
export function createFeed(options: FeedOptions): Feed {
  const watching = watchers(options.onError);
  const listening = listener(options, watching);
  return {
    watch(workspaceId, onAppend) {
      const stop = watching.add(workspaceId, onAppend);
      listening.start();
      return stop;
    },
    announce: watching.announce,
    close: listening.close,
  };
}
