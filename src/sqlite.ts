// `agent-workspace/sqlite`: the SQLite store adapter. An explicit list, so nothing internal
// leaks by accident; it is a subpath of its own so that only hosts that use it load
// better-sqlite3.

/** Where and how to open a SQLite store. */
export type { SqliteStoreOptions } from "./stores/sqlite/options.ts";
/** The SQL schema version this library writes and migrates files to. */
export { SCHEMA_VERSION } from "./stores/sqlite/schema.ts";
/** The store `sqliteStore` returns. */
export type { SqliteStore } from "./stores/sqlite/sqlite-store.ts";
/** Opens a durable, multi-process store on one SQLite file. */
export { sqliteStore } from "./stores/sqlite/sqlite-store.ts";
