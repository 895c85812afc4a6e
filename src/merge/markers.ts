import type { MergeLabels } from "./types.ts";

/** The marker labels with their defaults filled in. */
export type ResolvedLabels = Required<MergeLabels>;

/** The labels git merge-file is given here: `current`, `base`, `proposed`. */
export const DEFAULT_LABELS: ResolvedLabels = { ours: "current", base: "base", theirs: "proposed" };

const MARKER_SIZE = 7;

/** End of line of one line: CRLF, LF, or unknown (no such line, or no end of line to go by). */
type Eol = "crlf" | "lf" | "unknown";

const LF = 10;
const CR = 13;

/** A file's lines, found but not cut out (TextLines): line i is text[starts[i], starts[i + 1]). */
interface LinePositions {
  readonly text: string;
  readonly starts: ArrayLike<number>;
}

/** Whether line `i` (a line that exists) ends with "\n", and if so whether with "\r\n". */
function lineEol(file: LinePositions, i: number): Eol {
  const start = file.starts[i] as number;
  const end = file.starts[i + 1] as number;
  if (file.text.charCodeAt(end - 1) !== LF) return "unknown";
  return end - 2 >= start && file.text.charCodeAt(end - 2) === CR ? "crlf" : "lf";
}

/**
 * The end of line of line `i` of a file, as git judges it for markers: a line with a newline
 * tells; a last line without one defers to the line before it; an empty file, or a single
 * line without newline, cannot tell. (Read from the text, no line cut out.)
 */
function eolAt(file: LinePositions, i: number): Eol {
  const count = file.starts.length - 1;
  if (i < 0 || i >= count) return "unknown";
  const own = lineEol(file, i);
  if (own !== "unknown" || i === 0) return own;
  // Only a last line lacks a newline; the line before it has one.
  return lineEol(file, i - 1);
}

/** Where a conflict starts in each side, and the files' lines. */
interface ConflictStart {
  readonly base: LinePositions;
  readonly ours: LinePositions;
  readonly oursStart: number;
  readonly theirs: LinePositions;
  readonly theirsStart: number;
}

/**
 * The end of line of a conflict's markers, as git chooses it: CRLF only if the line before the
 * conflict (or the first line) in ours and in theirs and the first line of base all use CRLF,
 * where a file that cannot tell defers to the next; LF otherwise.
 */
export function markerEolOf(c: ConflictStart): "\r\n" | "\n" {
  const votes = [
    eolAt(c.ours, c.oursStart > 0 ? c.oursStart - 1 : 0),
    eolAt(c.theirs, c.theirsStart > 0 ? c.theirsStart - 1 : 0),
    eolAt(c.base, 0),
  ];
  let verdict: Eol = "unknown";
  for (const vote of votes) {
    verdict = vote;
    if (vote === "lf") break;
  }
  return verdict === "crlf" ? "\r\n" : "\n";
}

/** The text of each version inside one conflict: whole lines, as they stand. */
interface ConflictSides {
  readonly ours: string;
  readonly base: string;
  readonly theirs: string;
}

/** A conflict's four marker lines, each with its line end. */
export interface ConflictMarkers {
  readonly open: string;
  readonly base: string;
  readonly middle: string;
  readonly close: string;
}

function marker(char: string, label: string | undefined, eol: string): string {
  return `${char.repeat(MARKER_SIZE)}${label === undefined ? "" : ` ${label}`}${eol}`;
}

/** The markers of a conflict: `<<<<<<< ours`, `||||||| base`, `=======`, `>>>>>>> theirs`, ending with `eol`. */
export function conflictMarkers(labels: ResolvedLabels, eol: string): ConflictMarkers {
  return {
    open: marker("<", labels.ours, eol),
    base: marker("|", labels.base, eol),
    middle: marker("=", undefined, eol),
    close: marker(">", labels.theirs, eol),
  };
}

/** Appends a side's lines, then an end of line if the last has none, so the next marker starts a line. */
function pushSection(into: string[], text: string, eol: string): void {
  if (text === "") return;
  into.push(text);
  if (text.charCodeAt(text.length - 1) !== LF) into.push(eol);
}

/**
 * Appends one conflict in diff3 style to `into`, in pieces: the open marker, ours' lines, the
 * base marker, base's lines, the middle marker, theirs' lines, the close marker. The markers
 * end with `eol`, as does a side's last line that has no end. The text has four lines more
 * than the three sides together.
 */
export function pushConflict(
  into: string[],
  sides: ConflictSides,
  markers: ConflictMarkers,
  eol: string,
): void {
  into.push(markers.open);
  pushSection(into, sides.ours, eol);
  into.push(markers.base);
  pushSection(into, sides.base, eol);
  into.push(markers.middle);
  pushSection(into, sides.theirs, eol);
  into.push(markers.close);
}
