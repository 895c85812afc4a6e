/**
 * Processes sharing one PostgreSQL workspace (ADR 0055): the same number of `post_message`
 * commits made by one process and by four, each process one workspace instance with 16 async
 * writers. Each process opens its store and warms up before the clock starts (a start
 * message from this one), so process start is not counted. For each run: commits per second
 * of all processes together, appends per commit, `contention` give-ups, and whether the log
 * holds every message once. Goal: four processes at least as fast as one.
 * `AGENT_WORKSPACE_PG_URL=… tsx bench/processes.ts` prints the table.
 */

import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Pool } from "pg";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createWorkspace, isWorkspaceError } from "../src/entries/index.ts";
import { postgresStore } from "../src/entries/postgres.ts";
import { countedAppends } from "./counted-store.ts";
import type { BenchRow } from "./stats.ts";

const SCHEMA = "aw_bench_processes";
const WRITERS = 16;
const person: ActorInput = { kind: "user", id: "alice" };

/** What a child process reports when its writers are done. */
interface ChildReport {
  readonly commits: number;
  readonly appends: number;
  readonly contention: number;
  /** CPU time this process spent from "go" to the end, in ms. */
  readonly cpu: number;
}

/** The child: opens the workspace, warms up, waits for "go", commits, reports, exits. */
async function child(url: string, id: string, name: string, commits: number): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 4 });
  const opened = await postgresStore({ pool }, { schema: SCHEMA });
  const { store, appends } = countedAppends(opened);
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id });
  for (let i = 0; i < 5; i++) {
    await ws.commit(
      { type: "post_message", thread_id: "t1", content: `${name} warm ${i}` },
      person,
    );
  }
  const go = new Promise<void>((resolve) => process.once("message", () => resolve()));
  process.send?.("ready");
  await go;
  const before = appends();
  const cpuBefore = process.cpuUsage();
  let contention = 0;
  const each = Math.ceil(commits / WRITERS);
  const writer = async (w: number) => {
    for (let i = 0; i < each; i++) {
      const content = `${name} w${w} m${i}`;
      try {
        const done = await ws.commit({ type: "post_message", thread_id: "t1", content }, person);
        if (!done.ok) throw new Error(done.rejection.message);
      } catch (error) {
        if (!isWorkspaceError(error) || error.code !== "contention") throw error;
        contention += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1000;
  const report: ChildReport = {
    commits: each * WRITERS,
    appends: appends() - before,
    contention,
    cpu,
  };
  process.send?.(report);
  await opened.close();
  await pool.end();
}

/** Starts `processes` children on workspace `id`, then times them from "go" to the last report. */
async function run(url: string, id: string, processes: number, commits: number) {
  const script = fileURLToPath(import.meta.url);
  const children = Array.from({ length: processes }, (_, i) =>
    fork(script, ["--child", url, id, `p${i}`, String(Math.ceil(commits / processes))], {
      execArgv: [
        "--import",
        "tsx",
        ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      ],
    }),
  );
  // Heard from the start: a child may exit before the parent gets to wait for it.
  const exited = children.map((c) => new Promise((resolve) => c.once("exit", resolve)));
  const message = (c: (typeof children)[number]) =>
    new Promise<unknown>((resolve, reject) => {
      c.once("message", resolve);
      c.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`child exit ${code}`))));
    });
  await Promise.all(children.map(message));
  const started = performance.now();
  const reports = children.map(message) as Promise<ChildReport>[];
  for (const c of children) c.send("go");
  const done = await Promise.all(reports);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(exited);
  const total = done.reduce((n, r) => n + r.commits, 0);
  return {
    processes,
    perSecond: total / seconds,
    appendsPerCommit: done.reduce((n, r) => n + r.appends, 0) / total,
    contention: done.reduce((n, r) => n + r.contention, 0),
    cpuPerCommit: done.reduce((n, r) => n + r.cpu, 0) / total,
    total,
  };
}

// Every message posted once: the warm-ups and the timed commits.
async function posted(url: string, id: string): Promise<{ all: number; distinct: number }> {
  const pool = new Pool({ connectionString: url });
  try {
    const { rows } = await pool.query<{ all: string; distinct: string }>(
      `SELECT count(*) AS all, count(DISTINCT envelope->'event'->>'content') AS distinct
         FROM ${SCHEMA}.log WHERE workspace_id = $1 AND envelope->'event'->>'type' = 'message_posted'`,
      [id],
    );
    return { all: Number(rows[0]?.all), distinct: Number(rows[0]?.distinct) };
  } finally {
    await pool.end();
  }
}

/** One process against four on one workspace each, `commits` between them, taking turns. */
export async function benchProcesses(url: string, commits = 2_000, rounds = 2) {
  const pool = new Pool({ connectionString: url });
  await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  const setup = await postgresStore({ pool }, { schema: SCHEMA });
  const rows: BenchRow[] = [];
  const best = new Map<number, Awaited<ReturnType<typeof run>>>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const processes of [1, 4]) {
        const id = `ws_processes_${processes}_${round}`;
        const ws = createWorkspace({ registry: fixtureRegistry(), store: setup, id });
        await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
        const measured = await run(url, id, processes, commits);
        const log = await posted(url, id);
        const expected = measured.total + 5 * processes;
        if (log.all !== expected || log.distinct !== expected) {
          throw new Error(`${id}: ${log.all} messages (${log.distinct} distinct), not ${expected}`);
        }
        const held = best.get(processes);
        if (held === undefined || measured.perSecond > held.perSecond)
          best.set(processes, measured);
      }
    }
  } finally {
    await setup.close();
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  }
  const one = best.get(1);
  const four = best.get(4);
  if (one === undefined || four === undefined) return rows;
  for (const m of [one, four]) {
    const ratio = m.perSecond / one.perSecond;
    const met = m.processes === 1 || (ratio >= 1 && m.contention === 0);
    rows.push({
      measure: `${m.processes} process${m.processes === 1 ? "" : "es"} × ${WRITERS} writers, one PostgreSQL workspace`,
      value: Math.round(m.perSecond),
      unit: "commits/s",
      note:
        `${ratio.toFixed(2)}× one process (goal for 4: ≥ 1×)${met ? "" : "; GOAL MISSED"}; ` +
        `${m.appendsPerCommit.toFixed(3)} appends per commit, contention give-ups ${m.contention}; ` +
        `library process CPU ${(m.cpuPerCommit * 1000).toFixed(0)} µs per commit; ` +
        `every message in the log once; best of ${rounds}`,
    });
  }
  return rows;
}

const [flag, url, id, name, commits] = process.argv.slice(2);
if (flag === "--child" && url && id && name && commits) {
  await child(url, id, name, Number(commits));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = process.env.AGENT_WORKSPACE_PG_URL;
  if (pg === undefined) {
    console.log("AGENT_WORKSPACE_PG_URL is not set: nothing to measure");
  } else {
    console.log("| measure | value | unit | note |\n| --- | ---: | --- | --- |");
    for (const r of await benchProcesses(pg)) {
      console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
    }
  }
}
