import type { MergeChunk } from "./chunk-walk.ts";
import { lineDiffFor, mergeChunks } from "./diff3.ts";
import { internMerge } from "./intern-merge.ts";
import { DEFAULT_LABELS, type ResolvedLabels } from "./markers.ts";
import { conflictRanges, type MergedText, type MergeVersions, writeChunks } from "./merged-text.ts";
import type {
  LineDiff,
  MergeText,
  MergeTextOptions,
  TextConflict,
  TextMergeResult,
} from "./types.ts";

/**
 * The merge when no diff is needed: a side equal to base takes the other side, and two equal
 * sides are the result (git's answer in each case, since the diffs would find no change, or
 * the same changes, on one side). `undefined` otherwise.
 */
function trivialMerge(base: string, ours: string, theirs: string): string | undefined {
  if (ours === theirs || base === theirs) return ours;
  if (base === ours) return theirs;
  return undefined;
}

/** What a line merge does with each region where the sides' changes conflict. */
type ConflictWriter = (
  into: MergedText,
  versions: MergeVersions,
  chunk: MergeChunk,
  how: { readonly diff: LineDiff; readonly labels: ResolvedLabels },
) => TextConflict[];

/**
 * The line merge both {@link mergeText} and `mergeTextByWords` are: the trivial cases, then
 * the sides' line diffs walked into chunks and written out, each conflicting chunk by
 * `writeConflict`, which writes it and says what of it still conflicts.
 */
export function mergeLines(
  [base, ours, theirs]: readonly [string, string, string],
  options: MergeTextOptions,
  writeConflict: ConflictWriter,
): TextMergeResult {
  const trivial = trivialMerge(base, ours, theirs);
  if (trivial !== undefined) return { kind: "clean", text: trivial };
  const texts = internMerge(base, ours, theirs);
  const how = {
    labels: { ...DEFAULT_LABELS, ...options.labels },
    diff: lineDiffFor(options.algorithm),
  };
  const chunks = mergeChunks(texts.base.ids, texts.ours.ids, texts.theirs.ids, how.diff);
  const versions = { base: texts.base.lines, ours: texts.ours.lines, theirs: texts.theirs.lines };
  const conflicts: TextConflict[] = [];
  const merged = writeChunks(versions, chunks, (into, chunk) => {
    conflicts.push(...writeConflict(into, versions, chunk, how));
  });
  const text = merged.toString();
  return conflicts.length === 0 ? { kind: "clean", text } : { kind: "conflict", text, conflicts };
}

/**
 * Three-way merges texts line by line, as `git merge-file --diff3` does: lines compare as exact
 * bytes with their end of line; each side is diffed against base (histogram by default, or
 * Myers, which reproduces git merge-file byte for byte); changes by one side are taken, the
 * same change by both is taken once, and changes that overlap or touch conflict. Conflicts are
 * written with diff3 markers (labels default to `current`, `base`, `proposed`).
 *
 * Returns `clean` with the text, or `conflict` with the text (markers included) and, for each
 * conflict, its ranges and lines in each version and where its markers are in the text.
 */
export const mergeText: MergeText = (base, ours, theirs, options = {}) =>
  mergeLines([base, ours, theirs], options, (into, versions, chunk, { labels }) => [
    into.conflict(versions, conflictRanges(chunk), labels),
  ]);
