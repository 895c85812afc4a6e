import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Case, readCaseFile } from "../conformance/case-file.ts";

// The package's root: the nearest folder with a package.json, from the sources (src/testing)
// as from the build (dist), so the shipped cases are found either way.
function packageRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
}

/** The conformance case files the package ships (the original's and ours), each parsed. */
export function caseFiles(): { label: string; cases: Case[] }[] {
  const conformance = join(packageRoot(), "conformance");
  return ["artifactr", "cases"].flatMap((dir) =>
    readdirSync(join(conformance, dir))
      .filter((file) => file.endsWith(".json") && file !== "observed-outputs.json")
      .sort()
      .map((file) => ({
        label: `${dir}/${file}`,
        cases: readCaseFile(join(conformance, dir, file)).cases,
      })),
  );
}

/** The original's cases whose expectations the stricter rules change (DEVIATIONS.md). */
export const DEVIATING: ReadonlySet<string> = new Set([
  "artifactr/proposals.json: an accepted edit is rebased onto a newer version",
  "artifactr/proposals.json: an accepted edit that no longer applies fails",
]);
