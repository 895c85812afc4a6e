import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { expandCasePaths } from "../../src/conformance/run-case.ts";
import { CASE_FILES, CONFORMANCE, deviatingCases } from "./case-tests.ts";

// `conformance/cases` holds our own cases and may not exist yet.
const dirs = ["artifactr", "cases"].map((dir) => join(CONFORMANCE, dir)).filter(existsSync);
const files = expandCasePaths(dirs).map((file) => relative(CONFORMANCE, file));

describe("conformance cases", () => {
  it("are each run by exactly one test folder (the rules they exercise)", () => {
    const claimed: string[] = Object.values(CASE_FILES).flat();
    expect([...claimed].sort()).toEqual([...files].sort());
  });

  it("lists two deviating cases, both of the original's", () => {
    expect(deviatingCases()).toHaveLength(2);
  });

  it("names replacement cases in DEVIATIONS.md that exist", () => {
    const table =
      readFileSync(join(CONFORMANCE, "DEVIATIONS.md"), "utf8").split("Cases the stricter")[0] ?? "";
    const named = [...table.matchAll(/"([^"]+)"/g)]
      .map((m) => m[1] ?? "")
      .filter((name) => !name.startsWith("artifact version"));
    const ours = readCaseFile(join(CONFORMANCE, "cases", "rebase.json")).cases.map((c) => c.name);
    expect(named.length).toBeGreaterThanOrEqual(5);
    expect(ours).toEqual(expect.arrayContaining(named));
  });

  it("finds the original's 115 cases", () => {
    const original = files.filter((file) => file.startsWith("artifactr/"));
    const count = original.reduce(
      (sum, file) => sum + readCaseFile(join(CONFORMANCE, file)).cases.length,
      0,
    );
    expect(count).toBe(115);
  });
});
