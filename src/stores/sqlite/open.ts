import { accessSync, closeSync, constants, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { isWorkspaceError, WorkspaceError } from "../../model/errors.ts";
import { isSqliteError, sqliteFault } from "./faults.ts";
import { checkOptions, type SqliteStoreOptions } from "./options.ts";
import { migrate } from "./schema.ts";

// Whether the file, or the folder it would be made in, cannot be written: a read-only mount
// or an immutable file (SQLite says only that it cannot open a WAL file it cannot write).
function readOnlyPlace(path: string): boolean {
  for (const place of [path, dirname(path)]) {
    try {
      accessSync(place, constants.W_OK);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "EROFS" || code === "EPERM" || code === "EACCES") return true;
    }
  }
  return false;
}

// Why the file could not be opened: SQLite's code, typed, or the driver's own refusal (a
// folder that does not exist), which means the store cannot be had where it was asked for.
function openFault(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CANTOPEN" && readOnlyPlace(path)) {
    return new WorkspaceError(
      "read_only",
      `sqlite store ${path}: the file or its folder is read-only, and SQLite cannot open it ` +
        `without writing its -shm beside it (${String(error)})`,
      { cause: error },
    );
  }
  if (isWorkspaceError(error) || isSqliteError(error)) return sqliteFault(error, path);
  return new WorkspaceError("store_unavailable", `sqlite store ${path}: ${String(error)}`, {
    cause: error,
  });
}

// A new file is the person's alone (0600; SQLite gives its -wal and -shm the same mode):
// whoever can write it can act as anyone in it. An existing file keeps the mode it has.
function createPrivate(path: string): void {
  if (path === ":memory:") return;
  try {
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
  } catch {
    // It exists, or cannot be made here: opening it says which, typed.
  }
}

/**
 * Opens the file in WAL mode (readers never wait for the writer, and a killed writer leaves
 * the last commit intact) and migrates it to the current schema. A file it creates is
 * readable and writable by its owner only (0600). A read-only file at the current schema
 * opens, for reading: its appends are `read_only`.
 *
 * @throws WorkspaceError `invalid_argument` for bad options, `corrupt_record` for a file
 * that is not a database or that cannot be migrated, `unsupported_version` for one from a
 * newer schema; a fault's code
 * for a file that cannot be opened or migrated where it is (`store_unavailable` for a folder
 * that does not exist or a lock held past the busy timeout, `read_only`, `disk_full`).
 */
export function openDatabase(options: SqliteStoreOptions): Database.Database {
  checkOptions(options);
  const { path } = options;
  createPrivate(path);
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
  } catch (error) {
    throw openFault(error, path);
  }
  try {
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${options.synchronous === "normal" ? "NORMAL" : "FULL"}`);
    migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    throw openFault(error, path);
  }
}
