/**
 * Notes read by what the viewer follows: a SQLite file with 10⁵ events over 10⁵ notes, after
 * a thread whose focus is 1,000 other notes; five of the last 10³ events change followed
 * notes. The thread's agent reads its notes (`workspace.notes`) with its cursor 10³, 10⁴ and
 * 10⁵ events behind, taking turns: the same five notes each time. Peer: the same notes read
 * as before the index, from the whole stretch after the cursor (read, then filtered in
 * memory), 10⁵ behind. On PostgreSQL too when `AGENT_WORKSPACE_PG_URL` is set (a scratch
 * schema, dropped afterwards). Goal: notes 10⁵ behind cost at most 3× notes 10³ behind.
 * `tsx bench/notes.ts` prints the table and the goal line.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { createWorkspace, type Store } from "../src/entries/index.ts";
import { postgresStore } from "../src/entries/postgres.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import type { Actor } from "../src/model/actors.ts";
import type { Revision, Versioned } from "../src/model/artifacts.ts";
import type { Envelope } from "../src/model/envelope.ts";
import { NO_NEEDS, revisionKey } from "../src/model/state.ts";
import { newThread } from "../src/model/threads.ts";
import { changeNotes, notesNeeds } from "../src/notes/change-notes.ts";
import type { AppendBatch } from "../src/stores/port.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const GOAL_RATIO = 3;
const SCHEMA = "aw_bench_notes";
const WS = "ws_notes";
const BATCH = 1_000;
const FOLLOWED = 1_000;
const TOLD = 5;
// The peer takes seconds a read: fewer rounds of it.
const PEER_ROUNDS = 2;
const alice: Actor = { kind: "user", id: "alice", name: null };
const viewer: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };

/** What to measure. */
export interface NotesBenchOptions {
  /** Events after the followed notes were made (default 10⁵): the deepest cursor's lag. */
  readonly events?: number;
  /** Rounds of each indexed read, after two unrecorded (default 9). */
  readonly rounds?: number;
}

const followed = (i: number) => `f${String(i).padStart(4, "0")}`;

const envelope = (seq: number, event: Record<string, unknown>): Envelope =>
  ({
    seq,
    id: `evt_${seq}`,
    ts: "2026-12-04T04:00:00.000Z",
    workspace_id: WS,
    thread_id: null,
    run_id: null,
    actor: alice,
    traceparent: null,
    event,
  }) as Envelope;

const created = (seq: number, id: string) =>
  envelope(seq, {
    type: "artifact_created",
    thread_id: null,
    run_id: null,
    artifact_id: id,
    kind: "note",
    version: 1,
    data: { text: `${id}\n` },
    proposal_id: null,
  });

const changed = (seq: number, id: string) =>
  envelope(seq, {
    type: "artifact_changed",
    thread_id: null,
    run_id: null,
    artifact_id: id,
    kind: "note",
    version: 2,
    patch: { kind: "text_edits", field: "text", edits: [{ old: id, new: `${id} (edited)` }] },
    summary: "edited",
    proposal_id: null,
    reverts: null,
    reverted: null,
  });

const revision = (id: string, version: number): Revision => ({
  artifact_id: id,
  version,
  kind: "note",
  data: { text: version === 1 ? `${id}\n` : `${id} (edited)\n` },
  patch: null,
  actor: alice,
  proposal_id: null,
  archived: false,
  trace_id: null,
  reverts: null,
});

const artifact = (id: string, version: number): Versioned => ({
  id,
  version,
  data: revision(id, version).data,
  updated_by: alice,
  archived: false,
  kind: "note",
});

const EMPTY: AppendBatch = {
  envelopes: [],
  artifacts: [],
  revisions: [],
  proposals: [],
  threads: [],
  runs: [],
  messages: [],
};

// The followed notes, then `events` events over as many other notes, five of the last 10³
// changing followed ones; appended a thousand envelopes at a time.
async function seed(store: Store, events: number): Promise<number> {
  let head = 0;
  const append = async (batch: Partial<AppendBatch>) => {
    const done = await store.append(WS, head, { ...EMPTY, ...batch });
    if (!done.ok) throw new Error("the bench workspace moved");
    head = done.head;
  };
  const ids = Array.from({ length: FOLLOWED }, (_, i) => followed(i));
  const thread = { ...newThread("t1", "notes"), focus: ids };
  await append({
    envelopes: ids.map((id, i) => created(i + 1, id)),
    artifacts: ids.map((id) => artifact(id, 1)),
    revisions: ids.map((id) => revision(id, 1)),
    threads: [thread],
  });
  // Where the five changes fall: spread over the last 10³ events.
  const told = new Map(Array.from({ length: TOLD }, (_, i) => [events - 900 + i * 150, i]));
  for (let from = 0; from < events; from += BATCH) {
    const envelopes: Envelope[] = [];
    const touched: string[] = [];
    for (let n = from; n < Math.min(events, from + BATCH); n++) {
      const seq = head + 1 + (n - from);
      const which = told.get(n);
      if (which === undefined) envelopes.push(created(seq, `n${n}`));
      else {
        const id = followed(which * 199);
        touched.push(id);
        envelopes.push(changed(seq, id));
      }
    }
    await append({
      envelopes,
      artifacts: touched.map((id) => artifact(id, 2)),
      revisions: touched.map((id) => revision(id, 2)),
    });
  }
  return head;
}

type Read = () => Promise<number>;

// Median milliseconds of each read, taking turns, each going first every other round, after
// `warmups` unrecorded rounds.
async function medians(reads: readonly Read[], rounds: number, warmups = 2): Promise<number[]> {
  const times = reads.map((): number[] => []);
  for (let round = 0; round < rounds + warmups; round++) {
    const order = round % 2 === 0 ? reads.map((_, i) => i) : reads.map((_, i) => i).reverse();
    for (const i of order) {
      const started = performance.now();
      const count = await (reads[i] as Read)();
      if (count !== TOLD) throw new Error(`a read told ${count} notes, not ${TOLD}`);
      if (round >= warmups) times[i]?.push(performance.now() - started);
    }
  }
  return times.map((t) => quantile(t, 0.5));
}

// The notes as read before the index: the whole stretch after the cursor, filtered here.
async function wholeStretch(store: Store, after: number): Promise<number> {
  const head = await store.head(WS);
  const envelopes = (await store.read(WS, { after })).filter((e) => e.seq <= head);
  const { threads } = await store.load(WS, { ...NO_NEEDS, threads: ["t1"] });
  const focus = threads.get("t1")?.focus ?? null;
  const wanted = notesNeeds(envelopes, { viewer, focus });
  const { revisions } = await store.load(WS, { ...NO_NEEDS, revisions: wanted });
  const dataAt = (ref: { artifact_id: string; version: number }) =>
    revisions.get(revisionKey(ref))?.data;
  return changeNotes(envelopes, { viewer, focus, dataAt }).length;
}

async function measure(where: string, store: Store, options: NotesBenchOptions) {
  const events = options.events ?? 100_000;
  const rounds = options.rounds ?? 9;
  const head = await seed(store, events);
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
  const lags = [1_000, 10_000, 100_000].filter((lag) => lag <= events);
  const behind = (lag: number) => async () =>
    (await ws.notes({ viewer, after: head - lag })).notes.length;
  const times = await medians(lags.map(behind), rounds);
  const [peer] = await medians([() => wholeStretch(store, head - events)], PEER_ROUNDS, 1);
  await ws.close();
  return { where, lags, times, peer: peer ?? 0, rounds };
}

type Measured = Awaited<ReturnType<typeof measure>>;

const ms = (x = 0) => Number(x.toFixed(2));
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
// A lag as a power of ten where it is one (10⁵), else in digits.
const power = (n: number): string => {
  const exponent = Math.log10(n);
  return Number.isInteger(exponent)
    ? `10${[...String(exponent)].map((d) => SUPERSCRIPT[Number(d)]).join("")}`
    : n.toLocaleString("en");
};

// The rows of one store's run, the goal's among them.
function rowsOf({ where, lags, times, peer, rounds }: Measured): BenchRow[] {
  const rows: BenchRow[] = lags.map((lag, i) => ({
    measure: `${TOLD} notes, cursor ${power(lag)} events behind, ${where}`,
    value: ms(times[i]),
    unit: "ms",
    note: `median of ${rounds}, taking turns; the thread follows ${FOLLOWED.toLocaleString("en")} notes`,
  }));
  const [first, last] = [times[0] ?? 0, times.at(-1) ?? 0];
  const ratio = last / (first || 1);
  const deepest = power(lags.at(-1) ?? 1);
  rows.push({
    measure: `peer: the same notes from the whole stretch, ${deepest} behind, ${where}`,
    value: ms(peer),
    unit: "ms",
    note: `median of ${PEER_ROUNDS}: the log read after the cursor and filtered in memory; ${(peer / (last || 1)).toFixed(0)}× the indexed read`,
  });
  rows.push({
    measure: `goal, ${where}`,
    value: Number(ratio.toFixed(2)),
    unit: "×",
    note: `notes ${deepest} behind ≤ ${GOAL_RATIO}× notes ${power(lags[0] ?? 1)} behind: ${ratio <= GOAL_RATIO ? "yes" : "NO"} (${ratio.toFixed(2)})`,
  });
  return rows;
}

/** Runs the measurements: a SQLite file, then PostgreSQL when `AGENT_WORKSPACE_PG_URL` is set. */
export async function benchNotes(options: NotesBenchOptions = {}): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-notes-"));
  const rows: BenchRow[] = [];
  try {
    const store = sqliteStore({ path: join(dir, "notes.db") });
    rows.push(...rowsOf(await measure("SQLite", store, options)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.AGENT_WORKSPACE_PG_URL;
  if (url === undefined || url === "") return rows;
  const pool = new Pool({ connectionString: url });
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    const store = await postgresStore({ pool }, { schema: SCHEMA });
    rows.push(...rowsOf(await measure("PostgreSQL", store, options)));
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const load = loadavg().map((x) => x.toFixed(1));
  console.log(`load average ${load.join(", ")} at start\n`);
  console.log("| measure | value | unit | note |\n| --- | ---: | --- | --- |");
  const rows = await benchNotes();
  for (const r of rows) console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
  console.log("");
  for (const r of rows.filter((row) => row.measure.startsWith("goal"))) {
    console.log(`${r.measure.slice("goal, ".length)}: ${r.note}`);
  }
}
