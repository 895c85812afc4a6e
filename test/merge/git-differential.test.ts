// Differential test: mergeText with Myers must agree byte for byte with git merge-file, and
// the Myers diff (with sliding) hunk for hunk with git's, on fresh random inputs every run
// (MERGE_DIFF_RUNS for more, MERGE_DIFF_SEED to replay a run). For long runs, see
// scripts/merge-differential.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDiffsWithGit,
  compareWithGit,
  hugeMergeCase,
  largeMergeCase,
  type MergeCase,
  mergeCase,
  movedMergeCase,
} from "../../bench/git-harness.ts";

const runs = Number(process.env.MERGE_DIFF_RUNS ?? 1500);
const seed = Number(process.env.MERGE_DIFF_SEED ?? Date.now() % 2 ** 31);
const TIMEOUT = 120_000;

function sidePairs(cases: readonly MergeCase[]) {
  return cases.flatMap((c) => [[c.base, c.ours] as const, [c.base, c.theirs] as const]);
}

function firstReport(differences: readonly string[]): string {
  return `seed ${seed}: ${differences.length} differences, first:\n${differences[0]?.slice(0, 3000)}`;
}

describe("mergeText (Myers) against git merge-file --diff3", () => {
  it(`agrees on ${runs} small random merges (seed ${seed})`, { timeout: TIMEOUT }, async () => {
    const differences = await compareWithGit(fc.sample(mergeCase, { numRuns: runs, seed }));
    expect(differences, firstReport(differences)).toEqual([]);
  });

  it(`agrees on large random merges (seed ${seed})`, { timeout: TIMEOUT }, async () => {
    const cases = fc.sample(largeMergeCase, { numRuns: Math.ceil(runs / 50), seed });
    const differences = await compareWithGit(cases);
    expect(differences, firstReport(differences)).toEqual([]);
  });
});

describe("myersDiff with sliding against git diff --diff-algorithm=myers", () => {
  // Merges hide most differences between two equally good diffs; hunks show them all.
  it(`agrees on small and large random pairs (seed ${seed})`, { timeout: TIMEOUT }, async () => {
    const small = fc.sample(mergeCase, { numRuns: Math.ceil(runs / 5), seed: seed + 1 });
    const large = fc.sample(largeMergeCase, { numRuns: Math.ceil(runs / 50), seed: seed + 1 });
    const differences = await compareDiffsWithGit(sidePairs([...small, ...large]));
    expect(differences, firstReport(differences)).toEqual([]);
  });
});

describe("Myers on costly diffs against git: boxes cut at the cost limit, one after another", () => {
  // Moved blocks cost thousands of edits: git's search cuts box after box at its cost limit,
  // and each next box takes over the search from the corner the last one kept (replayed from
  // its record). Huge cases add good snakes (early cuts) to such boxes. Both the merges and
  // the two-way diffs are compared.
  it(`agrees on merges with moved blocks (seed ${seed})`, { timeout: TIMEOUT }, async () => {
    const cases = fc.sample(movedMergeCase, { numRuns: Math.ceil(runs / 100), seed: seed + 2 });
    const differences = [
      ...(await compareWithGit(cases)),
      ...(await compareDiffsWithGit(sidePairs(cases))),
    ];
    expect(differences, firstReport(differences)).toEqual([]);
  });

  it(`agrees on huge merges (seed ${seed})`, { timeout: TIMEOUT }, async () => {
    const cases = fc.sample(hugeMergeCase, { numRuns: 2, seed: seed + 3 });
    const differences = [
      ...(await compareWithGit(cases)),
      ...(await compareDiffsWithGit(sidePairs(cases))),
    ];
    expect(differences, firstReport(differences)).toEqual([]);
  });
});
