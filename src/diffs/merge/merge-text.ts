import { lineDiffFor, type MergeChunk, mergeChunks } from "./diff3.ts";
import { type InternedMerge, internMerge } from "./intern-merge.ts";
import type { TextLines } from "./lines.ts";
import { DEFAULT_LABELS, markerEolOf, type ResolvedLabels, renderConflict } from "./markers.ts";
import type { LineRange, MergeText, TextConflict } from "./types.ts";

/**
 * The merged text as it is written: pieces joined once at the end, and its length in lines
 * so far, which is where the next conflict's markers start.
 */
class MergedText {
  private readonly pieces: string[] = [];
  lineCount = 0;

  /** Copies lines of one version, as one slice of its text rather than a string per line. */
  copy(lines: TextLines, range: LineRange): void {
    if (range.start === range.end) return;
    this.pieces.push(lines.span(range.start, range.end));
    this.lineCount += range.end - range.start;
  }

  /** Writes lines made up here (a rendered conflict). */
  write(lines: readonly string[]): void {
    for (const line of lines) this.pieces.push(line);
    this.lineCount += lines.length;
  }

  toString(): string {
    return this.pieces.join("");
  }
}

function withLines(lines: TextLines, range: LineRange) {
  return { start: range.start, end: range.end, lines: lines.slice(range.start, range.end) };
}

/** Writes one conflict, with its markers, and returns what the result says of it. */
function writeConflict(
  merged: MergedText,
  texts: InternedMerge,
  chunk: MergeChunk,
  labels: ResolvedLabels,
): TextConflict {
  const conflict = {
    base: withLines(texts.base.lines, chunk.base),
    ours: withLines(texts.ours.lines, chunk.ours),
    theirs: withLines(texts.theirs.lines, chunk.theirs),
  };
  const eol = markerEolOf({
    base: (i) => texts.base.lines.line(i),
    ours: (i) => texts.ours.lines.line(i),
    oursStart: chunk.ours.start,
    theirs: (i) => texts.theirs.lines.line(i),
    theirsStart: chunk.theirs.start,
  });
  const rendered = renderConflict(
    { ours: conflict.ours.lines, base: conflict.base.lines, theirs: conflict.theirs.lines },
    labels,
    eol,
  );
  const start = merged.lineCount;
  merged.write(rendered);
  return { merged: { start, end: merged.lineCount }, ...conflict };
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
  const texts = internMerge(base, ours, theirs);
  const labels: ResolvedLabels = { ...DEFAULT_LABELS, ...options.labels };
  const diff = lineDiffFor(options.algorithm);
  const chunks = mergeChunks(texts.base.ids, texts.ours.ids, texts.theirs.ids, diff);

  const merged = new MergedText();
  const conflicts: TextConflict[] = [];
  for (const chunk of chunks) {
    switch (chunk.kind) {
      case "unchanged":
      case "ours":
      case "same":
        merged.copy(texts.ours.lines, chunk.ours);
        break;
      case "theirs":
        merged.copy(texts.theirs.lines, chunk.theirs);
        break;
      case "conflict":
        conflicts.push(writeConflict(merged, texts, chunk, labels));
        break;
    }
  }
  const text = merged.toString();
  return conflicts.length === 0 ? { kind: "clean", text } : { kind: "conflict", text, conflicts };
};
