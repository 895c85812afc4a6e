// `agent-workspace/postgres`: the PostgreSQL store adapter, for many processes or machines on
// one workspace. A subpath of its own, so only hosts that use it load `pg`.

export type {
  PostgresConnection,
  PostgresStoreOptions,
  ReconnectDelays,
} from "../stores/postgres/options.ts";
export { type PostgresStore, postgresStore } from "../stores/postgres/store.ts";
