import type { Pool } from "pg";
import type { Store } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";

/** The store's notes cursors: one row per workspace and viewer, moved by compare-and-swap. */
type Cursors = Pick<Store, "cursor" | "moveCursor">;

// Commits the statement's own transaction asynchronously (see `cursors`): the setting is
// local to that transaction, read when it commits, and gone after it.
const RELAXED = "(SELECT set_config('synchronous_commit', 'off', true)) AS relaxed";

/**
 * The cursors of a store on `pool`. A move commits asynchronously (ADR 0023): the server
 * answers once the move is in its WAL buffers, before they are flushed, as a cursor is
 * delivery state, not the log. A crash of the client loses nothing; a crash of the server
 * can lose the last moves (never a note, and never a cursor past the log it read: the WAL is
 * replayed in order), so a note is heard again. The next synchronous commit, which flushes
 * the WAL up to itself, makes every move before it durable.
 */
export function cursors(pool: Pool, t: Layout): Cursors {
  return {
    async cursor(workspaceId, viewer) {
      const { rows } = await pool.query<{ position: string }>(
        named(`SELECT position FROM ${t.cursors} WHERE workspace_id = $1 AND viewer = $2`, [
          workspaceId,
          viewer,
        ]),
      );
      return Number(rows[0]?.position ?? 0);
    },
    async moveCursor(workspaceId, viewer, from, to) {
      // A cursor at 0 may have no row yet; any other moves only from where it is.
      const query =
        from === 0
          ? named(
              `INSERT INTO ${t.cursors} AS c (workspace_id, viewer, position)
                SELECT $1, $2, $3 FROM ${RELAXED}
                ON CONFLICT (workspace_id, viewer) DO UPDATE SET position = $3
                WHERE c.position = 0`,
              [workspaceId, viewer, to],
            )
          : named(
              `UPDATE ${t.cursors} SET position = $3 FROM ${RELAXED}
                WHERE workspace_id = $1 AND viewer = $2 AND position = $4`,
              [workspaceId, viewer, to, from],
            );
      return (await pool.query(query)).rowCount === 1;
    },
  };
}
