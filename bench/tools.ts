/**
 * A tool call against the `commit` it wraps: the agent's `edit_note` through `workspaceTools`
 * (parsing its strict arguments, committing, wording the outcome and reading the agent's new
 * notes since its durable cursor) against the same `edit_artifact` committed directly by the
 * same agent on the same workspace, alternating, each going first every other round. In
 * memory, and on a SQLite file (synchronous = FULL, the store's default), where the cursor is
 * kept in the file. `tsx bench/tools.ts` prints the table.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createWorkspace, memoryStore, type Store } from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { workspaceTools } from "../src/entries/tools.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const GOAL = 1.2;

/**
 * Median milliseconds of the tool call and of the commit it wraps, alternating, over `rounds`
 * after as many warm-up rounds, unrecorded (the tool's longer path takes longer to compile).
 */
async function measure(store: Store, rounds: number): Promise<{ tool: number; commit: number }> {
  const ws = createWorkspace({ registry: fixtureRegistry(), store });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, person);
  const create = (id: string) =>
    ws.commit(
      { type: "create_artifact", artifact_id: id, kind: "note", data: { text: "v0" } },
      person,
    );
  await create("by_tool");
  await create("by_commit");
  const edit = workspaceTools(ws, { agent }).find((t) => t.name === "edit_note");
  if (edit === undefined) throw new Error("no edit_note tool");
  const tool: number[] = [];
  const direct: number[] = [];
  const byTool = async (i: number) => {
    const set = { text: `v${i}`, title: null };
    const started = performance.now();
    const called = await edit.execute(
      { artifact_id: "by_tool", base_version: i, summary: null, text_edits: null, set },
      { toolCallId: `call_${i}` },
    );
    if (i > rounds) tool.push(performance.now() - started);
    if (!called.ok) throw new Error(called.text);
  };
  const byCommit = async (i: number) => {
    const started = performance.now();
    const committed = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "by_commit",
        base_version: i,
        patch: { kind: "json_patch", ops: [{ op: "add", path: "/text", value: `v${i}` }] },
      },
      agent,
    );
    if (i > rounds) direct.push(performance.now() - started);
    if (!committed.ok) throw new Error(committed.rejection.message);
  };
  for (let i = 1; i <= 2 * rounds; i++) {
    // Each goes first every other round: neither always runs on what the other left behind.
    for (const run of i % 2 === 0 ? [byTool, byCommit] : [byCommit, byTool]) await run(i);
  }
  await ws.close();
  return { tool: quantile(tool, 0.5), commit: quantile(direct, 0.5) };
}

function rows(where: string, rounds: number, { tool, commit }: { tool: number; commit: number }) {
  const ratio = tool / commit;
  const verdict = ratio <= GOAL ? "within" : "over";
  return [
    {
      measure: `edit_note tool call, ${where} (arguments, commit, text, notes cursor)`,
      value: Number((tool * 1000).toFixed(1)),
      unit: "µs",
      note: `median of ${rounds}, after as many warm-up rounds; ${ratio.toFixed(2)}× the commit it wraps: ${verdict} the goal of at most ${GOAL}×`,
    },
    {
      measure: `peer: the same edit_artifact committed, ${where}`,
      value: Number((commit * 1000).toFixed(1)),
      unit: "µs",
      note: `median of ${rounds}, alternating with the tool calls`,
    },
  ];
}

/** Runs the measurements and returns one row per measure: memory, then a SQLite file. */
export async function benchTools(rounds = 2_000): Promise<BenchRow[]> {
  const memory = rows("memory", rounds, await measure(memoryStore(), rounds));
  const dir = mkdtempSync(join(tmpdir(), "aw-bench-tools-"));
  try {
    // Fewer rounds: each commit (and each cursor move) is a transaction on the file.
    const fileRounds = Math.max(1, Math.floor(rounds / 4));
    const store = sqliteStore({ path: join(dir, "tools.db") });
    return [...memory, ...rows("SQLite", fileRounds, await measure(store, fileRounds))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchTools())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
