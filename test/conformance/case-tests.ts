// Runs conformance case files as tests, each case one `it`, from the test folder of the rules
// it exercises. The table says which folder runs which file; cases.test.ts checks that every
// case file is run by exactly one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { formatReport } from "../../src/conformance/report.ts";
import { runCase } from "../../src/conformance/run-case.ts";
import { sequentialIds } from "../../src/model/ids.ts";

/** The conformance folder of this repository. */
export const CONFORMANCE = join(import.meta.dirname, "..", "..", "conformance");

/** Which test folder runs which case files (paths under conformance/). */
export const CASE_FILES = {
  "rules/access": ["cases/access.json"],
  "rules/artifacts": ["artifactr/artifacts.json", "cases/revert.json"],
  "rules/proposals": [
    "artifactr/proposals.json",
    "cases/already-present.json",
    "cases/batch.json",
    "cases/comments.json",
    "cases/hunks.json",
    "cases/lifecycle.json",
    "cases/provenance.json",
    "cases/rebase.json",
    "cases/repeats.json",
    "cases/reproposals.json",
  ],
  "rules/runs": ["artifactr/runs.json"],
  "rules/threads": ["artifactr/threads.json", "cases/thread-lifecycle.json"],
  "rules/feedback": ["artifactr/feedback.json"],
  "rules/decisions": ["cases/decisions.json"],
  "rules/launch": ["cases/launch.json"],
  "rules/offers": ["cases/offers.json"],
  "rules/sides": ["cases/sides.json"],
  decide: ["cases/input-and-patches.json"],
} as const;

/** The original's cases whose expectations the stricter rules change (DEVIATIONS.md). */
export function deviatingCases(): string[] {
  const table = readFileSync(join(CONFORMANCE, "DEVIATIONS.md"), "utf8");
  return [...table.matchAll(/^\| `(\w+\.json)` \| (.+?) *\|/gm)].map(
    (m) => `artifactr/${m[1]}: ${m[2]}`,
  );
}

/** One `it` per case of the folder's case files: it passes, or it deviates as documented. */
export function caseTests(folder: keyof typeof CASE_FILES): void {
  const deviating = deviatingCases();
  for (const label of CASE_FILES[folder]) {
    for (const testCase of readCaseFile(join(CONFORMANCE, label)).cases) {
      const name = `${label}: ${testCase.name}`;
      const run = () => runCase(testCase, { registry: fixtureRegistry(), newId: sequentialIds() });
      if (deviating.includes(name)) {
        it(`${name} (deviates on purpose, see DEVIATIONS.md)`, () => {
          expect(run().passed).toBe(false);
        });
        continue;
      }
      it(name, () => {
        const result = run();
        const report = formatReport([{ file: label, description: "", results: [result] }]);
        expect(result.differences, report).toEqual([]);
        expect(result.passed).toBe(true);
      });
    }
  }
}
