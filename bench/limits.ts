/**
 * The input limits (SPEC S5), in memory: (a) the time to refuse a command carrying a 10 MB
 * string, against the time to accept one of 1 MB (the peer: what storing costs); (b) the cost
 * of checking the limits on every command, as the time of the check alone over the time of
 * the whole commit it guards, for a small message and for a 200 kB artifact.
 * `tsx bench/limits.ts` prints the table.
 */

import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createWorkspace } from "../src/index.ts";
import { DEFAULT_LIMITS, limitProblem } from "../src/model/limits.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };

async function timed(work: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

// The check alone, per command: a loop long enough for the timer to resolve it.
function checkTime(command: unknown, rounds: number): number {
  const started = performance.now();
  for (let i = 0; i < rounds; i++) limitProblem(command, DEFAULT_LIMITS);
  return (performance.now() - started) / rounds;
}

/** Runs the measurements and returns one row per measure. */
export async function benchLimits(): Promise<BenchRow[]> {
  const ws = createWorkspace({ registry: fixtureRegistry() });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  const rows: BenchRow[] = [];

  const huge = "x".repeat(10_000_000);
  const refused = await timed(async () => {
    const result = await ws.commit(
      { type: "post_message", thread_id: "t1", content: huge },
      person,
    );
    if (result.ok) throw new Error("a 10 MB message was accepted");
  }, 21);
  const megabyte = "y".repeat(1_000_000);
  const accepted = await timed(async () => {
    const result = await ws.commit(
      { type: "post_message", thread_id: "t1", content: megabyte },
      person,
    );
    if (!result.ok) throw new Error("a 1 MB message was refused");
  }, 21);
  rows.push({
    measure: "a 10 MB string refused (too_large)",
    value: Number(quantile(refused, 0.5).toFixed(3)),
    unit: "ms",
    note: `median of 21; max ${Math.max(...refused).toFixed(2)} ms; goal under 50 ms`,
  });
  rows.push({
    measure: "peer: a 1 MB message accepted",
    value: Number(quantile(accepted, 0.5).toFixed(3)),
    unit: "ms",
    note: "median of 21, the same workspace",
  });

  let n = 0;
  const small = () => ({
    type: "post_message",
    thread_id: "t1",
    message_id: `m${++n}`,
    content: "Ship it on Monday.",
  });
  const text = "A line of a long document, with some words in it.\n".repeat(4_000);
  const large = () => ({
    type: "create_artifact",
    artifact_id: `a${++n}`,
    kind: "note",
    data: { title: "Spec", text },
  });
  for (const [label, make] of [
    ["a small message", small],
    ["a 200 kB note", large],
  ] as const) {
    const commits = await timed(async () => {
      const result = await ws.commit(make() as never, person);
      if (!result.ok) throw new Error(`${label} was refused`);
    }, 2_000);
    const commit = quantile(commits, 0.5);
    const check = checkTime(make(), 2_000);
    rows.push({
      measure: `limits checked on ${label}`,
      value: Number(((check / commit) * 100).toFixed(2)),
      unit: "% of its commit",
      note: `check ${(check * 1000).toFixed(1)} µs, commit (median of 2,000) ${(commit * 1000).toFixed(1)} µs; goal under 5%`,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchLimits())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
