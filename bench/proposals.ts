/**
 * What a proposal costs on an artifact with many other proposals, against one on an artifact
 * with none, in the same workspace, taking turns (each first every other round), on memory and
 * on a SQLite file (ADR 0062):
 * - a note (its type does not supersede) with 1,000 pending proposals of the proposing thread;
 * - a memo (its type supersedes) with 1,000 pending proposals of other threads;
 * - a note with 1,000 rejected proposals (the re-proposal check).
 * Each timed proposal is rejected afterwards, untimed, so the counts stay where they were set.
 * Goal: each at most 1.5× its peer. `tsx bench/proposals.ts [rounds]` prints the table.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import {
  type ActorInput,
  type CommandInput,
  createWorkspace,
  type Workspace,
} from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const MANY = 1_000;
const GOAL = 1.5;
const person = { kind: "user", id: "alice" } as const;
const agent = (thread_id: string): ActorInput => ({ kind: "agent", thread_id, run_id: null });
const TEXT = `${Array.from({ length: 40 }, (_, i) => `Line ${i} of the plan.`).join("\n")}\n`;

async function commit(ws: Workspace, command: CommandInput, actor: ActorInput = person) {
  const done = await ws.commit(command, actor);
  if (!done.ok) throw new Error(done.rejection.message);
  return done.outcome;
}

const create = (ws: Workspace, id: string, kind: "note" | "memo") =>
  commit(ws, { type: "create_artifact", artifact_id: id, kind, data: { text: TEXT } });

/** A proposal by `by`'s agent changing lines 3 and 30 of `id` (tagged, so each is new). */
async function propose(ws: Workspace, id: string, by: string, tag: string): Promise<string> {
  const edits = [
    { old: "Line 3 of", new: `Line 3 (${tag}) of` },
    { old: "Line 30 of", new: `Line 30 (${tag}) of` },
  ];
  const change = {
    type: "edit_artifact" as const,
    artifact_id: id,
    base_version: 1,
    patch: { kind: "text_edits" as const, edits },
  };
  const outcome = await commit(ws, { type: "propose_change", change }, agent(by));
  if (outcome.type !== "proposed") throw new Error("expected a proposal");
  return outcome.proposal_id;
}

const reject = (ws: Workspace, proposal_id: string) =>
  commit(ws, { type: "respond_to_proposal", proposal_id, decision: "reject" });

/** One measurement: how its busy artifact is filled, of which kind. */
interface Case {
  readonly name: string;
  readonly kind: "note" | "memo";
  readonly fill: (ws: Workspace, busy: string) => Promise<void>;
}

const CASES: readonly Case[] = [
  {
    name: `a proposal on a note with ${MANY} pending proposals of its thread`,
    kind: "note",
    fill: async (ws, busy) => {
      for (let k = 0; k < MANY; k++) await propose(ws, busy, "t1", `p${k}`);
    },
  },
  {
    name: `a proposal on a memo (superseding) with ${MANY} pending proposals of other threads`,
    kind: "memo",
    fill: async (ws, busy) => {
      for (let k = 0; k < MANY; k++) {
        await commit(ws, { type: "create_thread", thread_id: `o${k}` });
        await propose(ws, busy, `o${k}`, `o${k}`);
      }
    },
  },
  {
    name: `a proposal on a note with ${MANY} rejected proposals`,
    kind: "note",
    fill: async (ws, busy) => {
      for (let k = 0; k < MANY; k++) await reject(ws, await propose(ws, busy, "t1", `r${k}`));
    },
  },
];

// The time of one proposal by thread t1 on `id`, rejected afterwards untimed.
async function timed(ws: Workspace, id: string, tag: string): Promise<number> {
  const started = performance.now();
  const proposal = await propose(ws, id, "t1", tag);
  const took = performance.now() - started;
  await reject(ws, proposal);
  return took;
}

/** Median ms of a proposal on the busy artifact and on a quiet one, taking turns. */
async function measure(ws: Workspace, c: Case, rounds: number) {
  await commit(ws, { type: "create_thread", thread_id: "t1" });
  await create(ws, "busy", c.kind);
  await c.fill(ws, "busy");
  const busy: number[] = [];
  const quiet: number[] = [];
  for (let i = 0; i < 2 * rounds; i++) {
    const ours = async () => busy.push(await timed(ws, "busy", `n${i}`));
    const peer = async () => {
      await create(ws, `quiet_${i}`, c.kind);
      quiet.push(await timed(ws, `quiet_${i}`, `n${i}`));
    };
    for (const run of i % 2 === 0 ? [ours, peer] : [peer, ours]) await run();
  }
  // The first half warms up.
  const kept = (xs: number[]) => quantile(xs.slice(rounds), 0.5);
  return { ours: kept(busy), peer: kept(quiet) };
}

function rows(store: string, c: Case, rounds: number, m: { ours: number; peer: number }) {
  const ratio = m.ours / m.peer;
  const load = loadavg()[0]?.toFixed(2) ?? "?";
  return [
    {
      measure: `${c.name} (${store})`,
      value: Number((m.ours * 1000).toFixed(0)),
      unit: "µs",
      note: `median of ${rounds} after as many warm-up rounds; ${ratio.toFixed(2)}× its peer (goal ≤ ${GOAL}×: ${ratio <= GOAL ? "met" : "missed"}); load ${load}`,
    },
    {
      measure: `peer: the same on a ${c.kind} with none (${store})`,
      value: Number((m.peer * 1000).toFixed(0)),
      unit: "µs",
      note: "taking turns with the line above",
    },
  ];
}

/** Runs every case on memory and on a SQLite file; one row per measure and one per peer. */
export async function benchProposals(rounds = 100): Promise<BenchRow[]> {
  const registry = fixtureRegistry();
  const dir = mkdtempSync(join(tmpdir(), "bench-proposals-"));
  const out: BenchRow[] = [];
  try {
    for (const [i, c] of CASES.entries()) {
      const memory = createWorkspace({ registry });
      out.push(...rows("memory", c, rounds, await measure(memory, c, rounds)));
      const store = sqliteStore({ path: join(dir, `case-${i}.sqlite`) });
      try {
        const sqlite = createWorkspace({ registry, store });
        out.push(...rows("SQLite file", c, rounds, await measure(sqlite, c, rounds)));
      } finally {
        await store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 100);
  for (const r of await benchProposals(rounds))
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
