// `agent-workspace/postgres`: the PostgreSQL store. An explicit list, so nothing internal
// leaks by accident.

/** Where a Postgres store connects: a host-owned pool or a connection string. */
/** Backoff of the change feed's reconnects. */
/** How a Postgres store is laid out and behaves. */
export type {
  PostgresConnection,
  PostgresStoreOptions,
  ReconnectDelays,
} from "./stores/postgres/options.ts";
/** A store on PostgreSQL. */
/** Opens a store on PostgreSQL, migrating its schema first. */
export { type PostgresStore, postgresStore } from "./stores/postgres/store.ts";
