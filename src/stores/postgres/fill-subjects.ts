import type { PoolClient } from "pg";
import { storedSubjects } from "../subject-rows.ts";
import type { Layout } from "./layout.ts";

// Envelopes read per page, in key order.
const PAGE = 2000;

/**
 * Migration 10's fill: files every envelope already in the log under its subjects, page by
 * page in key order, inside the migration's transaction (one insert per page).
 */
export async function fillSubjects(client: PoolClient, t: Layout): Promise<void> {
  let at: readonly [string, number] = ["", 0];
  for (;;) {
    const { rows } = await client.query<{ workspace_id: string; seq: string; envelope: unknown }>(
      `SELECT workspace_id, seq, envelope FROM ${t.log} WHERE (workspace_id, seq) > ($1, $2)
        ORDER BY workspace_id, seq LIMIT $3`,
      [at[0], at[1], PAGE],
    );
    const filed = rows.flatMap((row) =>
      storedSubjects(row.envelope).map((subject) => [row.workspace_id, subject, row.seq]),
    );
    if (filed.length > 0) {
      await client.query(
        `INSERT INTO ${t.subjects} (workspace_id, subject, seq)
          SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT DO NOTHING`,
        [filed.map((f) => f[0]), filed.map((f) => f[1]), filed.map((f) => f[2])],
      );
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) return;
    at = [last.workspace_id, Number(last.seq)];
  }
}
