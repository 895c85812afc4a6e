import type { MergeLabels } from "./types.ts";

/** The marker labels with their defaults filled in. */
export type ResolvedLabels = Required<MergeLabels>;

/** The labels git merge-file is given here: `current`, `base`, `proposed`. */
export const DEFAULT_LABELS: ResolvedLabels = { ours: "current", base: "base", theirs: "proposed" };

const MARKER_SIZE = 7;

/** End of line of one line: CRLF, LF, or unknown (no such line, or no end of line to go by). */
type Eol = "crlf" | "lf" | "unknown";

function eolOf(line: string): Eol {
  return line.endsWith("\r\n") ? "crlf" : "lf";
}

/** A file read a line at a time: line `i`, or `undefined` if it has no such line (`i` may be -1). */
interface LineAt {
  line(i: number): string | undefined;
}

/**
 * The end of line of line `i` of a file, as git judges it for markers: a line with a newline
 * tells; a last line without one defers to the line before it; an empty file, or a single
 * line without newline, cannot tell.
 */
function eolAt(file: LineAt, i: number): Eol {
  const line = file.line(i);
  if (line === undefined) return "unknown";
  if (line.endsWith("\n")) return eolOf(line);
  const before = file.line(i - 1);
  return before === undefined ? "unknown" : eolOf(before);
}

/** Where a conflict starts in each side, and the files read a line at a time (never split). */
interface MarkerLines {
  readonly base: LineAt;
  readonly ours: LineAt;
  readonly oursStart: number;
  readonly theirs: LineAt;
  readonly theirsStart: number;
}

/**
 * The end of line of a conflict's markers, as git chooses it: CRLF only if the line before the
 * conflict (or the first line) in ours and in theirs and the first line of base all use CRLF,
 * where a file that cannot tell defers to the next; LF otherwise.
 */
export function markerEolOf(c: MarkerLines): "\r\n" | "\n" {
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

function marker(char: string, label: string | undefined, eol: string): string {
  return `${char.repeat(MARKER_SIZE)}${label === undefined ? "" : ` ${label}`}${eol}`;
}

/** A side's lines, the last given an end of line if it has none, so the next marker starts a line. */
function section(text: string, eol: string): string {
  return text === "" || text.endsWith("\n") ? text : text + eol;
}

/**
 * Renders one conflict in diff3 style: `<<<<<<< ours`, ours' lines, `||||||| base`, base's
 * lines, `=======`, theirs' lines, `>>>>>>> theirs`. Markers end with `eol`. The text has
 * four lines more than the three sides together.
 */
export function renderConflict(sides: ConflictSides, labels: ResolvedLabels, eol: string): string {
  return [
    marker("<", labels.ours, eol),
    section(sides.ours, eol),
    marker("|", labels.base, eol),
    section(sides.base, eol),
    marker("=", undefined, eol),
    section(sides.theirs, eol),
    marker(">", labels.theirs, eol),
  ].join("");
}
