// `agent-workspace/testing`: for whoever checks an implementation — the conformance runner,
// its case format and fixture types (for this library or another one, in any language), and
// the store suite, its fault hooks and the port's own types (for a new store adapter).

export type {
  Case,
  CaseFile,
  CaseInput,
  Expect,
  Given,
  GivenArtifact,
} from "../conformance/case-file.ts";
export {
  CaseFileError,
  CaseFileSchema,
  CaseSchema,
  ExpectSchema,
  GivenSchema,
  parseCaseFile,
  readCaseFile,
} from "../conformance/case-file.ts";
export {
  accuracy,
  checklist,
  counter,
  fixtureRegistry,
  helpfulness,
  memo,
  note,
} from "../conformance/fixtures.ts";
export type { GivenStore } from "../conformance/load.ts";
export { loadCaseState, resolveGiven } from "../conformance/load.ts";
export { formatReport } from "../conformance/report.ts";
export type {
  CaseDump,
  CaseResult,
  FileResult,
  RunOptions,
  SuccessDump,
} from "../conformance/run-case.ts";
export { expandCasePaths, runCase, runCaseFiles } from "../conformance/run-case.ts";
export type { Difference, Problem } from "../conformance/subset.ts";
export { pythonEquals, subsetDifferences } from "../conformance/subset.ts";
export type { StoreFaults } from "../stores/faults.ts";
export type { AppendBatch, AppendResult, StoreCapabilities } from "../stores/port.ts";
export { withFaults } from "../testing/faults.ts";
export type { StoreSuiteAdapter } from "../testing/store-suite.ts";
export { storeSuite } from "../testing/store-suite.ts";
