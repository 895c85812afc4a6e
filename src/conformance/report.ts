import type { FileResult } from "./run-case.ts";
import type { Difference, Problem } from "./subset.ts";

// `undefined` is not JSON: it marks a missing key.
function compact(value: unknown): string {
  return value === undefined ? "(missing)" : JSON.stringify(value);
}

function explain(problem: Problem): string {
  switch (problem) {
    case "missing_key":
      return "missing";
    case "wrong_length":
      return "lists differ in length";
    case "not_an_object":
      return "not an object";
    case "not_a_list":
      return "not a list";
    case "not_equal":
      return "not equal";
    case "expected_rejection":
      return "expected a rejection, but it succeeded";
    case "expected_outcome":
      return "expected an outcome, but it was rejected";
    case "threw":
      return "deciding threw";
  }
}

/** One difference as an indented line: where, why, and both values as compact JSON. */
function formatDifference(difference: Difference): string {
  const { path, expected, actual, problem } = difference;
  return `  ${path}: ${explain(problem)}; expected ${compact(expected)}, actual ${compact(actual)}`;
}

/**
 * The report people read: `FAIL <file>: <case name>` and its differences for each failing
 * case, then `N passed, N failed` as the last line (passing cases are only counted, so the
 * failures stay visible).
 */
export function formatReport(files: readonly FileResult[]): string {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const { file, results } of files) {
    for (const result of results) {
      if (result.passed) {
        passed++;
        continue;
      }
      failed++;
      lines.push(`FAIL ${file}: ${result.name}`, ...result.differences.map(formatDifference));
    }
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return lines.join("\n");
}
