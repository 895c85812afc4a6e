// git's indent heuristic (xdiff's `measure_split` and `score_add_split`), which `git diff`
// uses by default to choose among the places a group of added or removed lines can slide
// to: a split between lines is better where it falls at a blank line or an outdent. The
// constants are git's, found by its authors on a corpus of real diffs.

/** Indents at or above this count the same. */
const MAX_INDENT = 200;
/** Blank lines beyond this many in a row count the same. */
const MAX_BLANKS = 20;
const START_OF_FILE_PENALTY = 1;
const END_OF_FILE_PENALTY = 21;
const TOTAL_BLANK_WEIGHT = -30;
const POST_BLANK_WEIGHT = 6;
const RELATIVE_INDENT_PENALTY = -4;
const RELATIVE_INDENT_WITH_BLANK_PENALTY = 10;
const RELATIVE_OUTDENT_PENALTY = 24;
const RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17;
const RELATIVE_DEDENT_PENALTY = 23;
const RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17;
/** How much a difference in effective indent weighs against the penalties. */
const INDENT_WEIGHT = 60;

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;

/**
 * The indent of `text[start, end)` in columns (a tab goes to the next multiple of 8), or -1
 * for a line of only whitespace. git's whitespace is space, tab, `\n` and `\r`.
 */
export function indentOf(text: string, start: number, end: number): number {
  let indent = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE) indent += 1;
    else if (c === TAB) indent += 8 - (indent % 8);
    else if (c !== NEWLINE && c !== RETURN) return indent;
    if (indent >= MAX_INDENT) return MAX_INDENT;
  }
  return -1;
}

/** What the lines around a split look like (git's `split_measurement`). */
interface Split {
  readonly endOfFile: boolean;
  /** The indent of the line just after the split, -1 if blank or none. */
  readonly indent: number;
  readonly preBlank: number;
  readonly preIndent: number;
  readonly postBlank: number;
  readonly postIndent: number;
}

/** The first non-blank indent walking from `from` by `step`, and the blank lines passed. */
function walkBlank(
  indents: (line: number) => number,
  count: number,
  from: number,
  step: 1 | -1,
): { readonly blank: number; readonly indent: number } {
  let blank = 0;
  for (let i = from; i >= 0 && i < count; i += step) {
    const indent = indents(i);
    if (indent !== -1) return { blank, indent };
    blank += 1;
    if (blank === MAX_BLANKS) return { blank, indent: 0 };
  }
  return { blank, indent: -1 };
}

/** Measures the split just before line `split` of a file of `count` lines. */
function measure(indents: (line: number) => number, count: number, split: number): Split {
  const endOfFile = split >= count;
  const before = walkBlank(indents, count, split - 1, -1);
  const after = walkBlank(indents, count, split + 1, 1);
  return {
    endOfFile,
    indent: endOfFile ? -1 : indents(split),
    preBlank: before.blank,
    preIndent: before.indent,
    postBlank: after.blank,
    postIndent: after.indent,
  };
}

/** The penalty for where a split's indent stands against the line before it. */
function relativePenalty(m: Split, indent: number, anyBlanks: boolean): number {
  if (indent === -1 || m.preIndent === -1 || indent === m.preIndent) return 0;
  if (indent > m.preIndent) {
    return anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
  }
  if (m.postIndent !== -1 && m.postIndent > indent) {
    return anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
  }
  return anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
}

/** A split's score: its effective indent and its penalty (git's `score_add_split`). */
function splitScore(m: Split): { readonly indent: number; readonly penalty: number } {
  let penalty = 0;
  if (m.preIndent === -1 && m.preBlank === 0) penalty += START_OF_FILE_PENALTY;
  if (m.endOfFile) penalty += END_OF_FILE_PENALTY;
  const postBlank = m.indent === -1 ? 1 + m.postBlank : 0;
  const totalBlank = m.preBlank + postBlank;
  penalty += TOTAL_BLANK_WEIGHT * totalBlank + POST_BLANK_WEIGHT * postBlank;
  const indent = m.indent !== -1 ? m.indent : m.postIndent;
  penalty += relativePenalty(m, indent, totalBlank !== 0);
  return { indent, penalty };
}

/** The score of a group whose lines are `[end - size, end)`: both of its splits together. */
export interface GroupScore {
  readonly indent: number;
  readonly penalty: number;
}

/** Scores the group `[end - size, end)` of a file of `count` lines whose indents `indents` gives. */
export function groupScore(
  indents: (line: number) => number,
  count: number,
  end: number,
  size: number,
): GroupScore {
  const low = splitScore(measure(indents, count, end));
  const high = splitScore(measure(indents, count, end - size));
  return { indent: low.indent + high.indent, penalty: low.penalty + high.penalty };
}

/** Negative if `a` is the better score, 0 if they tie, positive if `b` is (git's `score_cmp`). */
export function compareScores(a: GroupScore, b: GroupScore): number {
  const indents = Number(a.indent > b.indent) - Number(a.indent < b.indent);
  return INDENT_WEIGHT * indents + (a.penalty - b.penalty);
}
