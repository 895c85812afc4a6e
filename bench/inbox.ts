/**
 * The inbox's first page against the whole list it used to read: a workspace with 10⁴ pending
 * proposals, `proposalPage({ status: "pending" })` (the default page of 100) against
 * `proposals({ status: "pending" })`, taking turns in the same run, on a SQLite file and, when
 * `AGENT_WORKSPACE_PG_URL` is set, on PostgreSQL (a scratch schema, dropped afterwards). A
 * page from the middle of the list is measured too: a page costs its length wherever it
 * starts. Goal: the first page in at most 20 ms. `tsx bench/inbox.ts` prints the table.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { createWorkspace, type Proposal, type Store } from "../src/entries/index.ts";
import { postgresStore } from "../src/entries/postgres.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const GOAL_MS = 20;
const SCHEMA = "aw_bench_inbox";
const WS = "ws_inbox";

/** What to measure. */
export interface InboxBenchOptions {
  /** Pending proposals in the workspace (default 10⁴). */
  readonly proposals?: number;
  /** Rounds of each read, after two unrecorded (default 15). */
  readonly rounds?: number;
}

// A pending proposal of its own note, by one agent, as a workspace writes one.
const pending = (n: number): Proposal => ({
  id: `prp_${String(n).padStart(6, "0")}`,
  change: {
    type: "edit_artifact",
    artifact_id: `n${n}`,
    base_version: 1,
    patch: { kind: "text_edits", field: "text", edits: [{ old: "a", new: `b${n}` }] },
    summary: null,
    thread_id: "t1",
    proposal_id: `prp_${String(n).padStart(6, "0")}`,
  },
  proposed_by: { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" },
  rationale: "So that the note says what was meant.",
  status: "pending",
  thread_id: "t1",
  created_at: "2026-12-04T01:00:00.000Z",
  expires_at: null,
  resolution: null,
  comments: [],
  changes_requested: false,
  revises: null,
  reproposal_of: null,
});

// Fills the store a thousand proposals an append (entities without envelopes: a filling).
async function seed(store: Store, count: number): Promise<void> {
  const empty = { envelopes: [], artifacts: [], revisions: [], threads: [], runs: [] };
  for (let from = 0; from < count; from += 1_000) {
    const proposals = Array.from({ length: Math.min(1_000, count - from) }, (_, i) =>
      pending(from + i),
    );
    const done = await store.append(WS, 0, { ...empty, proposals, messages: [] });
    if (!done.ok) throw new Error("the bench workspace moved");
  }
}

type Read = () => Promise<number>;

// Median milliseconds of each read, taking turns, each going first every other round.
async function medians(reads: readonly Read[], rounds: number): Promise<number[]> {
  const times = reads.map((): number[] => []);
  for (let round = 0; round < rounds + 2; round++) {
    const order = round % 2 === 0 ? reads.map((_, i) => i) : reads.map((_, i) => i).reverse();
    for (const i of order) {
      const started = performance.now();
      const read = (reads[i] as Read)();
      const count = await read;
      if (count === 0) throw new Error("a read found nothing");
      if (round >= 2) times[i]?.push(performance.now() - started);
    }
  }
  return times.map((t) => quantile(t, 0.5));
}

async function measure(where: string, store: Store, options: InboxBenchOptions) {
  const count = options.proposals ?? 10_000;
  const rounds = options.rounds ?? 15;
  await seed(store, count);
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
  const middle = pending(Math.floor(count / 2)).id;
  const [page, whole, later] = await medians(
    [
      async () => (await ws.proposalPage({ status: "pending" })).items.length,
      async () => (await ws.proposals({ status: "pending" })).length,
      async () => (await ws.proposalPage({ status: "pending", after: middle })).items.length,
    ],
    rounds,
  );
  await ws.close();
  const ms = (x = 0) => Number(x.toFixed(2));
  const of = `${count.toLocaleString("en")} pending`;
  return [
    {
      measure: `inbox's first page (100) of ${of}, ${where}`,
      value: ms(page),
      unit: "ms",
      note: `median of ${rounds}; ${((whole ?? 0) / (page ?? 1)).toFixed(0)}× faster than the whole list; goal ≤ ${GOAL_MS} ms: ${(page ?? 0) <= GOAL_MS ? "yes" : "NO"}`,
    },
    {
      measure: `peer: the whole list of ${of}, ${where}`,
      value: ms(whole),
      unit: "ms",
      note: `median of ${rounds}, taking turns with the pages`,
    },
    {
      measure: `a page (100) from the middle of ${of}, ${where}`,
      value: ms(later),
      unit: "ms",
      note: `median of ${rounds}: a page costs its length wherever it starts`,
    },
  ];
}

/** Runs the measurements: a SQLite file, then PostgreSQL when `AGENT_WORKSPACE_PG_URL` is set. */
export async function benchInbox(options: InboxBenchOptions = {}): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-inbox-"));
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await measure("SQLite", sqliteStore({ path: join(dir, "inbox.db") }), options)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.AGENT_WORKSPACE_PG_URL;
  if (url === undefined || url === "") return rows;
  const pool = new Pool({ connectionString: url });
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    const store = await postgresStore({ pool }, { schema: SCHEMA });
    rows.push(...(await measure("PostgreSQL", store, options)));
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchInbox())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
