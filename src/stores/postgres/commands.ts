import type { Pool } from "pg";
import type { Store } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { commandOf, type RecordRow } from "./rows.ts";

/**
 * The commands of a store on `pool` that wrote, by sender and id: one primary-key lookup.
 * @throws WorkspaceError `corrupt_record` for a row that is not the command it is filed as.
 */
export function commands(pool: Pool, t: Layout): Pick<Store, "command"> {
  return {
    async command(workspaceId, participant, commandId) {
      const { rows } = await pool.query<RecordRow>(
        named(
          `SELECT record_version, record FROM ${t.commands}
            WHERE workspace_id = $1 AND participant = $2 AND command_id = $3`,
          [workspaceId, participant, commandId],
        ),
      );
      const [row] = rows;
      return row === undefined ? null : commandOf(workspaceId, { participant, commandId }, row);
    },
  };
}
