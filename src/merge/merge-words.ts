import { type MergeChunk, rangeIn } from "./chunk-walk.ts";
import type { ResolvedLabels } from "./markers.ts";
import { mergeLines } from "./merge-text.ts";
import type { MergedText, MergeVersions } from "./merged-text.ts";
import { refineRegion } from "./refine-region.ts";
import type { LineDiff, LineRange, MergeText, TextConflict } from "./types.ts";

/** Where a line range of a region is in its version: shifted by the region's first line. */
function within(range: LineRange, region: LineRange): LineRange {
  return { start: region.start + range.start, end: region.start + range.end };
}

/** Writes one conflicting line region, merged again word by word; returns what still conflicts. */
function writeRefined(
  merged: MergedText,
  versions: MergeVersions,
  chunk: MergeChunk,
  how: { readonly diff: LineDiff; readonly labels: ResolvedLabels },
): TextConflict[] {
  const text = (lines: MergeVersions["base"], range: LineRange) =>
    lines.span(range.start, range.end);
  const at = {
    base: rangeIn(chunk, "base"),
    ours: rangeIn(chunk, "ours"),
    theirs: rangeIn(chunk, "theirs"),
  };
  const region = {
    base: text(versions.base, at.base),
    ours: text(versions.ours, at.ours),
    theirs: text(versions.theirs, at.theirs),
  };
  const conflicts: TextConflict[] = [];
  for (const piece of refineRegion(region, how.diff)) {
    if (piece.kind === "text") {
      merged.write(piece.text, piece.lines);
      continue;
    }
    const ranges = {
      base: within(piece.base, at.base),
      ours: within(piece.ours, at.ours),
      theirs: within(piece.theirs, at.theirs),
    };
    conflicts.push(merged.conflict(versions, ranges, how.labels));
  }
  return conflicts;
}

/**
 * Three-way merges texts as {@link mergeText} does, then merges each conflicting region again
 * word by word (words, runs of whitespace, line breaks and punctuation as tokens; see
 * `tokenize`): changes conflict there only where both sides changed the same tokens, inserted
 * at the same place, or met at a line break one of them removed. What merges cleanly is
 * taken; what still conflicts is reported as whole lines of each version, as narrow as the
 * line breaks all three versions share allow, with diff3 markers in the text.
 *
 * Never drops a change: every change of either side is in a clean result, or inside a
 * reported conflict. Where the line merge is clean, the result is exactly `mergeText`'s (and
 * so git's); this is not: it merges what git would not.
 */
export const mergeTextByWords: MergeText = (base, ours, theirs, options = {}) =>
  mergeLines([base, ours, theirs], options, writeRefined);
