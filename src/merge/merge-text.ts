import { lineDiffFor, mergeChunks } from "./diff3.ts";
import { internSequences, splitLines } from "./lines.ts";
import { DEFAULT_LABELS, markerEol, type ResolvedLabels, renderConflict } from "./markers.ts";
import type { LineRange, MergeText, TextConflict } from "./types.ts";

function withLines(lines: readonly string[], range: LineRange) {
  return { start: range.start, end: range.end, lines: lines.slice(range.start, range.end) };
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
export const mergeText: MergeText = (base, ours, theirs, options = {}) => {
  const baseLines = splitLines(base);
  const oursLines = splitLines(ours);
  const theirsLines = splitLines(theirs);
  const [baseIds = [], oursIds = [], theirsIds = []] = internSequences([
    baseLines,
    oursLines,
    theirsLines,
  ]);
  const labels: ResolvedLabels = { ...DEFAULT_LABELS, ...options.labels };
  const chunks = mergeChunks(baseIds, oursIds, theirsIds, lineDiffFor(options.algorithm));

  const merged: string[] = [];
  const conflicts: TextConflict[] = [];
  const copy = (lines: readonly string[], range: LineRange) => {
    for (let k = range.start; k < range.end; k++) merged.push(lines[k] as string);
  };
  for (const chunk of chunks) {
    switch (chunk.kind) {
      case "unchanged":
      case "ours":
      case "same":
        copy(oursLines, chunk.ours);
        break;
      case "theirs":
        copy(theirsLines, chunk.theirs);
        break;
      case "conflict": {
        const conflict = {
          base: withLines(baseLines, chunk.base),
          ours: withLines(oursLines, chunk.ours),
          theirs: withLines(theirsLines, chunk.theirs),
        };
        const eol = markerEol({
          base: baseLines,
          ours: oursLines,
          oursStart: chunk.ours.start,
          theirs: theirsLines,
          theirsStart: chunk.theirs.start,
        });
        const rendered = renderConflict(
          { ours: conflict.ours.lines, base: conflict.base.lines, theirs: conflict.theirs.lines },
          labels,
          eol,
        );
        const start = merged.length;
        for (const line of rendered) merged.push(line);
        conflicts.push({ merged: { start, end: merged.length }, ...conflict });
        break;
      }
    }
  }
  const text = merged.join("");
  return conflicts.length === 0 ? { kind: "clean", text } : { kind: "conflict", text, conflicts };
};
