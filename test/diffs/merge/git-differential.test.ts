// Differential test: mergeText with Myers must agree byte for byte with git merge-file, and
// the Myers diff (with sliding) hunk for hunk with git's, on fresh random inputs every run
// (MERGE_DIFF_RUNS for more, MERGE_DIFF_SEED to replay a run). For long runs, see
// scripts/merge-differential.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDiffsWithGit,
  compareWithGit,
  largeMergeCase,
  type MergeCase,
  mergeCase,
} from "../../../bench/git-harness.ts";

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
