import type { Pool } from "pg";
import type { Envelope } from "../../model/envelope.ts";
import type { Layout } from "./layout.ts";

/** What the log says, on a fresh connection, about an append whose connection was lost. */
export interface Settled {
  /** The workspace's head now. */
  readonly head: number;
  /** Whether the append's first envelope is in the log at its position. */
  readonly committed: boolean;
}

// Long enough for a lost append still running on the server to end; past it, unknown.
const WAIT_MS = 5000;

/**
 * Finds out, on a new connection, whether an append whose connection was lost committed,
 * by looking for its first envelope (its seq and its id) in the log. First it takes the
 * workspace's head row, as every append does before writing: if the lost append is still
 * running on the server it holds that row (or is inserting it), so this waits until it has
 * committed or rolled back, and what the log says after is final. Nothing is written.
 *
 * @throws the driver's error when the server cannot be asked (the outcome stays unknown).
 */
export async function settle(
  pool: Pool,
  t: Layout,
  at: { readonly workspaceId: string; readonly first: Envelope },
): Promise<Settled> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection lost while asking must not crash the process; the query reports it.
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    await client.query(`SET LOCAL lock_timeout = ${WAIT_MS}`);
    const { rows: heads } = await client.query<{ head: string }>(
      `INSERT INTO ${t.heads} AS h (workspace_id, head) VALUES ($1, 0)
        ON CONFLICT (workspace_id) DO UPDATE SET head = h.head RETURNING h.head`,
      [at.workspaceId],
    );
    const { rows } = await client.query<{ id: string }>(
      `SELECT envelope->>'id' AS id FROM ${t.log} WHERE workspace_id = $1 AND seq = $2`,
      [at.workspaceId, at.first.seq],
    );
    await client.query("ROLLBACK");
    return { head: Number(heads[0]?.head ?? 0), committed: rows[0]?.id === at.first.id };
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
