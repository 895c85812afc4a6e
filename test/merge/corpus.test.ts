import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ALGORITHMS, checkCase, hasCorpus, loadCorpus } from "../../bench/corpus.ts";

// The corpus lives beside the repository (../shared/merge-corpus), not in it: where it is
// missing (a plain clone, some CI) these checks are skipped, never failed.
const dir = fileURLToPath(new URL("../../../shared/merge-corpus", import.meta.url));
const present = hasCorpus(dir);

/**
 * Least agreement with git, per algorithm, as achieved on the 350 cases: every verdict and
 * conflict count, and every byte. Raise, never lower, if the corpus grows.
 */
const MINIMUM = {
  histogram: { identicalBytes: 350 },
  myers: { identicalBytes: 350 },
} as const;

describe.skipIf(!present)("merge corpus: agreement with git merge-file", () => {
  const cases = present ? loadCorpus(dir) : [];

  for (const algorithm of ALGORITHMS) {
    it(`${algorithm} matches git-${algorithm} on the shared corpus`, () => {
      const results = cases.map((c) => checkCase(c, algorithm));
      const names = (key: "verdict" | "count" | "bytes") =>
        results.filter((r) => !r[key]).map((r) => r.name);
      expect(names("verdict"), "cases whose verdict differs").toEqual([]);
      expect(names("count"), "cases whose conflict count differs").toEqual([]);
      const identical = results.filter((r) => r.bytes).length;
      expect(identical, `bytes differ in ${names("bytes").join(", ")}`).toBeGreaterThanOrEqual(
        MINIMUM[algorithm].identicalBytes,
      );
    });
  }
});

if (!present) {
  describe("merge corpus", () => {
    it.skip(`skipped: no corpus at ${dir} (read from ../shared/merge-corpus)`, () => {});
  });
}
