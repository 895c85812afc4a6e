import type { Pool } from "pg";
import { pgFault } from "./faults.ts";
import type { Layout } from "./layout.ts";

const LOCK = "SELECT pg_advisory_lock(hashtextextended($1, 0))";
const UNLOCK = "SELECT pg_advisory_unlock(hashtextextended($1, 0))";

/**
 * Runs `run` holding the workspace's advisory lock (ADR 0055): a session-level
 * `pg_advisory_lock` keyed by the schema and workspace id, on a connection of its own
 * that does nothing else, given back when `run` ends, however it ends (what `run` throws is
 * thrown as it is; failing to take the lock, typed as the store's faults are). Writers of
 * every process that lost a compare-and-swap queue here for their retries instead of
 * sleeping at random; `run`'s own reads and append go through the pool as always.
 */
export async function exclusively<T>(
  pool: Pool,
  t: Layout,
  workspaceId: string,
  run: () => Promise<T>,
): Promise<T> {
  const what = `locking workspace ${workspaceId}`;
  const client = await pool.connect().catch((error: unknown) => {
    throw pgFault(error, what);
  });
  let lost: Error | undefined;
  // A connection lost while held must not crash the process; the lock went with it.
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on("error", onError);
  const key = [`${t.schema}:${workspaceId}`];
  let held = false;
  try {
    // A session lock: one round trip to take, one to give back (a transaction's would take
    // three), and a connection that breaks gives it back too.
    await client.query(LOCK, key).catch((error: Error) => {
      // Whether the server granted it is unknown: the connection goes, and any lock with it.
      lost ??= error;
      throw pgFault(error, what);
    });
    held = true;
    return await run();
  } finally {
    // Not given back cleanly: the connection is dropped, and the lock with it.
    if (held) {
      await client.query(UNLOCK, key).catch((error: Error) => {
        lost ??= error;
      });
    }
    client.off("error", onError);
    client.release(lost);
  }
}
