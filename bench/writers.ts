/**
 * Many async writers on one workspace instance (ADR 0055): 1, 16 and 64 writers, each
 * committing `post_message`s one after another, on a SQLite file (synchronous = FULL) and on
 * PostgreSQL when `AGENT_WORKSPACE_PG_URL` is set. For each: commits per second, the 99th
 * percentile of a commit's latency, appends per commit (the store's `append`, counted) and
 * how many commits gave up with `contention`; each against one writer in the same run.
 * `tsx bench/writers.ts` prints the table.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import {
  type ActorInput,
  createWorkspace,
  isWorkspaceError,
  type Store,
} from "../src/entries/index.ts";
import { postgresStore } from "../src/entries/postgres.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { countedAppends } from "./counted-store.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const WRITERS = [1, 16, 64] as const;
const SCHEMA = "aw_bench_writers";

/** One run's measures. */
interface Measured {
  readonly writers: number;
  readonly perSecond: number;
  readonly p99: number;
  readonly appendsPerCommit: number;
  readonly contention: number;
}

/** `writers` async writers sharing one instance commit `commits` messages between them. */
async function measure(store: Store, id: string, writers: number, commits: number) {
  const { store: counting, appends } = countedAppends(store);
  const ws = createWorkspace({ registry: fixtureRegistry(), store: counting, id });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  for (let i = 0; i < 10; i++) {
    await ws.commit({ type: "post_message", thread_id: "t1", content: `warm ${i}` }, person);
  }
  const before = appends();
  const latencies: number[] = [];
  let contention = 0;
  const each = Math.ceil(commits / writers);
  const writer = async (w: number) => {
    for (let i = 0; i < each; i++) {
      const started = performance.now();
      try {
        const done = await ws.commit(
          { type: "post_message", thread_id: "t1", content: `w${w} m${i}` },
          person,
        );
        if (!done.ok) throw new Error(done.rejection.message);
      } catch (error) {
        if (!isWorkspaceError(error) || error.code !== "contention") throw error;
        contention += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - start) / 1000;
  const total = each * writers;
  return {
    writers,
    perSecond: total / seconds,
    p99: quantile(latencies, 0.99),
    appendsPerCommit: (appends() - before) / total,
    contention,
  };
}

function rowsOf(where: string, runs: readonly Measured[], goal: number): BenchRow[] {
  const one = runs[0] as Measured;
  return runs.flatMap((run) => {
    const speed = run.perSecond / one.perSecond;
    const tail = run.p99 / one.p99;
    const name = `${run.writers} writer${run.writers === 1 ? "" : "s"} on one instance, ${where}`;
    const met =
      run.writers === 1 ||
      (speed >= goal && tail <= 10 && run.contention === 0 && run.appendsPerCommit <= 1.05);
    return [
      {
        measure: `${name}: commits/s`,
        value: Math.round(run.perSecond),
        unit: "commits/s",
        note: `${speed.toFixed(2)}× one writer (goal at 64: ≥ ${goal}×)${met ? "" : "; GOAL MISSED"}`,
      },
      {
        measure: `${name}: p99 latency`,
        value: Number(run.p99.toFixed(2)),
        unit: "ms",
        note: `${tail.toFixed(2)}× one writer's (goal ≤ 10×)`,
      },
      {
        measure: `${name}: appends per commit`,
        value: Number(run.appendsPerCommit.toFixed(3)),
        unit: "appends",
        note: `contention give-ups: ${run.contention} (goal 0, ≤ 1.05 appends per commit)`,
      },
    ];
  });
}

async function onSqlite(commits: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-writers-"));
  try {
    const runs: Measured[] = [];
    for (const writers of WRITERS) {
      const store = sqliteStore({ path: join(dir, `w${writers}.db`), synchronous: "full" });
      runs.push(await measure(store, "ws_writers", writers, commits));
      await store.close();
    }
    return rowsOf("SQLite synchronous=full", runs, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string, commits: number): Promise<BenchRow[]> {
  const pool = new Pool({ connectionString: url });
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    const store = await postgresStore({ pool }, { schema: SCHEMA });
    const runs: Measured[] = [];
    for (const writers of WRITERS) {
      runs.push(await measure(store, `ws_writers_${writers}`, writers, commits));
    }
    await store.close();
    return rowsOf("PostgreSQL", runs, 2);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  }
}

/** Runs the measurements: SQLite, then PostgreSQL when `AGENT_WORKSPACE_PG_URL` is set. */
export async function benchWriters(commits = 1_280): Promise<BenchRow[]> {
  const rows = await onSqlite(commits);
  const url = process.env.AGENT_WORKSPACE_PG_URL;
  if (url !== undefined) rows.push(...(await onPostgres(url, commits)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchWriters()) {
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
  }
}
