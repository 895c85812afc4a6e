import type { Database } from "better-sqlite3";
import type { OpenedFile } from "./identity.ts";
import type { Statements } from "./statements.ts";

/** The store's notes cursors, synchronous: the store makes them async and types their faults. */
interface Cursors {
  cursor(workspaceId: string, viewer: string): number;
  moveCursor(workspaceId: string, viewer: string, from: number, to: number): boolean;
}

/**
 * The notes cursors of a store on `db`: one row per workspace and viewer, moved by
 * compare-and-swap, each move its own transaction.
 *
 * A move commits without the fsync of the store's `synchronous = FULL` (NORMAL, for that
 * statement only; ADR 0023): in WAL mode it is durable against a crash of the process at
 * once, and against power loss with the store's next synced commit, which syncs the WAL that
 * holds it. What a power cut can lose is a move not yet synced, so a note is heard again;
 * never a note, and never a cursor past the log it read.
 */
export function cursors(
  db: Database,
  statements: Statements,
  file: OpenedFile,
  synchronous: "full" | "normal",
): Cursors {
  return {
    cursor: (workspaceId, viewer) => statements.cursor.get(workspaceId, viewer)?.position ?? 0,
    moveCursor(workspaceId, viewer, from, to) {
      file.check();
      // SQLite refuses to change the level inside a transaction (none is open between calls).
      const relax = synchronous === "full" && !db.inTransaction;
      // Through `pragma`, not a statement prepared once: SQLite applies this pragma when it
      // compiles it, so preparing one would already change the level.
      if (relax) db.pragma("synchronous = NORMAL");
      try {
        const moved =
          from === 0
            ? statements.startCursor.run(workspaceId, viewer, to)
            : statements.moveCursor.run(to, workspaceId, viewer, from);
        return moved.changes === 1;
      } finally {
        if (relax) db.pragma("synchronous = FULL");
      }
    },
  };
}
