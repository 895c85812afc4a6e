// `agent-workspace/testing`: what a host or another implementation needs to run the
// conformance cases and to test a store adapter. An explicit list, so nothing internal leaks
// by accident.

/** A case file, a case, its `given` and `expect`, as parsed. */
export type {
  Case,
  CaseFile,
  CaseInput,
  Expect,
  Given,
  GivenArtifact,
} from "./conformance/case-file.ts";
/** The schema of a case file: a description and uniquely named cases. */
/** The schema of one case. */
/** The schema of a case's `given`. */
/** The schema of a case's `expect`. */
/** Parses the JSON of a case file, naming the file and case on error. */
/** Reads and parses a case file. */
/** Thrown for a case file that cannot be run as written. */
export {
  CaseFileError,
  CaseFileSchema,
  CaseSchema,
  ExpectSchema,
  GivenSchema,
  parseCaseFile,
  readCaseFile,
} from "./conformance/case-file.ts";
/** The fixture types the original's conformance cases use, registered together. */
/** The `note` fixture artifact type: markdown text and a title, written directly. */
/** The `checklist` fixture artifact type: agents only propose changes to it. */
/** The `counter` fixture artifact type: one leniently parsed integer. */
/** The `helpfulness` fixture feedback type: a 1–5 rating of a turn, thread or message. */
/** The `accuracy` fixture feedback type: whether an artifact version is correct. */
/** The `memo` fixture artifact type (ours): proposals expire after a day and supersede. */
export {
  accuracy,
  checklist,
  counter,
  fixtureRegistry,
  helpfulness,
  memo,
  note,
} from "./conformance/fixtures.ts";
/** A case's `given`, by id. */
export type { GivenStore } from "./conformance/load.ts";
/** Loads the state for a case through the host loop (`needs` until satisfied). */
/** Turns a case's `given` into a store, validating artifact data against a registry. */
export { loadCaseState, resolveGiven } from "./conformance/load.ts";
/** Formats results as `FAIL <file>: <case>` lines and a `N passed, N failed` total. */
export { formatReport } from "./conformance/report.ts";
/** What a case runs against, what it produced, and the results of cases and files. */
export type {
  CaseDump,
  CaseResult,
  FileResult,
  RunOptions,
  SuccessDump,
} from "./conformance/run-case.ts";
/** Runs one case: parse, load through `needs`, decide, match against `expect`. */
/** Runs every case of some case files or directories of them. */
/** Lists the case files a set of files and directories holds. */
export { expandCasePaths, runCase, runCaseFiles } from "./conformance/run-case.ts";
/** One mismatch found by the matcher, and why. */
export type { Difference, Problem } from "./conformance/subset.ts";
/** The original's subset matcher: where an actual value fails an expected one. */
/** Python's `==` on parsed JSON (`1 == 1.0`, `true == 1`). */
export { pythonEquals, subsetDifferences } from "./conformance/subset.ts";
/** Faults a test asks a store to inject. */
export type { StoreFaults } from "./stores/faults.ts";
/** A copy of an adapter's options whose store injects faults, for tests of atomicity. */
export { withFaults } from "./testing/faults.ts";
/** How the shared store suite gets stores of one adapter. */
export type { StoreSuiteAdapter } from "./testing/store-suite.ts";
/** The one suite every store adapter runs under Vitest (it loads Vitest when called). */
export { storeSuite } from "./testing/store-suite.ts";
