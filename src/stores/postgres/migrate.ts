import type { Pool } from "pg";
import { WorkspaceError } from "../../model/errors.ts";
import type { Layout } from "./layout.ts";
import { LATEST_VERSION, MIGRATIONS } from "./migrations.ts";
import { named } from "./named.ts";

// Any constant will do: the advisory lock is keyed by it and the schema's name.
const LOCK_CLASS = 0x61770001;

// A schema this library cannot open: a newer one wrote it.
const newer = (t: Layout, version: number) =>
  new WorkspaceError(
    "unsupported_version",
    `postgres schema ${t.schema} is at version ${version}, written by a newer ` +
      `agent-workspace (this one knows up to version ${LATEST_VERSION}): upgrade it`,
  );

// The schema's version as it stands (0 for none), read without a lock.
async function versionOf(pool: Pool, t: Layout): Promise<number> {
  const { rows } = await pool.query<{ table: string | null }>(
    named("SELECT to_regclass($1)::text AS table", [t.migrations]),
  );
  if (rows[0]?.table == null) return 0;
  const found = await pool.query<{ version: number | null }>(
    named(`SELECT max(version) AS version FROM ${t.migrations}`, []),
  );
  return found.rows[0]?.version ?? 0;
}

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
  // Most opens find the schema current: a read says so, without a lock or a write (so a
  // store on a read-only server or session opens, for reading).
  const found = await versionOf(pool, t);
  if (found >= target) {
    if (found > LATEST_VERSION) throw newer(t, found);
    return found;
  }
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
      if (current > LATEST_VERSION) throw newer(t, current);
      for (const step of MIGRATIONS) {
        if (step.version <= current || step.version > target) continue;
        for (const statement of step.statements(t)) await client.query(statement);
        await step.fill?.(client, t);
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
