import { WorkspaceError } from "../../model/errors.ts";

/** Where and how to open a SQLite store. */
export interface SqliteStoreOptions {
  /** The database file; created, and migrated to the current schema, on open. */
  readonly path: string;
  /** How long a write waits for another connection's write lock, in ms (default 5000). */
  readonly busyTimeoutMs?: number;
  /**
   * How often watchers look for appends by other connections and processes, in ms (default
   * 50). Polling runs only while someone watches.
   */
  readonly pollIntervalMs?: number;
  /**
   * `"full"` (default) syncs the log to disk at every commit, so an acknowledged append
   * survives power loss; `"normal"` survives a crash of the process but not of the machine,
   * and commits faster.
   */
  readonly synchronous?: "full" | "normal";
}

const positive = (value: number | undefined) =>
  value === undefined || (Number.isFinite(value) && value > 0);

/** Throws for options that cannot be used. @throws WorkspaceError `invalid_argument` */
export function checkOptions(options: SqliteStoreOptions): void {
  const problems: [boolean, string][] = [
    [
      typeof options.path === "string" && options.path !== "" && !options.path.includes("\u0000"),
      "path must be a file name (without U+0000, which SQLite would cut it at)",
    ],
    [positive(options.busyTimeoutMs), "busyTimeoutMs must be a positive number"],
    [positive(options.pollIntervalMs), "pollIntervalMs must be a positive number"],
    [
      options.synchronous === undefined || ["full", "normal"].includes(options.synchronous),
      'synchronous must be "full" or "normal"',
    ],
  ];
  const problem = problems.find(([ok]) => !ok);
  if (problem !== undefined) {
    throw new WorkspaceError("invalid_argument", `sqliteStore: ${problem[1]}`);
  }
}
