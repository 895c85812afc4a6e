/**
 * Blocking decisions and side conversations, measured on a SQLite file: (a) a decision asked
 * and answered through `answerDecision` (stored, then delivered through a channel) against the
 * same number of plain `post_message` commits, the peer; (b) the time to open a side
 * conversation on a thread of 50 messages as the rest of the workspace's log grows, against
 * reading that thread's messages alone. `tsx bench/decisions-sides.ts` prints the table.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createSideConversations, createWorkspace } from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const agent: ActorInput = { kind: "agent", thread_id: "t1", run_id: "r1" };
const scope = { kind: "thread", id: "t1" } as const;
const options = [
  { id: "once", label: "Once" },
  { id: "deny", label: "Deny" },
];

async function decisionsPerSecond(path: string, rounds: number): Promise<[number, number]> {
  const store = sqliteStore({ path });
  let delivered = 0;
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    answerChannels: { hook: async () => void delivered++ },
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  const ask = (i: number) =>
    ws.commit(
      {
        type: "request_decision",
        scope,
        decision_id: `d${i}`,
        prompt: "Run it?",
        options,
        channel: "hook",
      },
      agent,
    );
  for (let i = 0; i < 20; i++) {
    await ask(i);
    await ws.answerDecision({ scope, decision_id: `d${i}`, option_id: "once" }, person);
  }
  let start = performance.now();
  for (let i = 20; i < rounds + 20; i++) {
    await ask(i);
    await ws.answerDecision({ scope, decision_id: `d${i}`, option_id: "once" }, person);
  }
  const decisions = rounds / ((performance.now() - start) / 1000);
  if (delivered !== rounds + 20) throw new Error(`delivered ${delivered} of ${rounds + 20}`);
  start = performance.now();
  for (let i = 0; i < rounds * 2; i++)
    await ws.commit({ type: "post_message", thread_id: "t1", content: `m${i}` }, person);
  const pairs = rounds / ((performance.now() - start) / 1000);
  await store.close();
  return [decisions, pairs];
}

// A workspace whose log holds `others` events in other threads and 50 messages in `t1`.
async function seed(path: string, others: number): Promise<void> {
  const store = sqliteStore({ path, synchronous: "normal" });
  const ws = createWorkspace({ registry: fixtureRegistry(), store });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  await ws.commit({ type: "create_thread", thread_id: "t2" }, person);
  for (let i = 0; i < others; i++) {
    if (i % Math.max(1, Math.floor(others / 50)) === 0)
      await ws.commit({ type: "post_message", thread_id: "t1", content: `p${i}` }, person);
    await ws.commit({ type: "post_message", thread_id: "t2", content: `o${i}` }, person);
  }
  await store.close();
}

async function openCost(path: string): Promise<{ open: number; thread: number }> {
  const store = sqliteStore({ path });
  const ws = createWorkspace({ registry: fixtureRegistry(), store });
  const opens: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < 7; i++) {
    const sides = createSideConversations(ws);
    let start = performance.now();
    const side = await sides.open({
      request: { thread_id: "t1" },
      actor: { kind: "user", id: "bench" },
    });
    opens.push(performance.now() - start);
    if (!side.ok) throw new Error(side.rejection.message);
    await side.side.close();
    sides.dispose();
    start = performance.now();
    await ws.log({ after: 0, threadId: "t1" });
    reads.push(performance.now() - start);
  }
  await store.close();
  return { open: quantile(opens, 0.5), thread: quantile(reads, 0.5) };
}

/** Runs the measurements and returns one row per measure. */
export async function benchDecisionsAndSides(
  sizes: readonly number[] = [1_000, 10_000, 100_000],
): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-decisions-"));
  const rows: BenchRow[] = [];
  try {
    const [decisions, pairs] = await decisionsPerSecond(join(dir, "decisions.db"), 1000);
    rows.push({
      measure: "decision asked and answered (answerDecision), SQLite",
      value: Math.round(decisions),
      unit: "decisions/s",
      note: `request_decision + answerDecision (stored, delivered once); ${(decisions / pairs).toFixed(2)}x the peer`,
    });
    rows.push({
      measure: "peer: two post_message commits, same file",
      value: Math.round(pairs),
      unit: "pairs/s",
      note: "the same number of writes without the decision rules and delivery",
    });
    for (const size of sizes) {
      const path = join(dir, `log-${size}.db`);
      await seed(path, size);
      const cost = await openCost(path);
      const events = `${size.toLocaleString("en")} events elsewhere`;
      rows.push({
        measure: `open a side on a 50-message thread, ${events}`,
        value: Number(cost.open.toFixed(2)),
        unit: "ms",
        note: `open_side write + snapshot; reading the thread alone: ${cost.thread.toFixed(2)} ms; median of 7`,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  console.log(row(["measure", "value", "unit", "note"]));
  console.log(row(["---", "---:", "---", "---"]));
  for (const r of await benchDecisionsAndSides())
    console.log(row([r.measure, String(r.value), r.unit, r.note]));
}
