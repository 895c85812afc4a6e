/**
 * Checks mergeText against git on the shared corpus, for both diff algorithms: verdict,
 * conflict count and byte-identical text, the cases that disagree, and time per case; then
 * the speed sections of bench/merge-speed.ts (ratios against git merge-file on documents the
 * size of the largest real files, repetitive inputs, trivial merges, the word merge's cost).
 *
 *   npm run bench:merge -- [corpus-folder] [--show N] [--no-speed]
 *
 * The folder defaults to ../shared/merge-corpus (said so on stderr); one without a corpus is
 * an error. `--show N` prints, for each disagreeing case, up to N lines (10 without N) around
 * the first difference. `--no-speed` leaves the speed sections out.
 */

import { loadavg } from "node:os";
import { mergeText } from "../src/merge/merge-text.ts";
import { corpusFolder } from "./cli.ts";
import { type Agreement, ALGORITHMS, CORPUS_LABELS, checkCase, loadCorpus } from "./corpus.ts";
import { benchMergeSpeed } from "./merge-speed.ts";
import { ms, summary, timeMedian } from "./stats.ts";

const USAGE = "npm run bench:merge -- [corpus-folder] [--show N] [--no-speed]";

/**
 * The folder arguments, `--show`'s count (0 without it) and whether to run the speed
 * sections; exits with 2 on anything else.
 */
function parseArgs(args: readonly string[]): { folders: string[]; show: number; speed: boolean } {
  const folders: string[] = [];
  let show = 0;
  let speed = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--no-speed") speed = false;
    else if (arg === "--show") {
      const next = args[i + 1];
      if (next !== undefined && /^\d+$/.test(next)) {
        show = Number(next);
        i++;
      } else show = 10;
    } else if (arg.startsWith("-")) {
      console.error(`unknown option ${arg}\nusage: ${USAGE}`);
      process.exit(2);
    } else folders.push(arg);
  }
  return { folders, show, speed };
}

const { folders, show, speed } = parseArgs(process.argv.slice(2));
const dir = corpusFolder(folders, USAGE);

// Read as latin1, one char per byte, so the comparison with git is byte for byte.
const cases = loadCorpus(dir);
console.log(`${cases.length} cases from ${dir}\n`);

/** Prints where our text first differs from git's, with a few lines of each. */
function showDifference(ours: string, git: string, lines: number): void {
  const a = ours.split("\n");
  const b = git.split("\n");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 2);
  const quote = (xs: string[]) =>
    xs.slice(from, i + lines).map((l) => `      ${JSON.stringify(l)}`);
  console.log(`    first difference at line ${i + 1}`);
  console.log(["    --- ours", ...quote(a), "    --- git", ...quote(b)].join("\n"));
}

// The same cases decoded as UTF-8, as an application would pass them: the merge must give
// git's bytes once encoded back (all corpus files are valid UTF-8, so nothing is lost).
const utf8 = loadCorpus(dir, "utf8");

for (const algorithm of ALGORITHMS) {
  const results: Agreement[] = cases.map((c) => checkCase(c, algorithm));
  const count = (key: "verdict" | "count" | "bytes") => results.filter((r) => r[key]).length;
  const n = cases.length;
  const viaUtf8 = utf8.filter((c, i) => {
    const text = mergeText(c.base, c.ours, c.theirs, { algorithm, labels: CORPUS_LABELS }).text;
    return Buffer.from(text, "utf8").equals(
      Buffer.from(cases[i]?.git[algorithm].text ?? "", "latin1"),
    );
  }).length;
  console.log(`## ${algorithm} against git-${algorithm}`);
  console.log(
    `verdict ${count("verdict")}/${n}, conflict count ${count("count")}/${n}, identical bytes ${count("bytes")}/${n} (${viaUtf8}/${n} when merged as UTF-8 strings)`,
  );
  const bad = results.filter((r) => !(r.verdict && r.count && r.bytes));
  console.log(`disagreeing cases: ${bad.length === 0 ? "none" : bad.length}`);
  for (const r of bad) {
    const what = !r.verdict ? "verdict" : !r.count ? "count" : "bytes";
    console.log(`  ${r.name}: ${what} differs (conflicts: ours ${r.ours}, git ${r.git})`);
    const c = cases.find((x) => x.name === r.name);
    if (show > 0 && c) showDifference(r.text, c.git[algorithm].text, show);
  }
  // Timed on the UTF-8 strings, after the passes above (which warm the code up).
  const times = utf8.map((c) =>
    timeMedian(() => mergeText(c.base, c.ours, c.theirs, { algorithm }), 20, 3, 25),
  );
  const s = summary(times);
  console.log(`time per case: median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)}\n`);
}

if (speed) {
  console.log(`# Merge speed against git merge-file (load average ${loadavg()[0]?.toFixed(1)})`);
  benchMergeSpeed(utf8);
}
