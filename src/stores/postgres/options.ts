import type { Pool } from "pg";

/**
 * Where a Postgres store connects: a pool the host owns (the store never ends it), or a
 * connection string (the store opens its own pool and ends it on `close()`).
 */
export type PostgresConnection =
  | { readonly pool: Pool; readonly connectionString?: never }
  | { readonly connectionString: string; readonly pool?: never };

/** How long the change feed waits before reconnecting after losing its connection. */
export interface ReconnectDelays {
  /** The first wait, in ms (default 100); it doubles per failed attempt. */
  readonly minMs?: number;
  /** The longest wait, in ms (default 5000). */
  readonly maxMs?: number;
}

/** How a Postgres store is laid out and how it behaves. */
export interface PostgresStoreOptions {
  /**
   * The schema holding the store's tables (default `agent_workspace`): lowercase letters,
   * digits and `_`, at most 40 characters. It is created and migrated on open.
   */
  readonly schema?: string;
  /** Backoff of the change feed's reconnects. */
  readonly reconnect?: ReconnectDelays;
  /** Hears of errors the store recovers from by itself (a lost feed connection). */
  readonly onError?: (error: unknown) => void;
}
