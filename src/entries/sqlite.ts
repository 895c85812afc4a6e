// `agent-workspace/sqlite`: the SQLite store adapter, the embedded durable default. A subpath
// of its own, so only hosts that use it load better-sqlite3.

export type { SqliteStoreOptions } from "../stores/sqlite/options.ts";
export { SCHEMA_VERSION } from "../stores/sqlite/schema.ts";
export type { SqliteStore } from "../stores/sqlite/sqlite-store.ts";
export { sqliteStore } from "../stores/sqlite/sqlite-store.ts";
