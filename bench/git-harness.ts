/**
 * The differential harness against git: random three-way edits (small, large and huge), git run
 * over all of them in a few batched shell loops, and the comparisons of `mergeText` with
 * `git merge-file --diff3`, and of the Myers diff (after sliding) with `git diff`'s hunks.
 * Used by test/diffs/merge/git-differential.test.ts and scripts/merge-differential.ts; git is
 * run as the benchmark runs it (bench/git.ts).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { diffHunks } from "../src/merge/diff3.ts";
import type { Hunk } from "../src/merge/hunks.ts";
import { internSequences, splitLines } from "../src/merge/lines.ts";
import { mergeText } from "../src/merge/merge-text.ts";
import { myersDiff } from "../src/merge/myers.ts";
import { cleanGitEnv, mergeFileArgs, shellQuote } from "./git.ts";

/** One three-way merge to compare. */
export interface MergeCase {
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
}

/** What git said about a case: the merged text and the exit code (conflicts, capped at 127). */
export interface GitVerdict {
  readonly text: string;
  readonly exitCode: number;
}

const WORDS = ["a", "b", "c", "d", "e", "f", "g", "h"];

/** A line from a small alphabet, with LF or CRLF. */
const line = (alphabet: number) =>
  fc
    .tuple(fc.constantFrom(...WORDS.slice(0, alphabet)), fc.constantFrom("\n", "\n", "\r\n"))
    .map(([word, eol]) => `${word}${eol}`);

/** A line from words the base never has. */
const foreignLine = fc.constantFrom("p\n", "q\n", "r\n", "s\n", "t\n", "u\n", "v\n");

const lines = (alphabet: number, maxLength: number) => fc.array(line(alphabet), { maxLength });

/** An edit: at `at` (taken modulo the length), delete `remove` lines and insert `insert`. */
interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: readonly string[];
}

const edit = (alphabet: number): fc.Arbitrary<Edit> =>
  fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: lines(alphabet, 4) });

function applyEdits(base: readonly string[], edits: readonly Edit[]): string[] {
  const result = [...base];
  for (const { at, remove, insert } of edits) {
    result.splice(at % (result.length + 1), remove, ...insert);
  }
  return result;
}

/** Line ends: all LF, all CRLF, or as generated (mixed). */
type EolMode = "lf" | "crlf" | "mixed";

function withEol(l: string, mode: EolMode): string {
  if (mode === "lf") return l.replace(/\r\n$/, "\n");
  if (mode === "crlf") return l.replace(/\r?\n$/, "\r\n");
  return l;
}

/** Joins lines into a text, then maybe drops its final newline (the LF, or the whole CRLF). */
function toText(ls: readonly string[], mode: EolMode, ending: number): string {
  const text = ls.map((l) => withEol(l, mode)).join("");
  if (ending === 1) return text.replace(/\n$/, "");
  if (ending === 2) return text.replace(/\r?\n$/, "");
  return text;
}

const ending = fc.constantFrom(0, 0, 0, 1, 2);

type SideSpec = { readonly edits: readonly Edit[] } | { readonly fresh: readonly string[] };

/**
 * Random three-way merges: a base from a small alphabet (so repeats and ties are common), and
 * two sides made by inserting, deleting and replacing lines in it (sometimes none, sometimes a
 * wholly unrelated text, sometimes theirs starting from ours' edits), each text possibly
 * without its final newline, with LF, CRLF or mixed line ends.
 */
export const mergeCase: fc.Arbitrary<MergeCase> = fc
  .integer({ min: 1, max: WORDS.length })
  .chain((alphabet) => {
    const side: fc.Arbitrary<SideSpec> = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.array(edit(alphabet), { maxLength: 4 }).map((edits) => ({ edits })),
      },
      { weight: 1, arbitrary: lines(alphabet, 10).map((fresh) => ({ fresh })) },
      // Mostly lines the base lacks, around its own: unmatched runs around frequent lines.
      {
        weight: 1,
        arbitrary: fc
          .array(fc.oneof(line(alphabet), foreignLine, foreignLine), { maxLength: 24 })
          .map((fresh) => ({ fresh })),
      },
    );
    return fc.record({
      base: lines(alphabet, 14),
      ours: side,
      theirs: side,
      theirsFollowsOurs: fc.nat({ max: 4 }).map((n) => n === 0),
      mode: fc.constantFrom<EolMode>("lf", "lf", "crlf", "mixed", "mixed"),
      endings: fc.tuple(ending, ending, ending),
    });
  })
  .map(({ base, ours, theirs, theirsFollowsOurs, mode, endings }) => {
    const make = (from: readonly string[], spec: SideSpec) =>
      "fresh" in spec ? [...spec.fresh] : applyEdits(from, spec.edits);
    const oursLines = make(base, ours);
    const theirsLines = make(theirsFollowsOurs ? oursLines : base, theirs);
    return {
      base: toText(base, mode, endings[0]),
      ours: toText(oursLines, mode, endings[1]),
      theirs: toText(theirsLines, mode, endings[2]),
    };
  });

/** Runs a shell script to its end. */
function run(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`git batch exited ${code}`)),
    );
  });
}

/**
 * Writes `files(i)` for every case into a temporary folder, runs `command` (a shell snippet
 * using `$i`) for each case in `workers` parallel shell loops, and reads back `output(i)`.
 */
async function inBatches<T>(
  count: number,
  files: (i: number) => Record<string, string>,
  command: string,
  read: (dir: string, i: number) => T,
  workers = 2,
): Promise<T[]> {
  const dir = mkdtempSync(join(tmpdir(), "merge-diff-"));
  try {
    for (let i = 0; i < count; i++) {
      for (const [name, content] of Object.entries(files(i)))
        writeFileSync(join(dir, name), content);
    }
    const per = Math.ceil(count / workers);
    const batches = Array.from({ length: workers }, (_, w) => {
      const from = w * per;
      const to = Math.min(count, from + per) - 1;
      if (from > to) return Promise.resolve();
      // A clean HOME and no system config, so no user setting changes git's output.
      const env = Object.entries(cleanGitEnv(dir)).map(([k, v]) => `${k}=${shellQuote(v)}`);
      return run(
        `cd ${shellQuote(dir)} && export ${env.join(" ")} && ` +
          `for i in $(seq ${from} ${to}); do ${command}; done`,
      );
    });
    await Promise.all(batches);
    return Array.from({ length: count }, (_, i) => read(dir, i));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** mergeText's default labels, which `difference` compares against. */
const LABELS = { ours: "current", base: "base", theirs: "proposed" } as const;

/** Runs `git merge-file -p --diff3 -L current -L base -L proposed` on every case. */
export function gitMergeAll(cases: readonly MergeCase[], workers = 2): Promise<GitVerdict[]> {
  const mergeFile = ["git", ...mergeFileArgs(LABELS)].map(shellQuote).join(" ");
  return inBatches(
    cases.length,
    (i) => {
      const c = cases[i] as MergeCase;
      return { [`${i}.b`]: c.base, [`${i}.o`]: c.ours, [`${i}.t`]: c.theirs };
    },
    `${mergeFile} $i.o $i.b $i.t > $i.out; echo $? > $i.rc`,
    (dir, i) => ({
      text: readFileSync(join(dir, `${i}.out`), "utf8"),
      exitCode: Number(readFileSync(join(dir, `${i}.rc`), "utf8").trim()),
    }),
    workers,
  );
}

/**
 * Runs git's two-way Myers diff (`git diff --no-index -U0`, without the indent heuristic,
 * which merge-file does not use) on each pair, and returns its hunks in 0-based ranges.
 */
export function gitDiffAll(
  pairs: readonly (readonly [string, string])[],
  workers = 2,
): Promise<Hunk[][]> {
  return inBatches(
    pairs.length,
    (i) => {
      const [a, b] = pairs[i] as readonly [string, string];
      return { [`${i}.a`]: a, [`${i}.b`]: b };
    },
    "git diff --no-index --no-indent-heuristic --diff-algorithm=myers -U0 $i.a $i.b > $i.diff; test $? -le 1",
    (dir, i) => parseHunkHeaders(readFileSync(join(dir, `${i}.diff`), "utf8")),
    workers,
  );
}

/** Reads the `@@ -a,b +c,d @@` headers of a zero-context diff as hunks. */
function parseHunkHeaders(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const [, a, b = "1", c, d = "1"] of diff.matchAll(
    /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm,
  )) {
    // A range of zero lines is given by the line before it.
    const startA = Number(b) === 0 ? Number(a) : Number(a) - 1;
    const startB = Number(d) === 0 ? Number(c) : Number(c) - 1;
    hunks.push({ startA, endA: startA + Number(b), startB, endB: startB + Number(d) });
  }
  return hunks;
}

/**
 * What `git diff` does before its line diff and `git merge-file` does not: it cuts the common
 * tail of the two texts in blocks of 1024 bytes, then gives back the part of the last block
 * after its first newline. The files the diff sees end there, which can stop a group of
 * changes from sliding down; so the comparison diffs the same cut texts.
 */
function trimCommonTail(a: string, b: string): [string, string] {
  const block = 1024;
  const bytesA = Buffer.from(a);
  const bytesB = Buffer.from(b);
  const smaller = Math.min(bytesA.length, bytesB.length);
  let trimmed = 0;
  while (
    trimmed + block <= smaller &&
    bytesA
      .subarray(bytesA.length - trimmed - block, bytesA.length - trimmed)
      .equals(bytesB.subarray(bytesB.length - trimmed - block, bytesB.length - trimmed))
  ) {
    trimmed += block;
  }
  let recovered = 0;
  while (recovered < trimmed) {
    if (bytesA[bytesA.length - trimmed + recovered++] === 0x0a) break;
  }
  const cut = trimmed - recovered;
  return [
    bytesA.subarray(0, bytesA.length - cut).toString(),
    bytesB.subarray(0, bytesB.length - cut).toString(),
  ];
}

/** Compares the Myers hunks (after sliding) with git's on each pair; returns the differences. */
export async function compareDiffsWithGit(
  pairs: readonly (readonly [string, string])[],
): Promise<string[]> {
  const expected = await gitDiffAll(pairs);
  const found: string[] = [];
  pairs.forEach(([a, b], i) => {
    const [ids = [], otherIds = []] = internSequences(trimCommonTail(a, b).map(splitLines));
    const actual = diffHunks(ids, otherIds, myersDiff);
    const theirs = expected[i] as Hunk[];
    if (JSON.stringify(actual) !== JSON.stringify(theirs)) {
      const lines = (h: Hunk[]) => h.map((x) => `${x.startA},${x.endA} ${x.startB},${x.endB}`);
      const where = actual.findIndex((h, k) => JSON.stringify(h) !== JSON.stringify(theirs[k]));
      found.push(
        `${a.length < 2000 ? JSON.stringify([a, b]) : `(${a.length} and ${b.length} chars)`}\n` +
          `first different hunk #${where}: git ${lines(theirs).slice(where, where + 3)} / ` +
          `ours ${lines(actual).slice(where, where + 3)}`,
      );
    }
  });
  return found;
}

/** How `mergeText` (Myers) differs from git on a case, or `undefined` when it agrees. */
export function difference(c: MergeCase, git: GitVerdict): string | undefined {
  const ours = mergeText(c.base, c.ours, c.theirs, { algorithm: "myers" });
  const count = ours.kind === "clean" ? 0 : ours.conflicts.length;
  const problems: string[] = [];
  if (Math.min(count, 127) !== git.exitCode) {
    problems.push(`conflicts: git ${git.exitCode}, ours ${count} (${ours.kind})`);
  }
  if (ours.text !== git.text) {
    problems.push(`text:\n--- git\n${git.text}\n--- mergeText\n${ours.text}`);
  }
  if (problems.length === 0) return undefined;
  return `${JSON.stringify(c)}\n${problems.join("\n")}`;
}

/** Compares all cases with git; returns the differences, smallest cases first. */
export async function compareWithGit(cases: readonly MergeCase[], workers = 2): Promise<string[]> {
  const verdicts = await gitMergeAll(cases, workers);
  const found: { size: number; report: string }[] = [];
  cases.forEach((c, i) => {
    const report = difference(c, verdicts[i] as GitVerdict);
    if (report !== undefined) {
      found.push({ size: c.base.length + c.ours.length + c.theirs.length, report });
    }
  });
  return found.sort((x, y) => x.size - y.size).map((f) => f.report);
}

/** A small seeded PRNG (mulberry32), so a large case is built from one generated number. */
function prng(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/**
 * Builds a large case from a seed: hundreds to thousands of lines from an alphabet of a few to
 * a few hundred lines plus unique ones, and sides with many scattered edits or one big
 * rewritten block (with runs kept intact), so frequent lines, lines set aside and the costly
 * search's cut-offs all come into play.
 */
export function largeCase(seed: number): MergeCase {
  const random = prng(seed);
  const alphabet = [2, 5, 20, 60, 300][random(5)] as number;
  const uniqueShare = [0, 0.05, 0.3, 0.8, 0.95][random(5)] as number;
  let unique = 0;
  const newLine = () =>
    random(1000) < uniqueShare * 1000 ? `u${seed}-${unique++}\n` : `w${random(alphabet)}\n`;
  const block = (length: number) => Array.from({ length }, newLine);
  const base = block(100 + random(2500));
  const side = (): string[] => {
    const result = [...base];
    if (random(3) === 0) {
      // One big rewritten block: new lines with some runs of the old ones kept.
      const at = random(result.length);
      const length = Math.min(result.length - at, 200 + random(1500));
      const rewritten: string[] = [];
      for (let k = at; k < at + length; ) {
        const run = 1 + random(40);
        if (random(3) === 0) rewritten.push(...result.slice(k, k + run));
        else rewritten.push(...block(random(run * 2)));
        k += run;
      }
      result.splice(at, length, ...rewritten);
    }
    const edits = random(4) === 0 ? 0 : random(600);
    for (let e = 0; e < edits; e++) {
      result.splice(random(result.length + 1), random(4), ...block(random(4)));
    }
    return result;
  };
  const crlf = random(4) === 0;
  const text = (ls: readonly string[]) => {
    const joined = ls.join("");
    const withEnds = crlf ? joined.replaceAll("\n", "\r\n") : joined;
    return random(4) === 0 ? withEnds.replace(/\r?\n$/, "") : withEnds;
  };
  return { base: text(base), ours: text(side()), theirs: text(side()) };
}

/**
 * Builds a huge case from a seed: over 32,768 lines a side, so git's cost limit rises above
 * 256 and its early cut at a good snake can happen, with edits every few dozen lines (long runs
 * of matches between many changes).
 */
export function hugeCase(seed: number): MergeCase {
  const random = prng(seed);
  const alphabet = 20 + random(200);
  const word = () => `w${random(alphabet)}\n`;
  const base = Array.from({ length: 33000 + random(8000) }, word);
  const side = (): string[] => {
    const result: string[] = [];
    const gap = 5 + random(40);
    // Edits from near the start to near the end: the trimmed ends do not count for the limit.
    const from = random(50);
    const to = base.length - random(50);
    for (let k = 0; k < base.length; ) {
      if (k < from || k >= to || random(gap) !== 0) {
        result.push(base[k] as string);
        k++;
      } else {
        for (let r = random(4); r > 0; r--) result.push(word());
        k += random(4);
      }
    }
    return result;
  };
  const text = (ls: readonly string[]) => ls.join("");
  return { base: text(base), ours: text(side()), theirs: text(side()) };
}

/**
 * Builds a case of moved blocks from a seed: a base of 1,500 to 9,000 lines (mostly unique,
 * some from a small alphabet), one side moving a few blocks of up to 1,500 lines far away
 * (sometimes copying one, far or near, or reversing one), the other side editing here and there,
 * moving blocks too, or rewriting a long stretch but for runs of a few dozen lines. Such diffs cost thousands of edits: git cuts box after box at its cost
 * limit, next to each other, and good snakes turn up off the diagonal where a block repeats.
 */
export function movedCase(seed: number): MergeCase {
  const random = prng(seed);
  const alphabet = 2 + random(30);
  const frequentShare = random(300);
  let unique = 0;
  const newLine = () =>
    random(1000) < frequentShare ? `f${random(alphabet)}\n` : `m${seed}-${unique++}\n`;
  const base = Array.from({ length: 1500 + random(7500) }, newLine);
  const move = (lines: readonly string[]): string[] => {
    const result = [...lines];
    for (let blocks = 1 + random(3); blocks > 0; blocks--) {
      const size = Math.min(result.length, 100 + random(1400));
      const at = random(result.length - size + 1);
      const block = result.splice(at, size);
      const kind = random(6);
      if (kind === 0 || kind === 2) result.splice(at, 0, ...block);
      if (kind === 1) block.reverse();
      // Nearby, a copy puts a long run of matches a few hundred diagonals off the search's.
      const to = kind === 2 ? at + random(1200) - 600 : random(result.length + 1);
      result.splice(Math.max(0, Math.min(result.length, to)), 0, ...block);
    }
    return result;
  };
  const edit = (lines: readonly string[]): string[] => {
    const result = [...lines];
    for (let e = random(200); e > 0; e--) {
      result.splice(
        random(result.length + 1),
        random(3),
        ...Array.from({ length: random(3) }, newLine),
      );
    }
    return result;
  };
  // A long region rewritten but for runs of over 20 lines kept: good snakes in costly boxes.
  const rewrite = (lines: readonly string[]): string[] => {
    const result = [...lines];
    const at = random(result.length);
    const length = Math.min(result.length - at, 1000 + random(4000));
    const rewritten: string[] = [];
    for (let k = at; k < at + length; k += 40) {
      if (random(4) === 0) rewritten.push(...result.slice(k, k + 21 + random(20)));
      else rewritten.push(...Array.from({ length: random(60) }, newLine));
    }
    result.splice(at, length, ...rewritten);
    return result;
  };
  const ours = [move, edit, rewrite][random(3)]?.(base) ?? base;
  return { base: base.join(""), ours: ours.join(""), theirs: edit(move(base)).join("") };
}

/** Cases of moved blocks, one per generated seed (not shrinkable). */
export const movedMergeCase: fc.Arbitrary<MergeCase> = fc.noShrink(
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(movedCase),
);

/** Huge cases, one per generated seed (not shrinkable). */
export const hugeMergeCase: fc.Arbitrary<MergeCase> = fc.noShrink(
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(hugeCase),
);

/** Large cases, one per generated seed (not shrinkable: a failing seed is printed instead). */
export const largeMergeCase: fc.Arbitrary<MergeCase> = fc.noShrink(
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(largeCase),
);
