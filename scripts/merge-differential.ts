/**
 * Runs many random three-way merges through `git merge-file` and `mergeText` (Myers) and
 * prints any difference. `MERGE_DIFF_RUNS` cases (default 20000) of the kind `MERGE_DIFF_KIND`
 * (`small`, the default: small alphabets, few lines; or `large`: thousands of lines, many
 * edits; or `huge`: over 32,768 lines, edits every few dozen lines), in batches; `MERGE_DIFF_SEED` fixes the seed.
 *
 *   MERGE_DIFF_RUNS=100000 npx tsx scripts/merge-differential.ts
 *   MERGE_DIFF_KIND=large MERGE_DIFF_RUNS=2000 npx tsx scripts/merge-differential.ts
 */
import fc from "fast-check";
import {
  compareDiffsWithGit,
  compareWithGit,
  hugeMergeCase,
  largeMergeCase,
  mergeCase,
} from "../bench/git-harness.ts";

const runs = Number(process.env.MERGE_DIFF_RUNS ?? 20000);
const seed = Number(process.env.MERGE_DIFF_SEED ?? Date.now() % 2 ** 31);
const kind = process.env.MERGE_DIFF_KIND ?? "small";
const arbitrary = kind === "huge" ? hugeMergeCase : kind === "large" ? largeMergeCase : mergeCase;
const batch = kind === "huge" ? 20 : kind === "large" ? 200 : 5000;
let differences = 0;
const started = Date.now();
for (let done = 0; done < runs; done += batch) {
  const cases = fc.sample(arbitrary, { numRuns: Math.min(batch, runs - done), seed: seed + done });
  // Both the merges and the two-way diffs (base to ours, base to theirs) are compared.
  const pairs = cases.flatMap((c) => [[c.base, c.ours] as const, [c.base, c.theirs] as const]);
  const found = [...(await compareWithGit(cases)), ...(await compareDiffsWithGit(pairs))];
  differences += found.length;
  for (const report of found.slice(0, 2)) console.log(report.slice(0, 4000), "\n");
  if (found.length > 0) break;
}
const elapsed = Date.now() - started;
console.log(`${kind}, seed ${seed}: ${runs} cases, ${differences} differences, ${elapsed} ms`);
process.exitCode = differences === 0 ? 0 : 1;
