import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { formatReport } from "../../src/conformance/report.ts";
import { expandCasePaths, runCase } from "../../src/conformance/run-case.ts";
import { sequentialIds } from "../../src/model/ids.ts";

const conformance = join(import.meta.dirname, "..", "..", "conformance");
// `conformance/cases` holds our own cases and may not exist yet.
const dirs = ["artifactr", "cases"].map((dir) => join(conformance, dir)).filter(existsSync);
const files = expandCasePaths(dirs);

// The original's cases whose expectations the stricter rules change: they must fail.
const deviating = [
  ...readFileSync(join(conformance, "DEVIATIONS.md"), "utf8").matchAll(
    /^\| `(\w+\.json)` \| (.+?) *\|/gm,
  ),
].map((m) => `artifactr/${m[1]}: ${m[2]}`);

describe("conformance cases", () => {
  it("lists two deviating cases, both of the original's", () => {
    expect(deviating).toHaveLength(2);
  });

  it("names replacement cases in DEVIATIONS.md that exist", () => {
    const table =
      readFileSync(join(conformance, "DEVIATIONS.md"), "utf8").split("Cases the stricter")[0] ?? "";
    const named = [...table.matchAll(/"([^"]+)"/g)]
      .map((m) => m[1] ?? "")
      .filter((name) => !name.startsWith("artifact version"));
    const ours = readCaseFile(join(conformance, "cases", "rebase.json")).cases.map((c) => c.name);
    expect(named.length).toBeGreaterThanOrEqual(5);
    expect(ours).toEqual(expect.arrayContaining(named));
  });

  it("finds the original's 115 cases", () => {
    const original = files.filter((file) => file.includes(join("conformance", "artifactr")));
    const count = original.reduce((sum, file) => sum + readCaseFile(file).cases.length, 0);
    expect(count).toBe(115);
  });

  for (const file of files) {
    const label = relative(conformance, file);
    for (const testCase of readCaseFile(file).cases) {
      const name = `${label}: ${testCase.name}`;
      if (deviating.includes(name)) {
        it(`${name} (deviates on purpose, see DEVIATIONS.md)`, () => {
          const result = runCase(testCase, { registry: fixtureRegistry(), newId: sequentialIds() });
          expect(result.passed).toBe(false);
        });
        continue;
      }
      it(name, () => {
        const result = runCase(testCase, { registry: fixtureRegistry(), newId: sequentialIds() });
        const report = formatReport([{ file: label, description: "", results: [result] }]);
        expect(result.differences, report).toEqual([]);
        expect(result.passed).toBe(true);
      });
    }
  }
});
