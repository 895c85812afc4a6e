import type { Layout } from "./layout.ts";

// Whether a record's decision slot holds a pending decision (`null` there is jsonb null).
const deciding = "coalesce(jsonb_typeof(record->'decision'->'pending') = 'object', false)";

/**
 * Ranks a table's rows within each workspace by their first envelope (`first`: a query of
 * `workspace_id, id, seq`) and gives them creation ordinals from the workspace's counter,
 * after `offset` others. Rows no envelope names (written without one) come last, by id.
 */
function ordinals(table: string, heads: string, first: string, offset: string): string {
  return `WITH first AS (${first}),
    ranked AS (
      SELECT x.workspace_id, x.id,
        row_number() OVER (PARTITION BY x.workspace_id ORDER BY f.seq NULLS LAST, x.id) AS n
      FROM ${table} x LEFT JOIN first f USING (workspace_id, id))
    UPDATE ${table} x SET ordinal = h.next_ordinal + ${offset} + r.n
      FROM ranked r, ${heads} h
      WHERE x.workspace_id = r.workspace_id AND x.id = r.id AND h.workspace_id = x.workspace_id`;
}

/**
 * Migration 5: copies of the fields threads and runs are listed by (a thread's status, a
 * run's thread and status, whether a decision is pending in either) and their creation order,
 * indexed, so listing them and finding pending decisions never reads the log. Existing rows
 * are filled from their records; their order from the log, read once, here.
 */
export function listColumns(t: Layout): string[] {
  // How many rows of a table the workspace of the row aliased `of` has.
  const countOf = (table: string, of: string) =>
    `(SELECT count(*) FROM ${table} c WHERE c.workspace_id = ${of}.workspace_id)`;
  return [
    `ALTER TABLE ${t.threads} ADD COLUMN ordinal bigint, ADD COLUMN status text,
      ADD COLUMN deciding boolean NOT NULL DEFAULT false`,
    `ALTER TABLE ${t.runs} ADD COLUMN ordinal bigint, ADD COLUMN thread_id text,
      ADD COLUMN status text, ADD COLUMN deciding boolean NOT NULL DEFAULT false`,
    `UPDATE ${t.threads} SET status = coalesce(record->>'status', 'open'), deciding = ${deciding}`,
    `UPDATE ${t.runs} SET thread_id = coalesce(record->>'thread_id', ''),
      status = coalesce(record->>'status', 'running'), deciding = ${deciding}`,
    // Every workspace with entities gets a head row, whose counter hands out ordinals.
    `INSERT INTO ${t.heads} (workspace_id, head)
      SELECT workspace_id, 0 FROM ${t.threads} UNION SELECT workspace_id, 0 FROM ${t.runs}
      ON CONFLICT DO NOTHING`,
    ordinals(
      t.threads,
      t.heads,
      `SELECT workspace_id, thread_id AS id, min(seq) AS seq FROM ${t.log}
        WHERE thread_id IS NOT NULL GROUP BY 1, 2`,
      "0",
    ),
    ordinals(
      t.runs,
      t.heads,
      `SELECT workspace_id, envelope->>'run_id' AS id, min(seq) AS seq FROM ${t.log}
        WHERE envelope->>'run_id' IS NOT NULL GROUP BY 1, 2`,
      // After the threads: ordinals are compared within one table, but come from one counter.
      countOf(t.threads, "x"),
    ),
    `UPDATE ${t.heads} h
      SET next_ordinal = h.next_ordinal + ${countOf(t.threads, "h")} + ${countOf(t.runs, "h")}`,
    `ALTER TABLE ${t.threads} ALTER COLUMN ordinal SET NOT NULL, ALTER COLUMN status SET NOT NULL`,
    `ALTER TABLE ${t.runs} ALTER COLUMN ordinal SET NOT NULL,
      ALTER COLUMN thread_id SET NOT NULL, ALTER COLUMN status SET NOT NULL`,
    `CREATE INDEX threads_in_order ON ${t.threads} (workspace_id, ordinal)`,
    `CREATE INDEX threads_by_status ON ${t.threads} (workspace_id, status, ordinal)`,
    `CREATE INDEX threads_deciding ON ${t.threads} (workspace_id, ordinal) WHERE deciding`,
    `CREATE INDEX runs_in_order ON ${t.runs} (workspace_id, ordinal)`,
    `CREATE INDEX runs_by_thread ON ${t.runs} (workspace_id, thread_id, ordinal)`,
    `CREATE INDEX runs_by_status ON ${t.runs} (workspace_id, status, ordinal)`,
    `CREATE INDEX runs_deciding ON ${t.runs} (workspace_id, ordinal) WHERE deciding`,
    `CREATE INDEX runs_deciding_by_thread ON ${t.runs} (workspace_id, thread_id, ordinal)
      WHERE deciding`,
  ];
}

// A record's `offered`, as an object whatever the record holds there (none: no offers).
const offered = (x: string) =>
  `CASE WHEN jsonb_typeof(${x}.record->'offered') = 'object'
    THEN ${x}.record->'offered' ELSE '{}' END`;

/**
 * Migration 7: whether a thread's agent made offers (`offering`, indexed in creation order
 * for the `offers` list), and the ids of those offers in the order made (`offer_ids`: jsonb
 * keeps no key order). Existing rows are filled from their records; the order from the log's
 * `offer_made` envelopes, read once, here (an offer no envelope names comes last, by id).
 */
export function offerColumns(t: Layout): string[] {
  return [
    `ALTER TABLE ${t.threads} ADD COLUMN offering boolean NOT NULL DEFAULT false,
      ADD COLUMN offer_ids jsonb NOT NULL DEFAULT '[]'`,
    `WITH made AS MATERIALIZED (
      SELECT workspace_id, envelope->'event'->>'thread_id' AS id,
        envelope->'event'->>'offer_id' AS offer_id, min(seq) AS seq
      FROM ${t.log} WHERE envelope->'event'->>'type' = 'offer_made' GROUP BY 1, 2, 3),
    ids AS (
      SELECT x.workspace_id, x.id,
        jsonb_agg(k.key ORDER BY m.seq NULLS LAST, k.key COLLATE "C") AS ids
      FROM ${t.threads} x
        CROSS JOIN LATERAL jsonb_object_keys(${offered("x")}) AS k(key)
        LEFT JOIN made m ON m.workspace_id = x.workspace_id AND m.id = x.id AND m.offer_id = k.key
      GROUP BY 1, 2)
    UPDATE ${t.threads} x SET offering = true, offer_ids = ids.ids
      FROM ids WHERE x.workspace_id = ids.workspace_id AND x.id = ids.id`,
    `CREATE INDEX threads_offering ON ${t.threads} (workspace_id, ordinal) WHERE offering`,
  ];
}
