import type { Pool } from "pg";
import { pgFault } from "./faults.ts";
import type { Layout } from "./layout.ts";

/**
 * Runs `run` holding the workspace's advisory lock (ADR 0055): a transaction-scoped
 * `pg_advisory_xact_lock` keyed by the schema and workspace id, on a connection of its own
 * that does nothing else, released when that transaction ends, however `run` ends (what
 * `run` throws is thrown as it is; failing to take the lock, typed as the store's faults
 * are). Writers
 * of every process that lost a compare-and-swap queue here for their retries instead of
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
  try {
    const key = `${t.schema}:${workspaceId}`;
    const lock = async () => {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
    };
    await lock().catch((error: unknown) => {
      throw pgFault(error, what);
    });
    return await run();
  } finally {
    await client.query("COMMIT").catch((error: Error) => {
      lost ??= error;
    });
    client.off("error", onError);
    client.release(lost);
  }
}
