import { faultsOf } from "../faults.ts";
import type { Store } from "../port.ts";
import { appender } from "./append.ts";
import { lists } from "./lists.ts";
import { openDatabase } from "./open.ts";
import type { SqliteStoreOptions } from "./options.ts";
import { reads } from "./reads.ts";
import { prepare } from "./statements.ts";
import { watchers } from "./watchers.ts";

/** A {@link Store} on one SQLite file, which many workspaces and processes can share. */
export interface SqliteStore extends Store {
  /** The database file. */
  readonly path: string;
}

/**
 * Opens (creating and migrating as needed) a store on a SQLite file in WAL mode. Appends are
 * one `BEGIN IMMEDIATE` transaction each, compare-and-swap on the workspace's head; reads are
 * index lookups, so opening and loading cost the same whatever the length of the log.
 * Watchers hear of this store's appends at once and of other processes' by polling.
 *
 * @throws WorkspaceError `invalid_argument` for bad options; `corrupt_record` for a file that
 * is not a database, is from a newer schema, or cannot be migrated.
 */
export function sqliteStore(options: SqliteStoreOptions): SqliteStore {
  const db = openDatabase(options);
  const statements = prepare(db);
  const list = lists(db, statements);
  const read = reads(db, statements, list.deciding);
  const watching = watchers({
    dataVersion: () => db.pragma("data_version", { simple: true }) as number,
    head: read.head,
    pollMs: options.pollIntervalMs ?? 50,
  });
  const append = appender({
    db,
    statements,
    failAtRow: faultsOf(options).failAtRow,
    onAppended: watching.appended,
  });

  // Async functions, so that whatever the synchronous driver throws becomes a rejection.
  return {
    capabilities: { durable: true, crossProcess: true },
    path: options.path,
    head: async (workspaceId) => read.head(workspaceId),
    load: async (workspaceId, needs) => read.load(workspaceId, needs),
    append: async (workspaceId, expectedHead, batch) => append(workspaceId, expectedHead, batch),
    read: async (workspaceId, range) => read.log(workspaceId, range),
    revisions: async (workspaceId, artifactId) => read.revisions(workspaceId, artifactId),
    proposals: async (workspaceId, filter) => read.proposals(workspaceId, filter),
    artifacts: async (workspaceId) => read.artifacts(workspaceId),
    threads: async (workspaceId, filter) => list.threads(workspaceId, filter),
    runs: async (workspaceId, filter) => list.runs(workspaceId, filter),
    decisions: async (workspaceId, filter) => list.decisions(workspaceId, filter),
    watch: (workspaceId, onAppend) => watching.add(workspaceId, onAppend),
    async close() {
      watching.close();
      if (db.open) db.close();
    },
  };
}
