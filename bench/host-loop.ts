/**
 * The host loop, measured: (a) a memory-store workspace's commits per second with 10², 10³,
 * 10⁴ and 10⁵ entities already in it (half artifacts, half threads), for two commits that
 * write different tables: a `post_message` to one of the threads and a direct `edit_artifact`
 * of one of the artifacts; (b) a SQLite workspace against two raw better-sqlite3 peers on the
 * store's own schema (its migrations, its statements: the log's `thread_id` column and
 * `log_by_thread` index, the message, artifact and revision tables, the head): one writing the
 * very rows the workspace's commits wrote, and a hand-written program doing the same job (in one
 * `BEGIN IMMEDIATE`: read the head and the row, parse it, apply the change, write the rows).
 * Each figure is the median of several runs, by wall clock and by this process's CPU time
 * (which other processes on the machine disturb less). `tsx bench/host-loop.ts` prints the
 * table and the goals.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { createWorkspace, type Envelope, memoryStore, type Store } from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import type { Versioned } from "../src/model/artifacts.ts";
import { newThread } from "../src/model/threads.ts";
import type { AppendBatch } from "../src/stores/port.ts";
import { isOffering } from "../src/stores/rows.ts";
import { SQL } from "../src/stores/sqlite/statements.ts";
import { subjectRows } from "../src/stores/subject-rows.ts";
import { type BenchRow, quantile } from "./stats.ts";

/** What to measure. */
export interface HostLoopBenchOptions {
  /** Entities already in the workspace, per size (default 10², 10³, 10⁴, 10⁵). */
  readonly sizes?: readonly number[];
  /** Timed commits per run (default 4000). */
  readonly commits?: number;
  /** Runs per figure; the median is reported (default 5). */
  readonly runs?: number;
  /** Which parts to run (default both). */
  readonly parts?: readonly ("memory" | "sqlite")[];
}

/** The measurements, and the goals they are held to, each as a line saying whether it is met. */
export interface HostLoopBench {
  readonly rows: BenchRow[];
  readonly goals: string[];
}

const WS = "ws_loop";
const person = { kind: "user", id: "alice", name: null } as const;
const registry = fixtureRegistry();

/** Commits per second by wall clock and by CPU time, over one run of `commits` calls. */
interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

async function rate(commits: number, run: (i: number) => Promise<void> | void): Promise<Rate> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < commits; i++) await run(i);
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { wall: commits / wall, cpu: commits / ((used.user + used.system) / 1e6) };
}

const median = (rates: readonly Rate[]): Rate => ({
  wall: quantile(
    rates.map((r) => r.wall),
    0.5,
  ),
  cpu: quantile(
    rates.map((r) => r.cpu),
    0.5,
  ),
});

const note = (i: number): Versioned => ({
  id: `n${i}`,
  version: 1,
  kind: "note",
  data: { text: "seed", title: "" },
  updated_by: person,
  archived: false,
});

const seedEnvelope = (size: number): Envelope => ({
  seq: 1,
  id: "evt_seed",
  ts: new Date(0).toISOString(),
  workspace_id: WS,
  thread_id: null,
  run_id: null,
  actor: person,
  traceparent: null,
  event: { type: "thread_created", thread_id: "t0", title: `${size} entities` },
});

/** `size` entities in one append: half notes (`n0`…, each with its revision), half threads. */
function seedBatch(size: number): AppendBatch {
  const half = Math.max(1, Math.floor(size / 2));
  const notes = Array.from({ length: half }, (_, i) => note(i));
  return {
    envelopes: [seedEnvelope(size)],
    artifacts: notes,
    revisions: notes.map((n) => ({
      artifact_id: n.id,
      version: 1,
      kind: n.kind,
      data: n.data,
      patch: null,
      actor: person,
      proposal_id: null,
      archived: false,
      trace_id: null,
      reverts: null,
    })),
    threads: Array.from({ length: half }, (_, i) => newThread(`t${i}`, "")),
    proposals: [],
    runs: [],
    messages: [],
  };
}

async function seed(store: Store, size: number): Promise<void> {
  const appended = await store.append(WS, 0, seedBatch(size));
  if (!appended.ok) throw new Error("the bench store is not empty");
}

type Kind = "post_message" | "edit_artifact";

/**
 * A workspace on `store` (seeded with `size` entities) and a commit of `kind` on its `i`th
 * entity of that kind, round robin (each edit based on that artifact's current version). While
 * `record.into` is set, what each commit appended goes there, for the raw peer to write.
 */
function committer(
  store: Store,
  size: number,
  kind: Kind,
  record: { into: AppendBatch[] | null } = { into: null },
) {
  const ws = createWorkspace({ registry, store, id: WS });
  const half = Math.max(1, Math.floor(size / 2));
  const versions = new Map<number, number>();
  return async (i: number) => {
    const at = i % half;
    const base = versions.get(at) ?? 1;
    const text = `edit ${i}`;
    const result =
      kind === "post_message"
        ? await ws.commit({ type: "post_message", thread_id: `t${at}`, content: `m${i}` }, person)
        : await ws.commit(
            {
              type: "edit_artifact",
              artifact_id: `n${at}`,
              base_version: base,
              patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: text }] },
            },
            person,
          );
    if (!result.ok) throw new Error(`${kind} refused: ${JSON.stringify(result.rejection)}`);
    versions.set(at, base + 1);
    record.into?.push({ ...result.entities, envelopes: result.envelopes });
  };
}

/** A memory workspace's rate at each size, for one kind of commit (fresh store per run). */
async function memoryRates(kind: Kind, sizes: readonly number[], commits: number, runs: number) {
  // Once first, unmeasured, so that compiling the code is not counted against the first size.
  const warm = memoryStore();
  await seed(warm, 100);
  const warmCommit = committer(warm, 100, kind);
  for (let i = 0; i < 3000; i++) await warmCommit(i);
  const rates = new Map<number, Rate>();
  for (const size of sizes) {
    const each: Rate[] = [];
    for (let r = 0; r < runs; r++) {
      const store = memoryStore();
      await seed(store, size);
      const commit = committer(store, size, kind);
      for (let i = 0; i < 300; i++) await commit(commits + i);
      each.push(await rate(commits, commit));
    }
    rates.set(size, median(each));
  }
  return rates;
}

/**
 * The raw peer: writes a batch's rows with the store's own statements, in one `BEGIN
 * IMMEDIATE` that first compares the head, as the store's append does.
 */
function rawAppender(db: Database.Database) {
  const s = Object.fromEntries(
    Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Record<keyof typeof SQL, Database.Statement>;
  const append = db.transaction((expectedHead: number, b: AppendBatch) => {
    const found = (s.head.get(WS) as { head: number } | undefined)?.head ?? 0;
    if (found !== expectedHead) throw new Error("moved");
    for (const e of b.envelopes) s.insertLog.run(WS, e.seq, 1, JSON.stringify(e), e.thread_id);
    // The index of what each envelope is about, as the store files it (ADR 0060).
    for (const row of subjectRows(b.envelopes)) s.insertSubject.run(WS, row.subject, row.seq);
    for (const a of b.artifacts) s.putArtifact.run(WS, a.id, 1, JSON.stringify(a));
    for (const r of b.revisions) {
      s.insertRevision.run(WS, r.artifact_id, r.version, 1, JSON.stringify(r));
    }
    for (const p of b.proposals) {
      s.putProposal.run(WS, p.id, 1, JSON.stringify(p), p.status, p.change.artifact_id);
      const hunks = p.status === "rejected" ? (p.resolution?.hunk_ids ?? []) : [];
      for (const hunk of hunks) s.insertRejectedHunk.run(WS, p.change.artifact_id, hunk, p.id);
    }
    for (const t of b.threads) {
      const [deciding, offering] = [t.decision.pending === null ? 0 : 1, isOffering(t) ? 1 : 0];
      s.putThread.run(WS, t.id, 1, JSON.stringify(t), t.status, deciding, offering);
    }
    for (const r of b.runs) {
      const deciding = r.decision.pending === null ? 0 : 1;
      s.putRun.run(WS, r.id, 1, JSON.stringify(r), r.thread_id, r.status, deciding);
    }
    for (const id of b.messages) s.putMessage.run(WS, id);
    s.setHead.run(WS, expectedHead + b.envelopes.length);
  });
  return (expectedHead: number, batch: AppendBatch) => append.immediate(expectedHead, batch);
}

/**
 * The hand-written peer: the same job as the workspace's commit, written against the raw driver
 * with the store's statements and schema. One `BEGIN IMMEDIATE` each: read the head and the row
 * the commit needs (the thread a message goes to and whether its id is taken; the artifact an
 * edit changes), parse it, check it, apply the change, write the rows the workspace writes (the
 * envelope and the message id; the envelope, the artifact and its revision), move the head. No
 * validation of input, no rules beyond those checks, no retries.
 */
function handWritten(db: Database.Database, kind: Kind, size: number) {
  const s = Object.fromEntries(
    Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Record<keyof typeof SQL, Database.Statement>;
  const half = Math.max(1, Math.floor(size / 2));
  const headNow = () => (s.head.get(WS) as { head: number } | undefined)?.head ?? 0;
  const envelope = (seq: number, threadId: string | null, event: object) =>
    JSON.stringify({
      seq,
      id: `evt_raw_${seq}`,
      ts: new Date().toISOString(),
      workspace_id: WS,
      thread_id: threadId,
      run_id: null,
      actor: person,
      traceparent: null,
      event,
    });
  const post = db.transaction((i: number) => {
    const head = headNow();
    const threadId = `t${i % half}`;
    const row = s.thread.get(WS, threadId) as { record: string } | undefined;
    const thread = row === undefined ? null : (JSON.parse(row.record) as { status: string });
    if (thread?.status !== "open") throw new Error(`no open thread ${threadId}`);
    const messageId = `msg_raw_${i}`;
    if (s.message.get(WS, messageId) !== undefined) throw new Error("message id taken");
    const event = {
      type: "message_posted",
      thread_id: threadId,
      message_id: messageId,
      content: `m${i}`,
      run_id: null,
      kind: "message",
    };
    s.insertLog.run(WS, head + 1, 1, envelope(head + 1, threadId, event), threadId);
    s.putMessage.run(WS, messageId);
    s.setHead.run(WS, head + 1);
  });
  const edit = db.transaction((i: number) => {
    const head = headNow();
    const id = `n${i % half}`;
    const row = s.artifact.get(WS, id) as { record: string } | undefined;
    if (row === undefined) throw new Error(`no artifact ${id}`);
    const current = JSON.parse(row.record) as Versioned;
    const value = `edit ${i}`;
    const data = { ...current.data, text: value };
    const version = current.version + 1;
    const patch = { kind: "json_patch", ops: [{ op: "replace", path: "/text", value }] };
    const artifact = { ...current, version, data, updated_by: person };
    const revision = {
      artifact_id: id,
      version,
      kind: current.kind,
      data,
      patch,
      actor: person,
      proposal_id: null,
      archived: false,
      trace_id: null,
      reverts: null,
    };
    const event = {
      type: "artifact_changed",
      thread_id: null,
      run_id: null,
      artifact_id: id,
      kind: current.kind,
      version,
      patch,
      summary: "replace /text",
      proposal_id: null,
    };
    s.insertLog.run(WS, head + 1, 1, envelope(head + 1, null, event), null);
    s.putArtifact.run(WS, id, 1, JSON.stringify(artifact));
    s.insertRevision.run(WS, id, version, 1, JSON.stringify(revision));
    s.setHead.run(WS, head + 1);
  });
  return (i: number) => (kind === "post_message" ? post.immediate(i) : edit.immediate(i));
}

/**
 * A SQLite workspace's rate, and the raw driver's writing the very rows those commits wrote,
 * on a file seeded alike, for one kind of commit.
 */
async function sqliteRates(
  dir: string,
  kind: Kind,
  synchronous: "full" | "normal",
  commits: number,
  runs: number,
) {
  const workspace: Rate[] = [];
  const raw: Rate[] = [];
  const program: Rate[] = [];
  for (let r = 0; r < runs; r++) {
    const path = join(dir, `ws-${kind}-${synchronous}-${r}.db`);
    const store = sqliteStore({ path, synchronous });
    await seed(store, 100);
    const record: { into: AppendBatch[] | null } = { into: null };
    const commit = committer(store, 100, kind, record);
    for (let i = 0; i < 200; i++) await commit(commits + i);
    const batches: AppendBatch[] = [];
    record.into = batches;
    workspace.push(await rate(commits, commit));
    await store.close();

    // The same schema and seed, made by the store itself; the same pragmas the store sets.
    const rawPath = join(dir, `raw-${kind}-${synchronous}-${r}.db`);
    const seeded = sqliteStore({ path: rawPath, synchronous });
    await seed(seeded, 100);
    await seeded.close();
    const db = new Database(rawPath);
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
    const first = batches[0]?.envelopes[0]?.seq ?? 1;
    db.prepare(SQL.setHead).run(WS, first - 1);
    const append = rawAppender(db);
    raw.push(
      await rate(commits, (i) => {
        const batch = batches[i] as AppendBatch;
        append((batch.envelopes[0]?.seq ?? 1) - 1, batch);
      }),
    );
    db.close();
    const programPath = join(dir, `prog-${kind}-${synchronous}-${r}.db`);
    program.push(await handWrittenRate(programPath, kind, synchronous, commits));
  }
  return { workspace: median(workspace), raw: median(raw), program: median(program) };
}

// The hand-written peer's rate on a file seeded as the workspace's was, with the same pragmas,
// after as many unmeasured commits as the workspace had.
async function handWrittenRate(
  path: string,
  kind: Kind,
  synchronous: "full" | "normal",
  commits: number,
) {
  const seeded = sqliteStore({ path, synchronous });
  await seed(seeded, 100);
  await seeded.close();
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  const commit = handWritten(db, kind, 100);
  for (let i = 0; i < 200; i++) commit(commits + i);
  const measured = await rate(commits, commit);
  db.close();
  return measured;
}

const round = (x: number) => Math.round(x);
const fixed = (x: number) => x.toFixed(2);

/** Runs the measurements (SQLite files in a scratch folder, removed afterwards). */
export async function benchHostLoop(options: HostLoopBenchOptions = {}): Promise<HostLoopBench> {
  const sizes = options.sizes ?? [100, 1_000, 10_000, 100_000];
  const commits = options.commits ?? 4000;
  const runs = options.runs ?? 5;
  const parts = options.parts ?? ["memory", "sqlite"];
  const rows: BenchRow[] = [];
  const goals: string[] = [];
  if (parts.includes("memory")) await memoryPart({ sizes, commits, runs }, rows, goals);
  if (parts.includes("sqlite")) await sqlitePart({ commits, runs }, rows, goals);
  return { rows, goals };
}

async function memoryPart(
  { sizes, commits, runs }: { sizes: readonly number[]; commits: number; runs: number },
  rows: BenchRow[],
  goals: string[],
): Promise<void> {
  for (const kind of ["post_message", "edit_artifact"] as const) {
    const rates = await memoryRates(kind, sizes, commits, runs);
    for (const [size, r] of rates) {
      rows.push({
        measure: `memory workspace, ${kind}, ${size.toLocaleString("en")} entities`,
        value: round(r.wall),
        unit: "commits/s",
        note: `by CPU time: ${round(r.cpu)}/s; median of ${runs} runs of ${commits}`,
      });
    }
    const all = [...rates.values()];
    const slowest = Math.min(...all.map((r) => r.cpu));
    const smallest = rates.get(sizes[0] ?? 0);
    const largest = rates.get(sizes.at(-1) ?? 0);
    const flat = smallest === undefined || largest === undefined ? 0 : largest.cpu / smallest.cpu;
    goals.push(
      `- memory ${kind} at 20,000 commits/s or more at every size (by CPU time): ${slowest >= 20_000 ? "yes" : "NO"} (slowest ${round(slowest)}/s)`,
      `- memory ${kind} flat from ${sizes[0]} to ${sizes.at(-1)} entities (largest ÷ smallest ≥ 0.8, by CPU time): ${flat >= 0.8 ? "yes" : "NO"} (${fixed(flat)})`,
    );
  }
}

async function sqlitePart(
  { commits, runs }: { commits: number; runs: number },
  rows: BenchRow[],
  goals: string[],
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-loop-"));
  try {
    for (const synchronous of ["normal", "full"] as const) {
      for (const kind of ["post_message", "edit_artifact"] as const) {
        const { workspace, raw, program } = await sqliteRates(
          dir,
          kind,
          synchronous,
          commits,
          runs,
        );
        const at = `SQLite, synchronous=${synchronous}, ${kind}`;
        rows.push(
          {
            measure: `workspace, ${at}`,
            value: round(workspace.wall),
            unit: "commits/s",
            note: `by CPU time: ${round(workspace.cpu)}/s; parse, load (what its cache lacks), decide, append`,
          },
          {
            measure: `raw better-sqlite3 writing the same rows, ${at}`,
            value: round(raw.wall),
            unit: "commits/s",
            note: `by CPU time: ${round(raw.cpu)}/s; the workspace's rows replayed with the store's statements, one BEGIN IMMEDIATE each`,
          },
          {
            measure: `raw better-sqlite3, hand-written program doing the same job, ${at}`,
            value: round(program.wall),
            unit: "commits/s",
            note: `by CPU time: ${round(program.cpu)}/s; one BEGIN IMMEDIATE each: read the head and the row, parse it, apply the change, write the rows`,
          },
        );
        goals.push(
          ratioGoal(`the raw driver writing the same rows (${at})`, workspace, raw),
          ratioGoal(`a hand-written raw program doing the same job (${at})`, workspace, program),
          overRawGoal(at, kind, workspace, raw),
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The library's own CPU per commit: the workspace's, less the raw driver's writing the same
// rows; goals 40 µs for a message, 60 µs for an edit (on a quiet machine).
function overRawGoal(at: string, kind: string, workspace: Rate, raw: Rate): string {
  const over = 1e6 / workspace.cpu - 1e6 / raw.cpu;
  const goal = kind === "post_message" ? 40 : 60;
  const met = over <= goal ? "yes" : "NO";
  return `- library CPU over the raw rows per commit (${at}) at most ${goal} µs: ${met} (${over.toFixed(0)} µs)`;
}

// A goal line: the workspace at 0.8× `peer` or more, judged by wall clock (ADR 0033).
function ratioGoal(peer: string, workspace: Rate, of: Rate): string {
  const ratio = workspace.wall / of.wall;
  const met = ratio >= 0.8 ? "yes" : "NO";
  return `- SQLite workspace at 0.8× ${peer} or more, wall clock: ${met} (${fixed(ratio)}×; by CPU time ${fixed(workspace.cpu / of.cpu)}×)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, goals } = await benchHostLoop();
  console.log("| measure | value | unit | note |\n| --- | ---: | --- | --- |");
  for (const r of rows) console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
  console.log(`\nGoals:\n${goals.join("\n")}`);
}
