/**
 * Replay against a plain reducer: `replay` of a long generated log (threads, runs and tool
 * calls, messages, notes created and edited, proposals accepted and rejected) against a
 * hand-written loop that makes the same changes to plain maps (the same patches applied, no
 * drafts, nothing frozen), alternating, the median of a few runs each. `tsx bench/replay.ts`
 * prints the table.
 */

import { performance } from "node:perf_hooks";
import { replay } from "../src/decide/replay.ts";
import type { Envelope } from "../src/model/envelope.ts";
import { isKnownEvent } from "../src/model/event.ts";
import { isJsonObject, type JsonValue } from "../src/model/json.ts";
import type { Patch } from "../src/model/patches.ts";
import type { WorkspaceSnapshot } from "../src/model/snapshot.ts";
import { applyPatch } from "../src/patches/apply.ts";
import { replayLog } from "./replay-log.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const GOAL = 3;

type Row = Record<string, unknown>;
type Tables = { readonly [table: string]: Map<string, Row> };

// The changes `replay` makes for the events in the generated log, as a plain reducer makes them.
function reduceOne(t: Tables, envelope: Envelope): void {
  const e = envelope.event;
  if (!isKnownEvent(e)) return;
  const by = { by: envelope.actor, at: envelope.ts };
  const get = (table: string, id: string) => t[table]?.get(id);
  const put = (table: string, id: string, row: Row) => void t[table]?.set(id, row);
  switch (e.type) {
    case "thread_created":
      put("threads", e.thread_id, { ...e, status: "open" });
      break;
    case "run_started":
      put("runs", e.run_id, { ...e, status: "running" });
      break;
    case "proposal_created":
      put("proposals", e.proposal_id, { ...e, status: "pending", ...by });
      break;
    case "message_posted":
      put("messages", e.message_id, {});
      break;
    case "artifact_created":
      put("artifacts", e.artifact_id, { ...e, updated_by: by.by });
      put("revisions", `${e.artifact_id}@${e.version}`, { data: e.data, ...by });
      break;
    case "artifact_changed": {
      const data = patched(get("artifacts", e.artifact_id)?.data, e.patch);
      const next = { ...get("artifacts", e.artifact_id), version: e.version, data };
      put("artifacts", e.artifact_id, next);
      put("revisions", `${e.artifact_id}@${e.version}`, { data, patch: e.patch, ...by });
      break;
    }
    case "proposal_resolved":
      put("proposals", e.proposal_id, { ...get("proposals", e.proposal_id), ...by });
      break;
    case "run_ended":
      put("runs", e.run_id, { ...get("runs", e.run_id), status: e.status });
      break;
    default:
  }
}

function patched(data: unknown, patch: Patch): JsonValue {
  const result = isJsonObject(data) ? applyPatch(data, patch) : undefined;
  if (result === undefined || !result.ok) throw new Error("the generated log does not apply");
  return result.value;
}

/** The plain reducer: the same changes as `replay`, to mutable maps, nothing else. */
export function plainReduce(log: readonly Envelope[]): Tables {
  const names = ["threads", "runs", "proposals", "messages", "artifacts", "revisions"];
  const tables: Tables = Object.fromEntries(names.map((n) => [n, new Map<string, Row>()]));
  for (const envelope of log) reduceOne(tables, envelope);
  return tables;
}

/** A replay to measure: `replay` itself, or an older one to compare with. */
export type ReplayFn = (log: Iterable<Envelope>) => WorkspaceSnapshot;

// Median milliseconds of each, alternating, each going first every other run.
function measure(log: readonly Envelope[], runs: number, replayFn: ReplayFn) {
  const times = { replay: [] as number[], plain: [] as number[] };
  const timed = (into: number[], fn: () => unknown) => {
    const started = performance.now();
    fn();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < runs; i++) {
    const both = [
      () => timed(times.replay, () => replayFn(log)),
      () => timed(times.plain, () => plainReduce(log)),
    ];
    for (const run of i % 2 === 0 ? both : both.reverse()) run();
  }
  return { replay: quantile(times.replay, 0.5), plain: quantile(times.plain, 0.5) };
}

/** Runs the measurements: one row per log size for replay, one for the plain reducer. */
export async function benchReplay(
  sizes: readonly number[] = [100_000, 1_000_000],
  runs = 3,
  replayFn: ReplayFn = replay,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of sizes) {
    const log = await replayLog(size);
    const { replay: ms, plain } = measure(log, runs, replayFn);
    const ratio = ms / plain;
    const verdict = ratio <= GOAL ? "within" : "over";
    rows.push(
      {
        measure: `replay of ${size.toLocaleString("en")} events (messages, edits, proposals, runs)`,
        value: Math.round(ms),
        unit: "ms",
        note: `median of ${runs}; ${ratio.toFixed(2)}× the plain reducer: ${verdict} the goal of at most ${GOAL}×`,
      },
      {
        measure: `peer: a plain reducer over the same ${size.toLocaleString("en")} events`,
        value: Math.round(plain),
        unit: "ms",
        note: `median of ${runs}, alternating with replay`,
      },
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchReplay())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
