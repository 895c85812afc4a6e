import Database from "better-sqlite3";
import { isWorkspaceError, WorkspaceError } from "../../model/errors.ts";
import { checkOptions, type SqliteStoreOptions } from "./options.ts";
import { migrate } from "./schema.ts";

// SQLite's own words for a file that is not a database it can read.
const UNREADABLE = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT"]);

/**
 * Opens the file in WAL mode (readers never wait for the writer, and a killed writer leaves
 * the last commit intact) and migrates it to the current schema.
 *
 * @throws WorkspaceError `invalid_argument` for bad options, `corrupt_record` for a file
 * that is not a database, from a newer schema, or that cannot be migrated.
 */
export function openDatabase(options: SqliteStoreOptions): Database.Database {
  checkOptions(options);
  const { path } = options;
  const db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${options.synchronous === "normal" ? "NORMAL" : "FULL"}`);
    migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    if (isWorkspaceError(error)) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && UNREADABLE.has(code)) {
      throw new WorkspaceError("corrupt_record", `sqlite store ${path}: ${String(error)}`);
    }
    throw error;
  }
}
