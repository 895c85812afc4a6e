import type { MergeChunk } from "./chunk-walk.ts";
import type { TextLines } from "./lines.ts";
import { markerEolOf, type ResolvedLabels, renderConflict } from "./markers.ts";
import type { LineRange, TextConflict } from "./types.ts";

/** The three versions of a merge, as lines. */
export interface MergeVersions {
  readonly base: TextLines;
  readonly ours: TextLines;
  readonly theirs: TextLines;
}

/** Where a conflict is in each version. */
interface ConflictRanges {
  readonly base: LineRange;
  readonly ours: LineRange;
  readonly theirs: LineRange;
}

function span(lines: TextLines, range: LineRange): string {
  return lines.span(range.start, range.end);
}

function size(range: LineRange): number {
  return range.end - range.start;
}

function withLines(lines: TextLines, range: LineRange) {
  return { start: range.start, end: range.end, lines: lines.slice(range.start, range.end) };
}

/**
 * The merged text as it is written: pieces joined once at the end, and its length in lines
 * so far, which is where the next conflict's markers start. Lines copied from one version
 * right after the lines last copied from it are taken as one slice of its text.
 */
export class MergedText {
  private readonly pieces: string[] = [];
  private from: TextLines | null = null;
  private start = 0;
  private end = 0;
  lineCount = 0;

  /** Copies lines of one version. */
  copy(lines: TextLines, range: LineRange): void {
    if (range.start === range.end) return;
    if (this.from !== lines || this.end !== range.start) {
      this.flush();
      this.from = lines;
      this.start = range.start;
    }
    this.end = range.end;
    this.lineCount += range.end - range.start;
  }

  /** Writes text made up here, which has `lines` lines. */
  write(text: string, lines: number): void {
    this.flush();
    this.pieces.push(text);
    this.lineCount += lines;
  }

  /** Writes one conflict with its markers, and returns what the result says of it. */
  conflict(versions: MergeVersions, ranges: ConflictRanges, labels: ResolvedLabels): TextConflict {
    const { base, ours, theirs } = versions;
    const eol = markerEolOf({
      base,
      ours,
      oursStart: ranges.ours.start,
      theirs,
      theirsStart: ranges.theirs.start,
    });
    const text = renderConflict(
      {
        ours: span(ours, ranges.ours),
        base: span(base, ranges.base),
        theirs: span(theirs, ranges.theirs),
      },
      labels,
      eol,
    );
    const start = this.lineCount;
    this.write(text, 4 + size(ranges.ours) + size(ranges.base) + size(ranges.theirs));
    return {
      merged: { start, end: this.lineCount },
      base: withLines(base, ranges.base),
      ours: withLines(ours, ranges.ours),
      theirs: withLines(theirs, ranges.theirs),
    };
  }

  private flush(): void {
    if (this.from !== null) this.pieces.push(this.from.span(this.start, this.end));
    this.from = null;
  }

  toString(): string {
    this.flush();
    return this.pieces.join("");
  }
}

/**
 * Writes the chunks of a line merge: unchanged lines and the same change by both from ours,
 * one side's change from that side, and each conflict as `conflict` writes it.
 */
export function writeChunks(
  versions: MergeVersions,
  chunks: readonly MergeChunk[],
  conflict: (merged: MergedText, chunk: MergeChunk) => void,
): MergedText {
  const merged = new MergedText();
  for (const chunk of chunks) {
    switch (chunk.kind) {
      case "unchanged":
      case "ours":
      case "same":
        merged.copy(versions.ours, chunk.ours);
        break;
      case "theirs":
        merged.copy(versions.theirs, chunk.theirs);
        break;
      case "conflict":
        conflict(merged, chunk);
        break;
    }
  }
  return merged;
}
