import type { Pool } from "pg";
import { WorkspaceError } from "../../model/errors.ts";
import type { Layout } from "./layout.ts";
import { LATEST_VERSION, MIGRATIONS } from "./migrations.ts";

// Any constant will do: the advisory lock is keyed by it and the schema's name.
const LOCK_CLASS = 0x61770001;

/**
 * Brings a schema up to `target` (default: the latest version) in one transaction, under an
 * advisory lock so that concurrent openers apply each step once. Returns the version it found.
 * @throws WorkspaceError `unsupported_version` when the schema is newer than this library.
 */
export async function migrate(
  pool: Pool,
  t: Layout,
  target: number = LATEST_VERSION,
): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_CLASS, t.schema]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${t.schema}"`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${t.migrations} (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`,
      );
      const found = await client.query<{ version: number | null }>(
        `SELECT max(version) AS version FROM ${t.migrations}`,
      );
      const current = found.rows[0]?.version ?? 0;
      if (current > LATEST_VERSION) {
        throw new WorkspaceError(
          "unsupported_version",
          `postgres schema ${t.schema} is at version ${current}, written by a newer ` +
            `agent-workspace (this one knows up to version ${LATEST_VERSION}): upgrade it`,
        );
      }
      for (const step of MIGRATIONS) {
        if (step.version <= current || step.version > target) continue;
        for (const statement of step.statements(t)) await client.query(statement);
        await client.query(`INSERT INTO ${t.migrations} (version, name) VALUES ($1, $2)`, [
          step.version,
          step.name,
        ]);
      }
      await client.query("COMMIT");
      return current;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollback: Error) => {
        broken = rollback;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
