import type { Pool } from "pg";
import type { Store } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";

/** The store's notes cursors: one row per workspace and viewer, moved by compare-and-swap. */
type Cursors = Pick<Store, "cursor" | "moveCursor">;

/** The cursors of a store on `pool`. */
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
              `INSERT INTO ${t.cursors} AS c (workspace_id, viewer, position) VALUES ($1, $2, $3)
                ON CONFLICT (workspace_id, viewer) DO UPDATE SET position = $3
                WHERE c.position = 0`,
              [workspaceId, viewer, to],
            )
          : named(
              `UPDATE ${t.cursors} SET position = $3
                WHERE workspace_id = $1 AND viewer = $2 AND position = $4`,
              [workspaceId, viewer, to, from],
            );
      return (await pool.query(query)).rowCount === 1;
    },
  };
}
