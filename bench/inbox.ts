/**
 * The inbox's first pages against the whole lists it used to read: a workspace with 10⁴ pending
 * proposals, `proposalPage({ status: "pending" })` (the default page of 100) against
 * `proposals({ status: "pending" })`; one with 10⁴ pending decisions (half in threads, half
 * in runs), `decisionPage()` against `decisions()`; one with 10⁴ offers (10 each from 10³
 * threads), `offerPage()` against `offers()`. Each pair takes turns in the same run, on a
 * SQLite file and, when `AGENT_WORKSPACE_PG_URL` is set, on PostgreSQL (a scratch schema,
 * dropped afterwards). A page from the middle of each list is measured too: a page costs its
 * length wherever it starts. Goal: each first page in at most 20 ms. `tsx bench/inbox.ts`
 * prints the table.
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
import type { ThreadOffer } from "../src/model/offers.ts";
import type { Run } from "../src/model/runs.ts";
import type { Thread } from "../src/model/threads.ts";
import { batch, decision, runIn, threadIn } from "../src/testing/suite-records.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const GOAL_MS = 20;
const SCHEMA = "aw_bench_inbox";
const WS = "ws_inbox";
const DECISIONS_WS = "ws_inbox_decisions";
const OFFERS_WS = "ws_inbox_offers";

/** What to measure. */
export interface InboxBenchOptions {
  /** Pending proposals, pending decisions and offers, each in a workspace (default 10⁴). */
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

// Fills a workspace with `count` pending decisions: the first half in threads, the rest in
// runs of the first thread, a thousand an append.
async function seedDecisions(store: Store, count: number): Promise<void> {
  const id = (n: number) => String(n).padStart(6, "0");
  const half = Math.ceil(count / 2);
  for (let from = 0; from < count; from += 1_000) {
    const threads: Thread[] = [];
    const runs: Run[] = [];
    for (let n = from; n < Math.min(count, from + 1_000); n += 1) {
      if (n < half) threads.push(threadIn(`thr_${id(n)}`, "open", decision(`d${n}`)));
      else runs.push(runIn(`run_${id(n)}`, "thr_000000", "paused", decision(`d${n}`)));
    }
    const done = await store.append(DECISIONS_WS, 0, batch({ threads, runs }));
    if (!done.ok) throw new Error("the bench workspace moved");
  }
}

// Fills a workspace with `count` offers, ten from each thread, a hundred threads an append.
async function seedOffers(store: Store, count: number): Promise<void> {
  const offer = (n: number): ThreadOffer => ({
    title: `Offer ${n}`,
    summary: "A thread of its own for the loader's tests.",
    rationale: null,
    prompt: "Cover the loader with tests.",
    files: [],
  });
  const threadsOf = Math.ceil(count / 10);
  for (let from = 0; from < threadsOf; from += 100) {
    const threads = Array.from({ length: Math.min(100, threadsOf - from) }, (_, i) => {
      const t = from + i;
      const offered = Object.fromEntries(
        Array.from({ length: 10 }, (_, k) => [`call_${t}_${k}`, offer(t * 10 + k)]),
      );
      return { ...threadIn(`thr_${String(t).padStart(6, "0")}`, "open"), offered };
    });
    const done = await store.append(OFFERS_WS, 0, batch({ threads }));
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

/** One list's reads: its first page, the whole list (the peer), a page from its middle. */
interface Listed {
  readonly of: string;
  readonly page: Read;
  readonly whole: Read;
  readonly later: Read;
}

async function rowsOf(where: string, list: Listed, rounds: number): Promise<BenchRow[]> {
  const [page, whole, later] = await medians([list.page, list.whole, list.later], rounds);
  const ms = (x = 0) => Number(x.toFixed(2));
  return [
    {
      measure: `inbox's first page (100) of ${list.of}, ${where}`,
      value: ms(page),
      unit: "ms",
      note: `median of ${rounds}; ${((whole ?? 0) / (page ?? 1)).toFixed(0)}× faster than the whole list; goal ≤ ${GOAL_MS} ms: ${(page ?? 0) <= GOAL_MS ? "yes" : "NO"}`,
    },
    {
      measure: `peer: the whole list of ${list.of}, ${where}`,
      value: ms(whole),
      unit: "ms",
      note: `median of ${rounds}, taking turns with the pages`,
    },
    {
      measure: `a page (100) from the middle of ${list.of}, ${where}`,
      value: ms(later),
      unit: "ms",
      note: `median of ${rounds}: a page costs its length wherever it starts`,
    },
  ];
}

async function measure(where: string, store: Store, options: InboxBenchOptions) {
  const count = options.proposals ?? 10_000;
  const rounds = options.rounds ?? 15;
  await seed(store, count);
  await seedDecisions(store, count);
  await seedOffers(store, count);
  const registry = fixtureRegistry();
  const ws = createWorkspace({ registry, store, id: WS });
  const deciding = createWorkspace({ registry, store, id: DECISIONS_WS });
  const offering = createWorkspace({ registry, store, id: OFFERS_WS });
  const middle = pending(Math.floor(count / 2)).id;
  const decisionMiddle = `thread:thr_${String(Math.floor(count / 4)).padStart(6, "0")}`;
  const offerMiddle = `thr_${String(Math.floor(count / 20)).padStart(6, "0")}:call_${Math.floor(count / 20)}_9`;
  const n = count.toLocaleString("en");
  const rows = [
    ...(await rowsOf(
      where,
      {
        of: `${n} pending`,
        page: async () => (await ws.proposalPage({ status: "pending" })).items.length,
        whole: async () => (await ws.proposals({ status: "pending" })).length,
        later: async () =>
          (
            await ws.proposalPage({ status: "pending", after: middle })
          ).items.length,
      },
      rounds,
    )),
    ...(await rowsOf(
      where,
      {
        of: `${n} pending decisions`,
        page: async () => (await deciding.decisionPage()).items.length,
        whole: async () => (await deciding.decisions()).length,
        later: async () => (await deciding.decisionPage({ after: decisionMiddle })).items.length,
      },
      rounds,
    )),
    ...(await rowsOf(
      where,
      {
        of: `${n} offers`,
        page: async () => (await offering.offerPage()).items.length,
        whole: async () => (await offering.offers()).length,
        later: async () => (await offering.offerPage({ after: offerMiddle })).items.length,
      },
      rounds,
    )),
  ];
  await Promise.all([ws.close(), deciding.close(), offering.close()]);
  return rows;
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
