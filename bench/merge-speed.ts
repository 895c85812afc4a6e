/**
 * The merge speed sections of the merge bench (`npm run bench:merge`), each a ratio against
 * `git merge-file` on the same inputs in the same run, ours and git's runs interleaved so a
 * busy machine slows both alike: (s1) the merges answered without a diff, (s2) Myers on real
 * text the size of the largest files (63,000 and 70,000 lines) with scattered edits of a few
 * densities and a moved block, (s3) the histogram merge on highly repetitive 100,000-line
 * inputs, (s4) what the word merge of accepts costs over the line merge. Every document also
 * checks that the Myers merge gives git's bytes.
 *
 * git 2.39's merge-file has no histogram merge, so (s3) measures ours (histogram) against git
 * merge-file's Myers, the merge git offers for files; our Myers on the same input is shown too.
 */

import { readFileSync } from "node:fs";
import { mergeText } from "../src/merge/merge-text.ts";
import { mergeTextByWords } from "../src/merge/merge-words.ts";
import type { CorpusCase } from "./corpus.ts";
import type { Document } from "./documents.ts";
import { realMovedBlock, realScattered, repetitive, trivial } from "./merge-speed-documents.ts";
import { PEERS, type Peer } from "./peers.ts";
import { ms, quantile, timeOnce } from "./stats.ts";

const peer = (name: string): Peer => {
  const found = PEERS.find((p) => p.name === name);
  if (found === undefined) throw new Error(`no peer ${name}`);
  return found;
};
const HISTOGRAM = peer("ours (histogram)");
const MYERS = peer("ours (myers)");
const GIT = peer("git merge-file");

const LABELS = { ours: "ours", base: "base", theirs: "theirs" };

/** The word merge of accepts, as a peer (histogram, like mergeJson's default). */
const WORDS: Peer = {
  name: "ours (words)",
  slow: false,
  prepare: (base, ours, theirs) => () =>
    mergeTextByWords(base, ours, theirs, { labels: LABELS }).text,
};

/** Ours against a peer on one document: medians, their ratio, and the spread of per-run ratios. */
interface Pairing {
  readonly ours: number;
  readonly other: number;
  readonly ratio: number;
  /** The 10th and 90th percentiles of the ratios of the interleaved runs. */
  readonly low: number;
  readonly high: number;
  /** Mean CPU time per run of ours and of the other (git's own process when it is git), if known. */
  readonly oursCpu: number;
  readonly otherCpu: number;
}

/** CPU time of this process so far, in milliseconds. */
function ownCpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU time of the finished child processes so far (git's), in milliseconds, from
 * /proc/self/stat (cutime and cstime, in clock ticks of 10 ms); NaN where there is none.
 */
function childCpu(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time per call of `run`: of this process, or of the child processes it waits for. */
function cpuOf(run: () => unknown, children: boolean): number {
  const before = children ? childCpu() : ownCpu();
  run();
  return (children ? childCpu() : ownCpu()) - before;
}

/** Times `ours` and `other` on a document in turn, `runs` times each after one warm-up run. */
export function pair(doc: Document, ours: Peer, other: Peer, runs: number): Pairing {
  const a = ours.prepare(doc.base, doc.ours, doc.theirs);
  const b = other.prepare(doc.base, doc.ours, doc.theirs);
  a();
  b();
  const ta: number[] = [];
  const tb: number[] = [];
  const ratios: number[] = [];
  let cpuA = 0;
  let cpuB = 0;
  for (let i = 0; i < runs; i++) {
    const x = timeOnce(a);
    const y = timeOnce(b);
    ta.push(x);
    tb.push(y);
    ratios.push(x / y);
    cpuA += cpuOf(a, false);
    cpuB += cpuOf(b, other === GIT);
  }
  const [mine, theirs] = [quantile(ta, 0.5), quantile(tb, 0.5)];
  return {
    ours: mine,
    other: theirs,
    ratio: mine / theirs,
    low: quantile(ratios, 0.1),
    high: quantile(ratios, 0.9),
    oursCpu: cpuA / runs,
    otherCpu: cpuB / runs,
  };
}

const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
const times = (x: number) => `${x.toFixed(2)}×`;
const spread = (p: Pairing) => `${p.low.toFixed(2)}–${p.high.toFixed(2)}`;

function sameAsGit(doc: Document): boolean {
  return (
    MYERS.prepare(doc.base, doc.ours, doc.theirs)() ===
    GIT.prepare(doc.base, doc.ours, doc.theirs)()
  );
}

function conflicts(doc: Document, algorithm: "myers" | "histogram"): number {
  const result = mergeText(doc.base, doc.ours, doc.theirs, { algorithm });
  return result.kind === "clean" ? 0 : result.conflicts.length;
}

/** One document's ratios to git: of the wall-clock medians, and of the mean CPU times. */
interface Ratios {
  readonly label: string;
  readonly wall: number;
  readonly cpu: number;
}

/** Prints one table: each document, ours against git, with the ratio and its spread. */
function table(title: string, docs: readonly Document[], ours: Peer, runs: number): Ratios[] {
  console.log(`\n## ${title}\n`);
  console.log(
    row([
      "document",
      "lines",
      "conflicts",
      ours.name,
      GIT.name,
      "ours ÷ git",
      "spread (p10–p90)",
      "CPU: ours ÷ git's own",
      "= git",
    ]),
  );
  console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", ":---:"]));
  const ratios: Ratios[] = [];
  for (const doc of docs) {
    const p = pair(doc, ours, GIT, runs);
    const label = `${doc.label} (${doc.lines.toLocaleString("en")})`;
    ratios.push({ label, wall: p.ratio, cpu: p.oursCpu / p.otherCpu });
    const algorithm = ours === MYERS ? "myers" : "histogram";
    console.log(
      row([
        doc.label,
        doc.lines.toLocaleString("en"),
        String(conflicts(doc, algorithm)),
        ms(p.ours),
        ms(p.other),
        times(p.ratio),
        spread(p),
        `${ms(p.oursCpu)} ÷ ${ms(p.otherCpu)} = ${times(p.oursCpu / p.otherCpu)}`,
        sameAsGit(doc) ? "yes" : "NO",
      ]),
    );
  }
  return ratios;
}

/** The word merge against the line merge on documents whose line merge conflicts. */
function wordCost(docs: readonly Document[], runs: number): void {
  console.log("\n## (s4) The word merge of accepts against the line merge (histogram)\n");
  console.log(
    row([
      "document",
      "lines",
      "line conflicts",
      "word conflicts",
      "line merge",
      "word merge",
      "words ÷ lines",
    ]),
  );
  console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---:"]));
  for (const doc of docs) {
    const p = pair(doc, WORDS, HISTOGRAM, runs);
    const words = mergeTextByWords(doc.base, doc.ours, doc.theirs);
    console.log(
      row([
        doc.label,
        doc.lines.toLocaleString("en"),
        String(conflicts(doc, "histogram")),
        String(words.kind === "clean" ? 0 : words.conflicts.length),
        ms(p.other),
        ms(p.ours),
        times(p.ratio),
      ]),
    );
  }
}

/** Runs the speed sections on documents made from the corpus, and says how they stand against the goals. */
export function benchMergeSpeed(cases: readonly CorpusCase[], runs = 15): void {
  const trivialRatios = table(
    "(s1) Merges answered without a diff (70,000 lines)",
    trivial(cases, 70_000),
    HISTOGRAM,
    runs,
  );
  const real = [63_000, 70_000].flatMap((lines) => [
    realScattered(cases, lines, 100),
    realScattered(cases, lines, 20),
    realScattered(cases, lines, 5),
    realMovedBlock(cases, lines),
  ]);
  const myers = table("(s2) Myers on real text the size of the largest files", real, MYERS, runs);
  const histogram = table(
    "(s3) Histogram on highly repetitive 100,000-line inputs",
    repetitive(100_000),
    HISTOGRAM,
    runs,
  );
  wordCost(
    [realScattered(cases, 63_000, 5), realScattered(cases, 63_000, 20)],
    Math.max(5, runs >> 1),
  );
  console.log("\n## Speed goals\n");
  goal("trivial merges answered without a diff, far under git", trivialRatios, 0.2);
  goal("Myers within 1.2× of git merge-file on 63,000–70,000 real lines", myers, 1.2);
  goal("histogram within 1.2× of git merge-file on repetitive 100,000 lines", histogram, 1.2);
}

/** Prints whether every document is within `limit` of git, by wall clock and by CPU, and which are not. */
function goal(what: string, ratios: readonly Ratios[], limit: number): void {
  const over = ratios.filter((r) => r.wall > limit || r.cpu > limit);
  const worst = (key: "wall" | "cpu") => Math.max(...ratios.map((r) => r[key])).toFixed(2);
  console.log(
    `- ${what}: ${over.length === 0 ? "yes" : "NO"} (worst ${worst("wall")}× wall, ${worst("cpu")}× CPU)`,
  );
  for (const r of over) {
    console.log(`  - over: ${r.label}: ${r.wall.toFixed(2)}× wall, ${r.cpu.toFixed(2)}× CPU`);
  }
}
