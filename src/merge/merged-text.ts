import { type MergeChunk, rangeIn } from "./chunk-walk.ts";
import type { TextLines } from "./lines.ts";
import {
  type ConflictMarkers,
  conflictMarkers,
  markerEolOf,
  pushConflict,
  type ResolvedLabels,
} from "./markers.ts";
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

/** Where a chunk is in each version, as a conflict's ranges. */
export function conflictRanges(chunk: MergeChunk): ConflictRanges {
  return {
    base: rangeIn(chunk, "base"),
    ours: rangeIn(chunk, "ours"),
    theirs: rangeIn(chunk, "theirs"),
  };
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
  /** The markers for the labels last used, with each line end (made once, not per conflict). */
  private markers: {
    readonly labels: ResolvedLabels;
    readonly lf: ConflictMarkers;
    readonly crlf: ConflictMarkers;
  } | null = null;
  lineCount = 0;

  /** Copies lines `start` to `end` (exclusive) of one version. */
  copy(lines: TextLines, start: number, end: number): void {
    if (start === end) return;
    if (this.from !== lines || this.end !== start) {
      this.flush();
      this.from = lines;
      this.start = start;
    }
    this.end = end;
    this.lineCount += end - start;
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
    this.flush();
    const sides = {
      ours: span(ours, ranges.ours),
      base: span(base, ranges.base),
      theirs: span(theirs, ranges.theirs),
    };
    pushConflict(this.pieces, sides, this.markersFor(labels, eol), eol);
    const start = this.lineCount;
    this.lineCount += 4 + size(ranges.ours) + size(ranges.base) + size(ranges.theirs);
    return {
      merged: { start, end: this.lineCount },
      base: withLines(base, ranges.base),
      ours: withLines(ours, ranges.ours),
      theirs: withLines(theirs, ranges.theirs),
    };
  }

  private markersFor(labels: ResolvedLabels, eol: string): ConflictMarkers {
    if (this.markers?.labels !== labels) {
      const lf = conflictMarkers(labels, "\n");
      this.markers = { labels, lf, crlf: conflictMarkers(labels, "\r\n") };
    }
    return eol === "\n" ? this.markers.lf : this.markers.crlf;
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
        merged.copy(versions.ours, chunk.oursStart, chunk.oursEnd);
        break;
      case "theirs":
        merged.copy(versions.theirs, chunk.theirsStart, chunk.theirsEnd);
        break;
      case "conflict":
        conflict(merged, chunk);
        break;
    }
  }
  return merged;
}
