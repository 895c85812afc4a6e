/**
 * `npm run bench [-- corpus-folder]`: our mergeText (histogram and Myers) against node-diff3,
 * diff3 and `git merge-file`, on the same inputs in one run: (a) the shared corpus of real
 * merges, (b) large documents of real text with scattered edits and with a moved block, (c)
 * the Myers merge on 50,000 synthetic lines (scattered edits, a small alphabet) against git
 * merge-file and the histogram merge; then (d) the stores against their raw drivers, (e)
 * decisions and side conversations, (f) the input limits, (g) a tool call against its
 * commit, (h) the live protocol's fan-out, (i) the host loop's commits per second, (j)
 * reviewing in parts, (k) the inbox's first page, (l) writers on one instance, (m) replay,
 * (n) notes read by what the viewer follows, (o) big documents at 1 MB, (p) proposals on
 * artifacts with many others and (q) processes sharing one PostgreSQL workspace.
 * Prints markdown tables and how the numbers stand against the goals.
 * The corpus folder defaults to ../shared/merge-corpus (said so on stderr).
 */

import { cpus, loadavg } from "node:os";
import { mergeText } from "../src/merge/merge-text.ts";
import { corpusFolder } from "./cli.ts";
import { loadCorpus } from "./corpus.ts";
import {
  type Document,
  movedBlock,
  realLines,
  scattered,
  smallAlphabet,
  syntheticScattered,
} from "./documents.ts";
import { PEERS, type Peer } from "./peers.ts";
import { ms, summary, timeMedian, timeOnce } from "./stats.ts";

const SIZES = [2_000, 4_000, 8_000, 16_000, 26_000, 50_000];
/**
 * A slow peer is not run on a document it would take longer than this on, judged from its
 * time on the largest one it ran, growing at least with the square of the size.
 */
const SLOW_LIMIT_MS = 10_000;

const dir = corpusFolder(process.argv.slice(2), "npm run bench -- [corpus-folder]");
const cases = loadCorpus(dir, "utf8");
const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;

const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(", ");
console.log(`# Merge benchmark\n`);
console.log(`node ${process.version}, ${cpus().length} cores, load average ${load} at start`);
console.log(`${cases.length} corpus cases from ${dir}; "ours (histogram)" is mergeText's default.`);
console.log(
  "node-diff3 and diff3 run in this process on the texts split at newlines; git merge-file " +
    "(the machine's git, Myers, --diff3) runs as one process per merge, its input files " +
    "written beforehand, untimed.\n",
);

// (a) The corpus: every peer on every case, after a warm-up of the in-process ones.
for (const peer of PEERS) {
  for (const c of cases.slice(0, 30)) peer.prepare(c.base, c.ours, c.theirs)();
}
console.log("## (a) Corpus: time per case\n");
console.log(row(["merge", "median", "p95", "max", "total"]));
console.log(row(["---", "---:", "---:", "---:", "---:"]));
const corpusMedian = new Map<string, number>();
for (const peer of PEERS) {
  const times = cases.map((c) => timeMedian(peer.prepare(c.base, c.ours, c.theirs), 10, 1, 20));
  const s = summary(times);
  corpusMedian.set(peer.name, s.median);
  const total = times.reduce((x, y) => x + y, 0);
  console.log(row([peer.name, ms(s.median), ms(s.p95), ms(s.max), ms(total)]));
}

// (b) Large documents: scattered edits at each size, then a moved block.
const pool = realLines(cases, SIZES.at(-1) ?? 0);
const documents: Document[] = [
  ...SIZES.map((n) => scattered(pool, n)),
  movedBlock(pool, 4_000),
  movedBlock(pool, 26_000),
];
const [own, ownMyers, nd3, , git] = PEERS as [Peer, Peer, Peer, Peer, Peer];
/** Per slow peer: the largest size it ran at, and how long it took. */
const largest = new Map<string, { lines: number; took: number }>();
/** Times per document, by peer name; undefined where skipped. */
const results = documents.map((doc) => {
  const times = new Map<string, number>();
  const skipped = new Map<string, string>();
  for (const peer of PEERS) {
    const last = largest.get(peer.name);
    if (last && last.took * (doc.lines / last.lines) ** 2 > SLOW_LIMIT_MS) {
      const at = last.lines.toLocaleString("en");
      skipped.set(peer.name, `skipped (took ${ms(last.took)} at ${at} lines)`);
      continue;
    }
    const call = peer.prepare(doc.base, doc.ours, doc.theirs);
    const t = peer.slow ? timeOnce(call) : timeMedian(call, 300, 3, 50);
    times.set(peer.name, t);
    if (peer.slow && doc.lines >= (last?.lines ?? 0)) {
      largest.set(peer.name, { lines: doc.lines, took: t });
    }
  }
  // A check that the timed merge does the same job: our Myers merge is git merge-file's.
  const sameAsGit =
    ownMyers.prepare(doc.base, doc.ours, doc.theirs)() ===
    git.prepare(doc.base, doc.ours, doc.theirs)();
  return { doc, times, skipped, sameAsGit };
});

const ratio = (x: number | undefined, y: number | undefined) =>
  x === undefined || y === undefined ? "–" : `${(x / y).toFixed(1)}×`;
console.log("\n## (b) Large documents: time per merge\n");
console.log(
  row([
    "document",
    "lines",
    ...PEERS.map((p) => p.name),
    "node-diff3 ÷ ours",
    "git ÷ ours",
    "ours (myers) = git",
  ]),
);
console.log(row(["---", "---:", ...PEERS.map(() => "---:"), "---:", "---:", ":---:"]));
for (const { doc, times, skipped, sameAsGit } of results) {
  const cell = (p: Peer) => skipped.get(p.name) ?? ms(times.get(p.name) ?? Number.NaN);
  const mine = times.get(own.name);
  console.log(
    row([
      doc.label,
      doc.lines.toLocaleString("en"),
      ...PEERS.map(cell),
      ratio(times.get(nd3.name), mine),
      ratio(times.get(git.name), mine),
      sameAsGit ? "yes" : "NO",
    ]),
  );
}

// (c) The Myers merge on 50,000 synthetic lines, against git merge-file (Myers too) and our
// histogram merge on the same inputs: about a thousand scattered edits a side, and a small
// alphabet of very frequent lines.
const synthetic = [syntheticScattered(50_000), smallAlphabet(50_000)];
const syntheticResults = synthetic.map((doc) => {
  const time = (peer: Peer) => timeMedian(peer.prepare(doc.base, doc.ours, doc.theirs), 300, 3, 50);
  const result = mergeText(doc.base, doc.ours, doc.theirs, { algorithm: "myers" });
  return {
    doc,
    myers: time(ownMyers),
    histogram: time(own),
    git: time(git),
    conflicts: result.kind === "clean" ? 0 : result.conflicts.length,
    sameAsGit:
      ownMyers.prepare(doc.base, doc.ours, doc.theirs)() ===
      git.prepare(doc.base, doc.ours, doc.theirs)(),
  };
});
console.log("\n## (c) Myers merge on 50,000 synthetic lines: time per merge\n");
console.log(
  row([
    "document",
    "lines",
    "conflicts",
    ownMyers.name,
    own.name,
    git.name,
    "ours (myers) ÷ git",
    "ours (myers) ÷ ours (histogram)",
    "ours (myers) = git",
  ]),
);
console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", ":---:"]));
for (const r of syntheticResults) {
  console.log(
    row([
      r.doc.label,
      r.doc.lines.toLocaleString("en"),
      String(r.conflicts),
      ms(r.myers),
      ms(r.histogram),
      ms(r.git),
      ratio(r.myers, r.git),
      ratio(r.myers, r.histogram),
      r.sameAsGit ? "yes" : "NO",
    ]),
  );
}

// Where we stand against the goals.
const beatsNodeDiff3 = results.every(({ times }) => {
  const theirs = times.get(nd3.name);
  return theirs === undefined || (times.get(own.name) ?? Number.POSITIVE_INFINITY) < theirs;
});
const at26k = results.find((r) => r.doc.lines === 26_000 && r.doc.label === "scattered edits");
const gitRatio = at26k
  ? (at26k.times.get(own.name) ?? Number.NaN) / (at26k.times.get(git.name) ?? Number.NaN)
  : Number.NaN;
const median = corpusMedian.get(own.name) ?? Number.NaN;
console.log("\n## Goals\n");
console.log(`- faster than node-diff3 at every size it ran: ${beatsNodeDiff3 ? "yes" : "NO"}`);
console.log(
  `- within 2× of git merge-file at 26,000 lines: ${gitRatio <= 2 ? "yes" : "NO"} (ours ÷ git = ${gitRatio.toFixed(2)})`,
);
console.log(`- corpus median under 0.5 ms: ${median < 0.5 ? "yes" : "NO"} (${ms(median)})`);
const myersRatios = syntheticResults.map((r) => r.myers / r.git);
console.log(
  `- Myers within 2× of git merge-file on 50,000 synthetic lines: ${myersRatios.every((x) => x <= 2) ? "yes" : "NO"} (ours (myers) ÷ git = ${myersRatios.map((x) => x.toFixed(2)).join(", ")})`,
);

// (d) Stores: commits per second against the raw driver doing the same writes, and open time
// and memory against log length.
console.log("\n## (d) Stores\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchSqliteStore } = await import("./stores-sqlite.ts");
for (const r of await benchSqliteStore())
  console.log(row([r.measure, String(r.value), r.unit, r.note]));
if (process.env.AGENT_WORKSPACE_PG_URL) {
  const { benchPostgresStore } = await import("./stores-postgres.ts");
  for (const r of await benchPostgresStore())
    console.log(row([r.measure, String(r.value), r.unit, r.note]));
} else {
  console.log(
    "\n(PostgreSQL skipped: set AGENT_WORKSPACE_PG_URL=postgres://postgres@127.0.0.1:5432/test to include it.)",
  );
}

// (e) Decisions and side conversations: answering against plain commits, and opening a side
// against the length of the rest of the log.
console.log("\n## (e) Decisions and side conversations (SQLite)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchDecisionsAndSides } = await import("./decisions-sides.ts");
for (const r of await benchDecisionsAndSides())
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (f) Input limits: refusing a huge command, and the cost of checking every command.
console.log("\n## (f) Input limits (memory)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchLimits } = await import("./limits.ts");
for (const r of await benchLimits()) console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (g) Tools for models: a tool call against the commit it wraps.
console.log("\n## (g) A tool call against its commit (memory, SQLite)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchTools } = await import("./tools.ts");
for (const r of await benchTools()) console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (h) The live protocol: one event to many subscribers, and live deltas under load.
console.log("\n## (h) The live protocol (SSE)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchProtocol } = await import("./protocol.ts");
for (const r of await benchProtocol())
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (i) The host loop: a memory workspace against the number of entities in it, and a SQLite
// workspace against the raw driver writing the same rows (ADR 0033).
console.log("\n## (i) The host loop\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchHostLoop } = await import("./host-loop.ts");
const hostLoop = await benchHostLoop();
for (const r of hostLoop.rows) console.log(row([r.measure, String(r.value), r.unit, r.note]));
console.log(`\n${hostLoop.goals.join("\n")}`);

// (j) Reviewing in parts: a partial accept, a batch, a revert, the re-proposal check, each
// against its peer.
console.log("\n## (j) Reviewing in parts (memory)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchReview } = await import("./review.ts");
for (const r of await benchReview()) console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (k) Paged lists: the inbox's first page of 10⁴ pending proposals against the whole list.
console.log("\n## (k) The inbox's first page (SQLite, PostgreSQL when set)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchInbox } = await import("./inbox.ts");
for (const r of await benchInbox()) console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (l) Many async writers on one instance: group commit (ADR 0055).
console.log("\n## (l) Writers on one instance (SQLite full, PostgreSQL when set)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchWriters } = await import("./writers.ts");
for (const r of await benchWriters())
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (m) Replay against a plain reducer over the same events (10⁵ here; `tsx bench/replay.ts`
// adds 10⁶, which needs a heap of about 6 GB).
console.log("\n## (m) Replay against a plain reducer\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchReplay } = await import("./replay.ts");
for (const r of await benchReplay([100_000]))
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (n) Notes read by what the viewer follows: 10³, 10⁴ and 10⁵ events behind (ADR 0060).
console.log("\n## (n) Notes read by what the viewer follows (SQLite, PostgreSQL when set)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchNotes } = await import("./notes.ts");
const notesRows = await benchNotes();
for (const r of notesRows) console.log(row([r.measure, String(r.value), r.unit, r.note]));
for (const r of notesRows.filter((n) => n.measure.startsWith("goal, "))) {
  console.log(`\n${r.measure.slice("goal, ".length)}: ${r.note}`);
}

// (o) Big documents: a stale proposal on a 1 MB note, accepted and previewed, against git
// merge-file on the same texts; 1,000 text_edits in one scan (ADRs 0056, 0059). The 10 MB
// run is `npx tsx bench/big-documents.ts`.
console.log("\n## (o) Big documents (memory, 1 MB)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchBigDocuments } = await import("./big-documents.ts");
for (const r of await benchBigDocuments({ sizes: [1] }))
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (p) A proposal on an artifact with 1,000 pending or rejected proposals, against one on an
// artifact with none, on memory and on a SQLite file (ADR 0062).
console.log("\n## (p) Proposals on busy artifacts (memory, SQLite file)\n");
console.log(row(["measure", "value", "unit", "note"]));
console.log(row(["---", "---:", "---", "---"]));
const { benchProposals } = await import("./proposals.ts");
for (const r of await benchProposals())
  console.log(row([r.measure, String(r.value), r.unit, r.note]));

// (q) Processes sharing one PostgreSQL workspace: four against one, the same commits between
// them (ADR 0063). Needs a server.
const pgUrl = process.env.AGENT_WORKSPACE_PG_URL;
if (pgUrl !== undefined) {
  console.log("\n## (q) Processes on one PostgreSQL workspace\n");
  console.log(row(["measure", "value", "unit", "note"]));
  console.log(row(["---", "---:", "---", "---"]));
  const { benchProcesses } = await import("./processes.ts");
  for (const r of await benchProcesses(pgUrl))
    console.log(row([r.measure, String(r.value), r.unit, r.note]));
}
