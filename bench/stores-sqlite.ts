/**
 * The SQLite store, measured: commits per second through a `Workspace` against raw
 * better-sqlite3 doing the same inserts (one transaction per append), and the time and memory
 * to open a file and read from it with 10^3, 10^5 and 10^6 events in its log (files built
 * with raw inserts). `tsx bench/stores-sqlite.ts` prints the table.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { createWorkspace, type Envelope, memoryStore, type Store } from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { newThread } from "../src/model/threads.ts";
import { SQL } from "../src/stores/sqlite/statements.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

/** What to measure. */
export interface SqliteBenchOptions {
  /** Commits per run (default 2000). */
  readonly commits?: number;
  /** Log lengths to open (default 10^3, 10^5, 10^6). */
  readonly sizes?: readonly number[];
}

const person = { kind: "user", id: "alice", name: null } as const;

/** Commits per second; with `ids`, each under a command id of its own, as the protocol sends. */
async function commitsPerSecond(store: Store, commits: number, ids = false): Promise<number> {
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_commits" });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  const options = (i: number | string) => (ids ? { commandId: `c${i}` } : {});
  for (let i = 0; i < 50; i++) {
    const post = { type: "post_message", thread_id: "t1", content: `warm ${i}` } as const;
    await ws.commit(post, person, options(`warm${i}`));
  }
  const start = performance.now();
  for (let i = 0; i < commits; i++)
    await ws.commit(
      { type: "post_message", thread_id: "t1", content: `m${i}` },
      person,
      options(i),
    );
  return commits / ((performance.now() - start) / 1000);
}

const envelope = (workspaceId: string, seq: number): Envelope => ({
  seq,
  id: `evt_${seq}`,
  ts: new Date().toISOString(),
  workspace_id: workspaceId,
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
});

// The store's own share: the same appends as a post_message commit, built beforehand.
async function appendsPerSecond(store: Store, commits: number): Promise<number> {
  const start = performance.now();
  for (let seq = 1; seq <= commits; seq++) {
    const batch = { artifacts: [], revisions: [], proposals: [], threads: [], runs: [] };
    const appended = await store.append("w", seq - 1, {
      ...batch,
      envelopes: [envelope("w", seq)],
      messages: [`msg_${seq}`],
    });
    if (!appended.ok) throw new Error("moved");
  }
  return commits / ((performance.now() - start) / 1000);
}

// The rows a post_message append writes, by hand, one BEGIN IMMEDIATE each: read the head,
// insert the envelope (with its thread id, which the log_by_thread index takes) and the
// message id, write the head. The file's schema is the store's own, made by its migrations,
// and the statements are the store's, so both write the same rows into the same tables.
async function rawCommitsPerSecond(
  path: string,
  synchronous: "full" | "normal",
  commits: number,
): Promise<number> {
  await sqliteStore({ path, synchronous }).close();
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  const head = db.prepare(SQL.head).pluck();
  const log = db.prepare(SQL.insertLog);
  const message = db.prepare(SQL.putMessage);
  const setHead = db.prepare(SQL.setHead);
  const append = db.transaction((seq: number) => {
    if (((head.get("w") as number | undefined) ?? 0) !== seq - 1) throw new Error("moved");
    log.run("w", seq, 1, JSON.stringify(envelope("w", seq)), "t1");
    message.run("w", `msg_${seq}`);
    setHead.run("w", seq);
  });
  const start = performance.now();
  for (let seq = 1; seq <= commits; seq++) append.immediate(seq);
  const perSecond = commits / ((performance.now() - start) / 1000);
  db.close();
  return perSecond;
}

// A log of `size` events written in one transaction, its head, one thread and one artifact.
async function seedFile(path: string, size: number): Promise<void> {
  await sqliteStore({ path }).close();
  const db = new Database(path);
  db.pragma("synchronous = OFF");
  const log = db.prepare(
    "INSERT INTO log (workspace_id, seq, v, envelope) VALUES ('big', ?, 1, ?)",
  );
  db.transaction(() => {
    for (let seq = 1; seq <= size; seq++) log.run(seq, JSON.stringify(envelope("big", seq)));
    db.prepare("INSERT INTO heads VALUES ('big', ?)").run(size);
    const thread = JSON.stringify(newThread("t1", ""));
    db.prepare(
      "INSERT INTO threads (workspace_id, id, v, record, status) VALUES ('big', 't1', 1, ?, 'open')",
    ).run(thread);
    const artifact = {
      id: "n1",
      version: 1,
      kind: "note",
      data: { text: "a", title: "" },
      updated_by: person,
      archived: false,
    };
    db.prepare("INSERT INTO artifacts VALUES ('big', 'n1', 1, ?)").run(JSON.stringify(artifact));
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

interface OpenCost {
  readonly open: number;
  readonly reads: number;
  readonly commit: number;
  readonly rss: number;
  readonly heap: number;
}

// Opening: a new store (the migration check), then what a host reads first, then one write.
async function openCost(path: string): Promise<OpenCost> {
  const runs: OpenCost[] = [];
  for (let run = 0; run < 7; run++) {
    const before = process.memoryUsage();
    const start = performance.now();
    const store = sqliteStore({ path });
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "big" });
    const head = await ws.head();
    const opened = performance.now();
    const artifact = await ws.artifact("n1");
    const pending = await ws.proposals({ status: "pending", artifactId: "n1" });
    const tail = await ws.log({ after: head - 1 });
    const read = performance.now();
    const posted = await ws.commit({ type: "post_message", thread_id: "t1", content: "x" }, person);
    const committed = performance.now();
    const after = process.memoryUsage();
    if (artifact === null || pending.length !== 0 || tail.length !== 1 || !posted.ok) {
      throw new Error("the bench file is not as seeded");
    }
    await store.close();
    runs.push({
      open: opened - start,
      reads: read - opened,
      commit: committed - read,
      rss: (after.rss - before.rss) / 2 ** 20,
      heap: (after.heapUsed - before.heapUsed) / 2 ** 20,
    });
  }
  const median = (pick: (c: OpenCost) => number) => quantile(runs.map(pick), 0.5);
  return {
    open: median((c) => c.open),
    reads: median((c) => c.reads),
    commit: median((c) => c.commit),
    rss: median((c) => c.rss),
    heap: median((c) => c.heap),
  };
}

/** Runs the measurements in a scratch folder (removed afterwards) and returns them as rows. */
export async function benchSqliteStore(options: SqliteBenchOptions = {}): Promise<BenchRow[]> {
  const commits = options.commits ?? 2000;
  const sizes = options.sizes ?? [1_000, 100_000, 1_000_000];
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-sqlite-"));
  const file = (name: string) => join(dir, `${name}.db`);
  const rows: BenchRow[] = [];
  const perSecond = (measure: string, value: number, note: string) =>
    rows.push({ measure, value: Math.round(value), unit: "commits/s", note });
  try {
    for (const synchronous of ["full", "normal"] as const) {
      const store = sqliteStore({ path: file(`ws-${synchronous}`), synchronous });
      const workspace = await commitsPerSecond(store, commits);
      perSecond(
        `Workspace on SQLite, synchronous=${synchronous}`,
        workspace,
        `${commits} post_message commits, one writer: head, load, decide, append`,
      );
      await store.close();
      const keyed = sqliteStore({ path: file(`ids-${synchronous}`), synchronous });
      const withIds = await commitsPerSecond(keyed, commits, true);
      await keyed.close();
      rows.push({
        measure: `Workspace with a command id per commit ÷ without, synchronous=${synchronous}`,
        value: Number((withIds / workspace).toFixed(2)),
        unit: "×",
        note: `${Math.round(withIds)} commits/s: the protocol's path (a primary-key lookup, and the command's row written with its append)`,
      });
      const appends = sqliteStore({ path: file(`append-${synchronous}`), synchronous });
      perSecond(
        `store.append alone, synchronous=${synchronous}`,
        await appendsPerSecond(appends, commits),
        "the same envelopes and message ids, without the workspace's rules and reads",
      );
      await appends.close();
      const raw = await rawCommitsPerSecond(file(`raw-${synchronous}`), synchronous, commits);
      perSecond(
        `raw better-sqlite3, synchronous=${synchronous}`,
        raw,
        "the store's schema and statements: BEGIN IMMEDIATE; SELECT head; INSERT log; INSERT messages; UPSERT head; COMMIT",
      );
      const ratio = workspace / raw;
      rows.push({
        measure: `Workspace ÷ raw, synchronous=${synchronous}`,
        value: Number(ratio.toFixed(2)),
        unit: "×",
        note: `goal 0.8× or more: ${ratio >= 0.8 ? "yes" : "NO"}`,
      });
    }
    perSecond(
      "Workspace in memory",
      await commitsPerSecond(memoryStore(), commits),
      "for scale: the rules and the host loop alone",
    );
    // Once first, so that loading and compiling the code is not counted against the smallest.
    await seedFile(file("warm"), 100);
    await openCost(file("warm"));
    for (const size of sizes) {
      const path = file(`log-${size}`);
      const seeding = performance.now();
      await seedFile(path, size);
      const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
      const mb = (statSync(path).size / 2 ** 20).toFixed(0);
      const cost = await openCost(path);
      const events = size.toLocaleString("en");
      const at = (measure: string, value: number, unit: string, note: string) =>
        rows.push({ measure: `${measure}, ${events} events`, value, unit, note });
      at(
        "open",
        Number(cost.open.toFixed(2)),
        "ms",
        `sqliteStore() and head(); ${mb} MB file seeded in ${seeded} s; median of 7`,
      );
      at(
        "first reads",
        Number(cost.reads.toFixed(2)),
        "ms",
        "artifact, pending proposals on it, the last envelope",
      );
      at(
        "first commit",
        Number(cost.commit.toFixed(2)),
        "ms",
        "a post_message through the workspace",
      );
      at(
        "memory",
        Number(cost.rss.toFixed(1)),
        "MB RSS",
        `growth over open, reads and commit; heap ${cost.heap.toFixed(1)} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchSqliteStore();
  console.log("| measure | value | unit | note |\n| --- | ---: | --- | --- |");
  for (const r of rows) console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
