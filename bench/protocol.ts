/**
 * The live protocol's fan-out, over real HTTP on this machine: (a) one event reaching 1,000
 * SSE subscribers, as the latency from the start of its commit to its arrival at each; (b)
 * live deltas due at 5,000 per second to 100 subscribers watching the run, as the lag from
 * when each was due (its place in the schedule, not when the publisher got to it: a
 * publisher running behind is lag too) to its arrival at each; a delta that never arrives
 * (dropped by a slow connection's outbox) fails the goal whatever the p99 of the others.
 * Each row's note ends with its verdict against the goal. The server (a memory workspace, the handler
 * on node:http) runs in this thread; the subscribers, plain node:http clients reading the
 * SSE streams, in a worker thread, so each side has a core. Times are wall-clock
 * (`performance.timeOrigin + now()`), comparable across the threads.
 * `tsx bench/protocol.ts` prints the table.
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type ActorInput, createWorkspace } from "../src/entries/index.ts";
import { createLiveHub, nodeListener, protocolHandler } from "../src/entries/protocol.ts";
import type { BenchRow } from "./stats.ts";

export type { BenchRow };

const person: ActorInput = { kind: "user", id: "alice" };
const now = (): number => performance.timeOrigin + performance.now();

// The subscribers: `count` SSE streams; each arrival of a stamped frame (`t=<ms>` in its
// text) is a latency, kept in a histogram of 0.05 ms buckets; a message per `expect` arrivals.
const SUBSCRIBERS = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { url, count, path } = workerData;
const BUCKET = 0.05, BUCKETS = 200000;
let histogram = new Uint32Array(BUCKETS), arrivals = 0, max = 0, expect = Infinity, connected = 0;
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
function record(sent, at) {
  const lag = Math.max(0, at - sent);
  max = Math.max(max, lag);
  histogram[Math.min(BUCKETS - 1, Math.floor(lag / BUCKET))]++;
  if (++arrivals >= expect) { expect = Infinity; parentPort.postMessage({ type: "arrived", arrivals }); }
}
for (let i = 0; i < count; i++) {
  http.get(url + path, { agent, headers: { authorization: "Bearer alice" } }, (res) => {
    res.setEncoding("utf8");
    let text = "";
    res.on("data", (chunk) => {
      const at = now();
      text += chunk;
      const end = text.lastIndexOf("\\n\\n");
      if (end < 0) return;
      const complete = text.slice(0, end);
      text = text.slice(end + 2);
      if (complete.includes('"replay_complete"') && ++connected === count) parentPort.postMessage({ type: "connected" });
      for (let i = complete.indexOf("t=", 0); i >= 0; i = complete.indexOf("t=", i + 2)) {
        record(parseFloat(complete.slice(i + 2, i + 24)), at);
      }
    });
  });
}
parentPort.on("message", (m) => {
  if (m.type === "expect") { expect = arrivals + m.count; if (arrivals >= expect) { expect = Infinity; parentPort.postMessage({ type: "arrived", arrivals }); } }
  if (m.type === "report") {
    parentPort.postMessage({ type: "report", histogram, arrivals, max, bucket: BUCKET });
    histogram = new Uint32Array(BUCKETS); arrivals = 0; max = 0;
  }
  if (m.type === "stop") { agent.destroy(); process.exit(0); }
});
`;

interface Report {
  readonly histogram: Uint32Array;
  readonly arrivals: number;
  readonly max: number;
  readonly bucket: number;
}

function quantileOf(report: Report, q: number): number {
  const rank = Math.ceil(q * report.arrivals);
  let seen = 0;
  for (let i = 0; i < report.histogram.length; i++) {
    seen += report.histogram[i] ?? 0;
    if (seen >= rank) return (i + 1) * report.bucket;
  }
  return report.max;
}

/** Subscribers in a worker, and a way to wait for what they report. */
function subscribers(url: string, count: number, path: string) {
  const worker = new Worker(SUBSCRIBERS, { eval: true, workerData: { url, count, path } });
  const next = (type: string): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const on = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        worker.off("message", on);
        resolve(message);
      };
      worker.on("message", on);
    });
  return {
    connected: next("connected"),
    async expect(arrivals: number) {
      const arrived = next("arrived");
      worker.postMessage({ type: "expect", count: arrivals });
      await arrived;
    },
    async report(): Promise<Report> {
      const reported = next("report");
      worker.postMessage({ type: "report" });
      return (await reported) as unknown as Report;
    },
    stop: () => worker.postMessage({ type: "stop" }),
  };
}

async function server() {
  const workspace = createWorkspace({ registry: fixtureRegistry() });
  await workspace.commit({ type: "create_thread", thread_id: "t1" }, person);
  await workspace.record(
    { type: "run_started", run_id: "r1", thread_id: "t1" },
    { kind: "agent", thread_id: "t1", run_id: "r1" },
  );
  const live = createLiveHub();
  const handler = protocolHandler(workspace, { authenticate: () => person, live });
  const http = createServer(nodeListener(handler));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    workspace,
    live,
    url,
    async close() {
      handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

const row = (measure: string, value: number, note: string): BenchRow => ({
  measure,
  value: Number(value.toFixed(2)),
  unit: "ms",
  note,
});

/** The goal for both measures: p99 under 100 ms, and every frame delivered. */
const GOAL_MS = 100;

/** How a run stands against the goal, as the last words of its note. */
function verdict(p99: number, dropped: number): string {
  const met = p99 < GOAL_MS && dropped === 0;
  const why = [
    ...(p99 < GOAL_MS ? [] : [`p99 ${p99.toFixed(1)} ms`]),
    ...(dropped === 0 ? [] : [`${dropped.toLocaleString("en")} dropped`]),
  ];
  return met
    ? `goal (p99 under ${GOAL_MS} ms, none dropped): met`
    : `goal (p99 under ${GOAL_MS} ms, none dropped): FAILED (${why.join(", ")})`;
}

/** One run of a measure: its row (the note without a verdict), its p99, the frames lost. */
interface Measured {
  readonly row: BenchRow;
  readonly p99: number;
  readonly dropped: number;
}

/** A run's row with its verdict. */
const judged = ({ row, p99, dropped }: Measured): BenchRow => ({
  ...row,
  note: `${row.note}; ${verdict(p99, dropped)}`,
});

// (a) One event at a time to every subscriber: `rounds` commits, each awaited at all of them.
async function fanOut(count: number, rounds: number): Promise<Measured> {
  const served = await server();
  const subs = subscribers(served.url, count, "/stream?protocol=artifactr.v1&from_head=true");
  await subs.connected;
  const round = async () => {
    const arrived = subs.expect(count);
    await served.workspace.commit(
      { type: "post_message", thread_id: "t1", content: `t=${now()}` },
      person,
    );
    await arrived;
  };
  for (let i = 0; i < 5; i++) await round(); // warm-up
  await subs.report();
  for (let i = 0; i < rounds; i++) await round();
  const report = await subs.report();
  subs.stop();
  await served.close();
  const p99 = quantileOf(report, 0.99);
  const dropped = rounds * count - report.arrivals;
  const note = `${rounds} events × ${count} subscribers; median ${quantileOf(report, 0.5).toFixed(2)} ms, max ${report.max.toFixed(1)} ms`;
  const measure = `one event to ${count.toLocaleString("en")} SSE subscribers, p99 latency`;
  return { row: row(measure, p99, note), p99, dropped };
}

// (b) Live deltas at `rate` per second for `seconds` to `count` subscribers watching the run.
async function liveLag(count: number, rate: number, seconds: number): Promise<Measured> {
  const served = await server();
  const subs = subscribers(
    served.url,
    count,
    "/stream?protocol=artifactr.v1&from_head=true&threads=&watch=r1",
  );
  await subs.connected;
  const total = rate * seconds;
  const arrived = subs.expect(total * count);
  const started = performance.now();
  const startedAt = now();
  // Delta i is due at `startedAt + i / rate`: stamped with that, not with when it went out.
  const dueAt = (i: number): number => startedAt + (i * 1000) / rate;
  let published = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; published < due; published++) {
        served.live.publish("r1", { type: "text_delta", part: 0, delta: `t=${dueAt(published)} ` });
      }
      if (published < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const took = (performance.now() - started) / 1000;
  await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const report = await subs.report();
  subs.stop();
  const head = await served.workspace.head();
  await served.close();
  const expected = total * count;
  const dropped = expected - report.arrivals;
  const p99 = quantileOf(report, 0.99);
  const note =
    `${total.toLocaleString("en")} deltas in ${took.toFixed(2)} s (${Math.round(total / took).toLocaleString("en")}/s) × ${count} subscribers; ` +
    `${report.arrivals.toLocaleString("en")} of ${expected.toLocaleString("en")} arrived; lag from when each was due: median ${quantileOf(report, 0.5).toFixed(2)} ms, ` +
    `max ${report.max.toFixed(1)} ms; the log stayed at ${head}`;
  const measure = `live deltas at ${rate.toLocaleString("en")}/s to ${count} subscribers, p99 lag`;
  return { row: row(measure, p99, note), p99, dropped };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A measure run `times` times (the machine is shared: one run can meet another's load): the
// run with the median p99, its note naming every run's. The verdict is the median p99's, and
// failed if any run dropped a frame.
async function medianOf(times: number, measure: () => Promise<Measured>): Promise<BenchRow> {
  const runs: Measured[] = [];
  for (let i = 0; i < times; i++) {
    runs.push(await measure());
    await pause(1_000); // let the closed connections go before the next run
  }
  const sorted = [...runs].sort((x, y) => x.p99 - y.p99);
  const median = sorted[Math.floor(sorted.length / 2)] as Measured;
  const p99s = runs.map((r) => r.p99.toFixed(2)).join(", ");
  const dropped = runs.reduce((sum, r) => sum + r.dropped, 0);
  const drops = runs.map((r) => r.dropped.toLocaleString("en")).join(", ");
  const note = `median of ${times} runs (p99 ${p99s} ms; dropped ${drops}); that run: ${median.row.note}`;
  return { ...median.row, note: `${note}; ${verdict(median.p99, dropped)}` };
}

/** Runs the measurements and returns one row per measure. */
export async function benchProtocol(): Promise<BenchRow[]> {
  return [
    await medianOf(3, () => fanOut(1_000, 50)),
    await medianOf(3, () => liveLag(100, 5_000, 4)),
  ];
}

/** One of the measures alone, for profiling: (a) `fan-out` or (b) `live`. */
export const benchOne = async (which: "fan-out" | "live"): Promise<BenchRow[]> => [
  judged(await (which === "fan-out" ? fanOut(1_000, 50) : liveLag(100, 5_000, 4))),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2];
  const rows =
    which === "fan-out" || which === "live" ? await benchOne(which) : await benchProtocol();
  for (const r of rows) console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
