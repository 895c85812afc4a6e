// `agent-workspace/merge`: the merge engine and patches on their own — three-way text
// merges byte-identical to `git merge-file`, structural JSON merges, JSON diffs as RFC 6902
// patches, and applying either kind of patch. Pure and synchronous.

export type { JsonMergeResult, MergeJsonOptions } from "./diffs/merge/merge-json.ts";
export { mergeJson } from "./diffs/merge/merge-json.ts";
export { mergeText } from "./diffs/merge/merge-text.ts";
export type {
  DiffAlgorithm,
  LineRange,
  MergeLabels,
  MergeTextOptions,
  TextConflict,
  TextMergeResult,
} from "./diffs/merge/types.ts";
export { applyPatch } from "./diffs/patches/apply.ts";
export { dataDiff } from "./diffs/patches/data-diff.ts";
export { describePatch } from "./diffs/patches/describe.ts";
export { diff } from "./diffs/patches/diff.ts";
export type { JsonConflict } from "./model/conflicts.ts";
export type { DataDiff } from "./model/data-diff.ts";
export type { JsonPatch, Patch, TextEdits } from "./model/patches.ts";
