/**
 * The input limits (docs/spec.md S5), in memory, where a commit is cheapest and the check's share
 * of it largest:
 * (a) what the check costs: commit throughput with the limits checked (as `commit` does)
 *     against the same kind of commands committed through the same write path without the
 *     check, taking turns commit by commit in one run; the cost is how much throughput the
 *     check takes (goal: under 5%);
 * (b) how fast a 10 MB input is refused, for several shapes (goal: under 50 ms each), beside
 *     what building the same input from its JSON took (what receiving it cost).
 * `tsx bench/limits.ts` prints the table.
 */

import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { parseCommand } from "../src/decide/parse.ts";
import type { ActorInput } from "../src/entries/index.ts";
import { CommandSchema, fillIds } from "../src/model/command.ts";
import { DEFAULT_LIMITS, limitProblem } from "../src/model/limits.ts";
import { ok } from "../src/model/result.ts";
import { workspaceCore, write } from "../src/workspace/core.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const GOAL_COST = 5;
const GOAL_REFUSAL_MS = 50;

type Make = () => Record<string, unknown>;

/**
 * Milliseconds per commit of `make`'s commands with the check and without it: the two kinds
 * take turns, commit by commit (which goes first alternating too), on one workspace, so both
 * see the same store and the same heap; the medians of each kind's times.
 */
async function throughput(make: Make, commits: number) {
  const core = workspaceCore({ registry: fixtureRegistry() });
  await write(
    core,
    parseCommand({ type: "create_thread", thread_id: "t1" }, core.newId),
    person,
    {},
  );
  const checked = (command: unknown) => parseCommand(command, core.newId, core.limits);
  // The same parse without the limits walk: what `parseCommand` does after it.
  const unchecked = (command: unknown) => ok(CommandSchema.parse(fillIds(command, core.newId)));
  const times = { checked: [] as number[], unchecked: [] as number[] };
  const once = async (which: "checked" | "unchecked") => {
    // As a command arrives from a tool call or a request: parsed from its JSON.
    const command: unknown = JSON.parse(JSON.stringify(make()));
    const started = performance.now();
    const result = await write(
      core,
      (which === "checked" ? checked : unchecked)(command),
      person,
      {},
    );
    times[which].push(performance.now() - started);
    if (!result.ok) throw new Error(`refused: ${result.rejection.message}`);
  };
  for (let i = 0; i < commits; i++) {
    const [first, second] =
      i % 2 === 0 ? (["checked", "unchecked"] as const) : (["unchecked", "checked"] as const);
    await once(first);
    await once(second);
  }
  return { checked: quantile(times.checked, 0.5), unchecked: quantile(times.unchecked, 0.5) };
}

/** Milliseconds of the check alone per command: loops of 200, the median of 9. */
function checkTime(make: Make): number {
  const commands: unknown[] = Array.from({ length: 200 }, () => JSON.parse(JSON.stringify(make())));
  const loops: number[] = [];
  for (let i = 0; i < 9; i++) {
    const started = performance.now();
    for (const command of commands) limitProblem(command, DEFAULT_LIMITS);
    loops.push((performance.now() - started) / commands.length);
  }
  return quantile(loops, 0.5);
}

async function costRows(): Promise<BenchRow[]> {
  let n = 0;
  const text = (kb: number) =>
    "A line of a long document, with some words in it.\n".repeat(kb * 20);
  const nested = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]),
  );
  const cases: [string, Make, number][] = [
    [
      "a small message",
      () => ({ type: "post_message", thread_id: "t1", message_id: `m${++n}`, content: "Ship it." }),
      5_000,
    ],
    [
      "a checklist of 50 items",
      () => ({
        type: "create_artifact",
        artifact_id: `c${++n}`,
        kind: "checklist",
        data: { title: "Launch", items: nested },
      }),
      2_000,
    ],
    [
      "a 200 kB note",
      () => ({
        type: "create_artifact",
        artifact_id: `a${++n}`,
        kind: "note",
        data: { text: text(200) },
      }),
      300,
    ],
  ];
  const rows: BenchRow[] = [];
  for (const [label, make, commits] of cases) {
    const { checked, unchecked } = await throughput(make, commits);
    // Throughput lost to the check: 1 - (commits/s checked) / (commits/s unchecked).
    const cost = (1 - unchecked / checked) * 100;
    const alone = checkTime(make);
    rows.push({
      measure: `limits cost on ${label}`,
      value: Number(cost.toFixed(2)),
      unit: "% of commit throughput",
      note:
        `${(1000 / checked).toFixed(0)} commits/s checked, ${(1000 / unchecked).toFixed(0)} unchecked ` +
        `(medians of ${commits} commits each, taking turns); the check alone ` +
        `${(alone * 1000).toFixed(1)} µs, ${((alone / checked) * 100).toFixed(1)}% of a commit; ` +
        `goal under ${GOAL_COST}%` +
        (cost < GOAL_COST ? "" : " — OVER"),
    });
  }
  return rows;
}

const MB10 = 10_000_000;

/** 10 MB inputs (as JSON) of several shapes, each as the field of a command. */
const SHAPES: [string, () => unknown][] = [
  ["an ASCII string", () => "x".repeat(MB10)],
  ["a non-ASCII string (3-byte €)", () => "€".repeat(MB10 / 3)],
  ["a wide array of zeros", () => new Array(MB10 / 2).fill(0)],
  ['a wide array of "ab"', () => new Array(MB10 / 5).fill("ab")],
  ["an array of small objects", () => Array.from({ length: MB10 / 10 }, () => ({ a: 1 }))],
  ["nested small arrays", () => Array.from({ length: MB10 / 6 }, () => [1, 2])],
  [
    "a many-keyed object (700k keys)",
    () => Object.fromEntries(Array.from({ length: MB10 / 14 }, (_, i) => [`k${i}`, 0])),
  ],
  [
    "a many-keyed object (100k keys of 96 bytes)",
    () =>
      Object.fromEntries(
        Array.from({ length: MB10 / 100 }, (_, i) => [`k${i}`.padEnd(96, "-"), 0]),
      ),
  ],
];

async function refusalRows(): Promise<BenchRow[]> {
  const core = workspaceCore({ registry: fixtureRegistry() });
  const rows: BenchRow[] = [];
  for (const [label, make] of SHAPES) {
    const data = make();
    const command = { type: "create_artifact", kind: "note", data: { text: "x", data } };
    const json = JSON.stringify(command);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const result = await write(core, parseCommand(command, core.newId, core.limits), person, {});
      times.push(performance.now() - started);
      if (result.ok) throw new Error(`${label} was accepted`);
    }
    const parsing = performance.now();
    JSON.parse(json);
    const parsed = performance.now() - parsing;
    const median = quantile(times, 0.5);
    rows.push({
      measure: `10 MB refused: ${label}`,
      value: Number(median.toFixed(2)),
      unit: "ms",
      note:
        `median of 7, max ${Math.max(...times).toFixed(1)} ms; ${(json.length / 1e6).toFixed(1)} MB of JSON, ` +
        `${parsed.toFixed(0)} ms to JSON.parse; goal under ${GOAL_REFUSAL_MS} ms` +
        (median < GOAL_REFUSAL_MS ? "" : " — OVER"),
    });
  }
  return rows;
}

/** Runs the measurements and returns one row per measure. */
export async function benchLimits(): Promise<BenchRow[]> {
  return [...(await costRows()), ...(await refusalRows())];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchLimits())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
