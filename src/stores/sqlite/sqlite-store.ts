import { WorkspaceError } from "../../model/errors.ts";
import { faultsOf } from "../faults.ts";
import type { AppendAttempt, Store } from "../port.ts";
import { appender } from "./append.ts";
import { cursors } from "./cursors.ts";
import { sqliteFault } from "./faults.ts";
import { type OpenedFile, openedFile } from "./identity.ts";
import { lists } from "./lists.ts";
import { openDatabase } from "./open.ts";
import type { SqliteStoreOptions } from "./options.ts";
import { reads } from "./reads.ts";
import { commandOf } from "./rows.ts";
import { prepare, type Statements } from "./statements.ts";
import { watchers } from "./watchers.ts";

/** A {@link Store} on one SQLite file, which many workspaces and processes can share. */
export interface SqliteStore extends Store {
  /** The database file. */
  readonly path: string;
}

/** The command a sender carried out under an id, by its primary key. */
const commandIn =
  (statements: Statements) => (workspaceId: string, participant: string, commandId: string) => {
    const row = statements.command.get(workspaceId, participant, commandId);
    return row === undefined ? null : commandOf(workspaceId, { participant, commandId }, row);
  };

/**
 * Opens (creating and migrating as needed) a store on a SQLite file in WAL mode. Appends are
 * one `BEGIN IMMEDIATE` transaction each, compare-and-swap on the workspace's head; reads are
 * index lookups, so opening and loading cost the same whatever the length of the log.
 * Watchers hear of this store's appends at once and of other processes' by polling.
 *
 * Faults are typed (ADR 0021): SQLite's errors become a `WorkspaceError` with a stable code
 * (`read_only`, `disk_full`, `store_unavailable`, `corrupt_record`) and SQLite's error as
 * `cause`; once the file at `path` is not the one opened (deleted or replaced), appends are
 * `store_replaced`.
 *
 * @throws WorkspaceError `invalid_argument` for bad options; `corrupt_record` for a file that
 * is not a database or cannot be migrated; `unsupported_version` for one from a newer schema;
 * a fault's code for a file that cannot be opened where it is.
 */
export function sqliteStore(options: SqliteStoreOptions): SqliteStore {
  const { path } = options;
  const db = openDatabase(options);
  let file: OpenedFile;
  try {
    file = openedFile(path);
  } catch (error) {
    db.close();
    throw sqliteFault(error, path);
  }
  const statements = prepare(db);
  const list = lists(db, statements);
  const notes = cursors(db, statements, file, options.synchronous ?? "full");
  const read = reads(db, statements, list.deciding);
  const watching = watchers({
    dataVersion: () => db.pragma("data_version", { simple: true }) as number,
    head: read.head,
    pollMs: options.pollIntervalMs ?? 50,
  });
  const append = appender({
    db,
    statements,
    file,
    failAtRow: faultsOf(options).failAtRow,
    onAppended: watching.appended,
  });
  // Async, so that whatever the synchronous driver throws becomes a rejection, and typed.
  const typed =
    <A extends unknown[], R>(method: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      if (!db.open) {
        throw new WorkspaceError("store_unavailable", `sqlite store ${path}: the store is closed`);
      }
      try {
        return method(...args);
      } catch (error) {
        throw sqliteFault(error, path);
      }
    };

  return {
    capabilities: { durable: true, crossProcess: true, refusesTakenMessageIds: true },
    path,
    head: typed(read.head),
    load: typed(read.load),
    append: typed(append),
    read: typed(read.log),
    revisions: typed(read.revisions),
    proposals: typed(read.proposals),
    artifacts: typed(read.artifacts),
    threads: typed(list.threads),
    runs: typed(list.runs),
    decisions: typed(list.decisions),
    offers: typed(list.offers),
    // One process's append is synchronous: once it threw, it is over, and the log says.
    landed: typed((workspaceId: string, { seq, envelope_id }: AppendAttempt) => {
      const [found] = read.log(workspaceId, { after: seq - 1, limit: 1 });
      return found?.seq === seq && found.id === envelope_id;
    }),
    command: typed(commandIn(statements)),
    cursor: typed(notes.cursor),
    moveCursor: typed(notes.moveCursor),
    // Synchronous, as the port's `watch` is: typed all the same.
    watch: (workspaceId, onAppend) => {
      if (!db.open) {
        throw new WorkspaceError("store_unavailable", `sqlite store ${path}: the store is closed`);
      }
      try {
        return watching.add(workspaceId, onAppend);
      } catch (error) {
        throw sqliteFault(error, path);
      }
    },
    async close() {
      watching.close();
      if (db.open) db.close();
    },
  };
}
