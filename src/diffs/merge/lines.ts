/**
 * Splits text into lines that keep their end of line, as git's line diff sees them: a line
 * ends after each `"\n"` (a `"\r\n"` line keeps its `"\r"`), and a last line without one is a
 * line of its own. The empty text has no lines. Joining the result gives back the text.
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const end = lineEnd(text, start);
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

/** Where the line starting at `start` ends: after its `"\n"`, or at the end of the text. */
function lineEnd(text: string, start: number): number {
  const newline = text.indexOf("\n", start);
  return newline === -1 ? text.length : newline + 1;
}

/**
 * Interns keys to small numbers: equal keys get equal numbers, in order of first sight, so
 * the diffs compare numbers instead of strings. Returns one number array per input sequence.
 */
export function internSequences(sequences: readonly (readonly string[])[]): number[][] {
  const ids = new Map<string, number>();
  return sequences.map((sequence) => sequence.map((key) => idOf(ids, key)));
}

/** The number of `key` in `ids`, given the next free number if it has none yet. */
function idOf(ids: Map<string, number>, key: string): number {
  let id = ids.get(key);
  if (id === undefined) {
    id = ids.size;
    ids.set(key, id);
  }
  return id;
}

/**
 * A text's lines, found but not cut out: line `i` is `text.slice(starts[i], starts[i + 1])`.
 * Consecutive lines are taken as one slice of the text, which is cheaper than joining them.
 */
export class TextLines {
  readonly text: string;
  /** Where each line starts, then the text's length: one more entry than there are lines. */
  readonly starts: readonly number[];

  constructor(text: string, starts: readonly number[]) {
    this.text = text;
    this.starts = starts;
  }

  get count(): number {
    return this.starts.length - 1;
  }

  /** Line `i`, or `undefined` if there is no such line. */
  line(i: number): string | undefined {
    if (i < 0 || i >= this.count) return undefined;
    return this.text.slice(this.starts[i] as number, this.starts[i + 1]);
  }

  /** Lines `start` to `end` (exclusive) as one string, as they stand in the text. */
  span(start: number, end: number): string {
    return this.text.slice(this.starts[start] as number, this.starts[end]);
  }

  /** Lines `start` to `end` (exclusive), one string each. */
  slice(start: number, end: number): string[] {
    const lines: string[] = [];
    for (let i = start; i < end; i++) lines.push(this.line(i) as string);
    return lines;
  }
}

/** One version of a merge: its lines, and their interned numbers. */
interface InternedText {
  readonly lines: TextLines;
  readonly ids: readonly number[];
}

/** The three versions of a merge, interned together. */
export interface InternedMerge {
  readonly base: InternedText;
  readonly ours: InternedText;
  readonly theirs: InternedText;
}

/**
 * Splits and interns the three texts of a merge: the same numbers as `internSequences` on
 * their `splitLines` (base, ours, theirs, in that order), but found mostly without hashing.
 *
 * Base is interned line by line. Ours and theirs are then read alongside base: most of their
 * lines are the base line where the reading is, and a string comparison at that place, with
 * no line cut out, proves it, so the line takes that base line's number. Only the other lines
 * are looked up (after an edit, that puts the reading of base back in step). Every line not
 * in base goes through the lookup, in order, so new numbers come in the order of first sight,
 * as `internSequences` gives them; a line equal to a base line has that line's number either
 * way.
 */
export function internMerge(base: string, ours: string, theirs: string): InternedMerge {
  const table = new Map<string, number>();
  const baseLines = internBase(base, table);
  return {
    base: { lines: new TextLines(base, baseLines.starts), ids: baseLines.ids },
    ours: internAlongBase(ours, baseLines, table),
    theirs: internAlongBase(theirs, baseLines, table),
  };
}

/** Base, where its lines start, their numbers, and where each number first occurs. */
interface BaseLines {
  readonly text: string;
  readonly starts: readonly number[];
  readonly ids: readonly number[];
  /** The first line of base with each number: numbers below its length are base's lines. */
  readonly firstAt: readonly number[];
}

function internBase(text: string, table: Map<string, number>): BaseLines {
  const starts = [0];
  const ids: number[] = [];
  const firstAt: number[] = [];
  let start = 0;
  while (start < text.length) {
    const end = lineEnd(text, start);
    const id = idOf(table, text.slice(start, end));
    if (id === firstAt.length) firstAt.push(ids.length);
    ids.push(id);
    starts.push(end);
    start = end;
  }
  return { text, starts, ids, firstAt };
}

/**
 * Whether `text` has base's lines `from` to `to` (exclusive) at `at`, as whole lines. Slicing
 * both and comparing is several times faster than `startsWith` in V8.
 */
function hasBaseLinesAt(
  text: string,
  at: number,
  base: BaseLines,
  from: number,
  to: number,
): boolean {
  const start = base.starts[from] as number;
  const end = base.starts[to] as number;
  if (text.slice(at, at + end - start) !== base.text.slice(start, end)) return false;
  // Every line ends with "\n" but base's last, which must end the text too to be a whole line.
  return base.text.charCodeAt(end - 1) === NEWLINE || at + end - start === text.length;
}

const NEWLINE = 10;

/**
 * How many lines of base from line `from` on `text` has at `at`. Runs are compared a block
 * at a time, the blocks doubling while they match and, once one does not, halving (a binary
 * search for the end of the run), so a long unchanged run costs a few comparisons, not one
 * per line.
 */
function matchingRun(text: string, at: number, base: BaseLines, from: number): number {
  const available = base.ids.length - from;
  let run = 0;
  let block = 1;
  let growing = true;
  while (run < available) {
    const size = Math.min(block, available - run);
    const offset = (base.starts[from + run] as number) - (base.starts[from] as number);
    if (hasBaseLinesAt(text, at + offset, base, from + run, from + run + size)) {
      run += size;
      if (growing) block *= 2;
    } else if (size === 1) {
      break;
    } else {
      block = size >> 1;
      growing = false;
    }
  }
  return run;
}

/** How far past the reading place to look for a line of base before taking its first place. */
const RESYNC_WINDOW = 32;

/**
 * Where to read base from after a line found by lookup to be base's `id`: after its next
 * place at or past `from` (a deletion, or a line put back where it was), looked for only a
 * little way; else after its first place (a line moved from elsewhere). Only speed depends on
 * this guess, never the numbers.
 */
function resync(base: BaseLines, id: number, from: number): number {
  const stop = Math.min(from + RESYNC_WINDOW, base.ids.length);
  for (let i = from; i < stop; i++) if (base.ids[i] === id) return i + 1;
  return (base.firstAt[id] as number) + 1;
}

/** Interns one side, reading base alongside it (see `internMerge`). */
function internAlongBase(text: string, base: BaseLines, table: Map<string, number>): InternedText {
  const starts = [0];
  const ids: number[] = [];
  // The line of base the side is expected to have next.
  let next = 0;
  let start = 0;
  /** Takes `run` lines of base from line `from` on, as found at `start`. */
  const takeBase = (from: number, run: number) => {
    const shift = start - (base.starts[from] as number);
    for (let i = from; i < from + run; i++) {
      ids.push(base.ids[i] as number);
      starts.push((base.starts[i + 1] as number) + shift);
    }
    next = from + run;
    start = starts[starts.length - 1] as number;
  };
  while (start < text.length) {
    // The expected line, or the one after it: a line of base deleted, or replaced just before.
    let run = matchingRun(text, start, base, next);
    if (run > 0) {
      takeBase(next, run);
      continue;
    }
    run = matchingRun(text, start, base, next + 1);
    if (run > 0) {
      takeBase(next + 1, run);
      continue;
    }
    const end = lineEnd(text, start);
    const id = idOf(table, text.slice(start, end));
    ids.push(id);
    starts.push(end);
    if (id < base.firstAt.length) next = resync(base, id, next);
    start = end;
  }
  return { lines: new TextLines(text, starts), ids };
}
