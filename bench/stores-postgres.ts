/**
 * The PostgreSQL store, measured: commits per second through a `Workspace` against raw `pg`
 * doing the same inserts (one transaction per append), and the time to open a workspace and
 * load from it with 10^3, 10^5 and 10^6 events in its log. Needs a server:
 * `AGENT_WORKSPACE_PG_URL=postgres://… tsx bench/stores-postgres.ts`.
 */

import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { createWorkspace, memoryStore, type Store } from "../src/entries/index.ts";
import { postgresStore } from "../src/entries/postgres.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

/** What to measure against. */
export interface PostgresBenchOptions {
  /** The server (default `AGENT_WORKSPACE_PG_URL`). */
  readonly url?: string;
  /** Commits per writer (default 1000). */
  readonly commits?: number;
  /** Log lengths to open (default 10^3, 10^5, 10^6). */
  readonly sizes?: readonly number[];
}

const person = { kind: "user", id: "alice" } as const;
const SCHEMA = "aw_bench";

async function commitsPerSecond(store: Store, id: string, commits: number): Promise<number> {
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  for (let i = 0; i < 20; i++)
    await ws.commit({ type: "post_message", thread_id: "t1", content: `warm ${i}` }, person);
  const start = performance.now();
  for (let i = 0; i < commits; i++)
    await ws.commit({ type: "post_message", thread_id: "t1", content: `m${i}` }, person);
  return commits / ((performance.now() - start) / 1000);
}

// The same rows a post_message append writes, by hand: the head's compare-and-swap, the
// envelope, the message id, in one transaction per append.
async function rawCommitsPerSecond(pool: Pool, id: string, commits: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query(`INSERT INTO ${SCHEMA}.heads (workspace_id, head) VALUES ($1, 0)`, [id]);
    const start = performance.now();
    for (let seq = 1; seq <= commits; seq++) {
      const envelope = {
        seq,
        id: `evt_${seq}`,
        ts: new Date().toISOString(),
        workspace_id: id,
        thread_id: "t1",
        run_id: null,
        actor: person,
        traceparent: null,
        event: {
          type: "message_posted",
          thread_id: "t1",
          message_id: `msg_${seq}`,
          role: "user",
          content: `m${seq}`,
        },
      };
      await client.query("BEGIN");
      const moved = await client.query(
        `UPDATE ${SCHEMA}.heads SET head = $3 WHERE workspace_id = $1 AND head = $2`,
        [id, seq - 1, seq],
      );
      if (moved.rowCount !== 1) throw new Error("raw append lost its position");
      await client.query(
        `INSERT INTO ${SCHEMA}.log (workspace_id, seq, record_version, envelope) VALUES ($1, $2, 1, $3)`,
        [id, seq, JSON.stringify(envelope)],
      );
      await client.query(`INSERT INTO ${SCHEMA}.messages (workspace_id, id) VALUES ($1, $2)`, [
        id,
        `msg_${seq}`,
      ]);
      await client.query("SELECT pg_notify($1, $2)", [`${SCHEMA}_appends`, `${id}:${seq}`]);
      await client.query("COMMIT");
    }
    return commits / ((performance.now() - start) / 1000);
  } finally {
    client.release();
  }
}

// A log of `size` app events, written by SQL in bulk, with one artifact and one pending
// proposal on it among the entities.
async function seedLog(pool: Pool, id: string, size: number): Promise<void> {
  await pool.query(
    `INSERT INTO ${SCHEMA}.log (workspace_id, seq, record_version, envelope)
      SELECT $1, n, 1, jsonb_build_object(
        'seq', n, 'id', 'evt_' || n, 'ts', '2026-11-30T09:00:00.000Z', 'workspace_id', $1::text,
        'thread_id', NULL, 'run_id', NULL, 'actor', '{"kind":"system","name":"bench"}'::jsonb,
        'traceparent', NULL,
        'event', jsonb_build_object('type', 'app_event', 'name', 'tick', 'data', n))
      FROM generate_series(1, $2::bigint) AS n`,
    [id, size],
  );
  await pool.query(
    `INSERT INTO ${SCHEMA}.heads (workspace_id, head, next_ordinal) VALUES ($1, $2, 2)`,
    [id, size],
  );
  const artifact = {
    id: "n1",
    version: 1,
    kind: "note",
    data: { text: "a", title: "" },
    updated_by: person,
    archived: false,
  };
  await pool.query(
    `INSERT INTO ${SCHEMA}.artifacts (workspace_id, id, ordinal, record_version, record)
      VALUES ($1, 'n1', 1, 1, $2)`,
    [id, JSON.stringify(artifact)],
  );
  await pool.query("ANALYZE");
}

// Opening: a new store (its own pool, the migration check), then what a host reads first.
async function openTimes(url: string, id: string): Promise<{ open: number; load: number }> {
  const opens: number[] = [];
  const loads: number[] = [];
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    const store = await postgresStore({ connectionString: url }, { schema: SCHEMA });
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id });
    const head = await ws.head();
    const opened = performance.now();
    const artifact = await ws.artifact("n1");
    const pending = await ws.proposals({ status: "pending", artifactId: "n1" });
    const tail = await ws.log({ after: head - 1 });
    loads.push(performance.now() - opened);
    opens.push(opened - start);
    if (artifact === null || pending.length !== 0 || tail.length !== 1) {
      throw new Error("the bench workspace is not as seeded");
    }
    await store.close();
  }
  return { open: quantile(opens, 0.5), load: quantile(loads, 0.5) };
}

/**
 * Runs the measurements on a scratch schema (dropped afterwards) and returns them as rows.
 */
export async function benchPostgresStore(options: PostgresBenchOptions = {}): Promise<BenchRow[]> {
  const url = options.url ?? process.env.AGENT_WORKSPACE_PG_URL;
  if (url === undefined) throw new Error("set AGENT_WORKSPACE_PG_URL to a PostgreSQL server");
  const commits = options.commits ?? 1000;
  const sizes = options.sizes ?? [1_000, 100_000, 1_000_000];
  const pool = new Pool({ connectionString: url });
  const rows: BenchRow[] = [];
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    const store = await postgresStore({ pool }, { schema: SCHEMA });
    const perSecond = (measure: string, value: number, note: string) =>
      rows.push({ measure, value: Math.round(value), unit: "commits/s", note });
    perSecond(
      "Workspace on Postgres",
      await commitsPerSecond(store, "ws_commits", commits),
      `${commits} post_message commits, one writer: head, load, decide, one-statement append`,
    );
    perSecond(
      "raw pg, same rows",
      await rawCommitsPerSecond(pool, "ws_raw", commits),
      "BEGIN; UPDATE heads; INSERT log; INSERT messages; pg_notify; COMMIT per append",
    );
    perSecond(
      "Workspace in memory",
      await commitsPerSecond(memoryStore(), "ws_memory", commits),
      "for scale: the rules and the host loop alone",
    );
    await store.close();
    for (const size of sizes) {
      const id = `ws_${size}`;
      const seeding = performance.now();
      await seedLog(pool, id, size);
      const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
      const { open, load } = await openTimes(url, id);
      const events = size.toLocaleString("en");
      rows.push({
        measure: `open, ${events} events`,
        value: Number(open.toFixed(2)),
        unit: "ms",
        note: `new store (own pool, migration check) and head(); median of 7; seeded in ${seeded} s`,
      });
      rows.push({
        measure: `first reads, ${events} events`,
        value: Number(load.toFixed(2)),
        unit: "ms",
        note: "artifact, pending proposals on it, the last envelope; median of 7",
      });
    }
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchPostgresStore();
  console.log("| measure | value | unit | note |\n| --- | ---: | --- | --- |");
  for (const r of rows) console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
