import { isWorkspaceError, WorkspaceError, type WorkspaceErrorCode } from "../../model/errors.ts";

/** The result code SQLite gave an error (`SQLITE_…`), or an empty string. */
export const codeOf = (error: unknown): string => {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : "";
  return typeof code === "string" ? code : "";
};

/** The stable code of one of SQLite's result codes (extended ones included). */
export function faultCode(sqliteCode: string): WorkspaceErrorCode {
  // SQLite's own word for a file unlinked or renamed under an open connection.
  if (sqliteCode === "SQLITE_READONLY_DBMOVED") return "store_replaced";
  if (sqliteCode.startsWith("SQLITE_READONLY")) return "read_only";
  if (sqliteCode === "SQLITE_FULL") return "disk_full";
  if (sqliteCode.startsWith("SQLITE_CORRUPT") || sqliteCode === "SQLITE_NOTADB") {
    return "corrupt_record";
  }
  // SQLITE_BUSY and SQLITE_LOCKED (past the busy timeout), SQLITE_CANTOPEN, SQLITE_IOERR_*,
  // SQLITE_PROTOCOL, SQLITE_NOMEM and any other: the store could not do it now.
  return "store_unavailable";
}

/** True for an error of SQLite's (a result code), as opposed to one of this library's. */
export function isSqliteError(error: unknown): boolean {
  return codeOf(error).startsWith("SQLITE_");
}

/**
 * The error a store method answers for `error`: one of SQLite's becomes a `WorkspaceError`
 * with a stable code ({@link faultCode}) naming the file, with SQLite's error as `cause`;
 * anything else is returned as it is.
 */
export function sqliteFault(error: unknown, path: string): unknown {
  if (isWorkspaceError(error) || !isSqliteError(error)) return error;
  const code = codeOf(error);
  return new WorkspaceError(faultCode(code), `sqlite store ${path}: ${String(error)} (${code})`, {
    cause: error,
  });
}
