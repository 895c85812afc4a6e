// Differential test: mergeText with Myers must agree byte for byte with git merge-file on
// fresh random three-way edits every run (set MERGE_DIFF_RUNS for more, MERGE_DIFF_SEED to
// replay a run). For long runs, see scripts/merge-differential.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareWithGit, largeMergeCase, mergeCase } from "./git-harness.ts";

const runs = Number(process.env.MERGE_DIFF_RUNS ?? 1500);
const seed = Number(process.env.MERGE_DIFF_SEED ?? Date.now() % 2 ** 31);
describe("mergeText (Myers) against git merge-file --diff3", () => {
  it(`agrees on ${runs} small random merges (seed ${seed})`, { timeout: 120_000 }, async () => {
    const cases = fc.sample(mergeCase, { numRuns: runs, seed });
    const differences = await compareWithGit(cases);
    expect(differences.slice(0, 3), `seed ${seed}: ${differences.length} differences`).toEqual([]);
  });

  it(`agrees on large random merges (seed ${seed})`, { timeout: 120_000 }, async () => {
    const cases = fc.sample(largeMergeCase, { numRuns: Math.ceil(runs / 40), seed });
    const differences = await compareWithGit(cases);
    expect(differences.length, `seed ${seed}: ${differences[0]?.slice(0, 2000)}`).toBe(0);
  });
});
