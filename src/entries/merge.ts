// `agent-workspace/merge`: the merge engine and patches on their own — three-way text
// merges byte-identical to `git merge-file`, structural JSON merges, JSON diffs as RFC 6902
// patches, and applying either kind of patch. Pure and synchronous.

export type { JsonMergeResult, MergeJsonOptions } from "../merge/merge-json.ts";
export { mergeJson } from "../merge/merge-json.ts";
export { mergeText } from "../merge/merge-text.ts";
export type {
  DiffAlgorithm,
  LineRange,
  MergeLabels,
  MergeTextOptions,
  TextConflict,
  TextMergeResult,
} from "../merge/types.ts";
export type { JsonConflict } from "../model/conflicts.ts";
export type { DataDiff } from "../model/data-diff.ts";
export type { Hunk, HunkOutcome, TextHunk, ValueHunk } from "../model/hunks.ts";
export type { JsonPatch, Patch, TextEdits } from "../model/patches.ts";
export { applyPatch } from "../patches/apply.ts";
export { dataDiff } from "../patches/data-diff.ts";
export { describePatch } from "../patches/describe.ts";
export { diff } from "../patches/diff.ts";
export { applyHunks, hunksOf } from "../proposals/hunks.ts";
