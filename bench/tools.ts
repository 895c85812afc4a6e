/**
 * A tool call against the `commit` it wraps, in memory: the agent's `edit_note` through
 * `workspaceTools` (parsing its strict arguments, committing, wording the outcome and reading
 * the agent's new notes from its durable cursor) against the same `edit_artifact` committed
 * directly, alternating, on the same workspace. `tsx bench/tools.ts` prints the table.
 */

import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createWorkspace } from "../src/index.ts";
import { workspaceTools } from "../src/tools.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

/** Runs the measurements and returns one row per measure. */
export async function benchTools(rounds = 2_000): Promise<BenchRow[]> {
  const ws = createWorkspace({ registry: fixtureRegistry() });
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
  for (let i = 1; i <= rounds; i++) {
    const set = { text: `v${i}`, title: null };
    let started = performance.now();
    const called = await edit.execute(
      { artifact_id: "by_tool", base_version: i, summary: null, text_edits: null, set },
      { toolCallId: `call_${i}` },
    );
    tool.push(performance.now() - started);
    if (!called.ok) throw new Error(called.text);
    started = performance.now();
    const committed = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "by_commit",
        base_version: i,
        patch: { kind: "json_patch", ops: [{ op: "add", path: "/text", value: `v${i}` }] },
      },
      agent,
    );
    direct.push(performance.now() - started);
    if (!committed.ok) throw new Error(committed.rejection.message);
  }
  const [t, c] = [quantile(tool, 0.5), quantile(direct, 0.5)];
  return [
    {
      measure: "edit_note tool call (arguments, commit, text, notes)",
      value: Number((t * 1000).toFixed(1)),
      unit: "µs",
      note: `median of ${rounds}; ${(t / c).toFixed(2)}× the commit it wraps; goal at most 1.2×`,
    },
    {
      measure: "peer: the same edit_artifact committed",
      value: Number((c * 1000).toFixed(1)),
      unit: "µs",
      note: `median of ${rounds}, alternating with the tool calls`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchTools())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
