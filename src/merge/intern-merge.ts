import { LineTable } from "./line-table.ts";
import { lineEnd, TextLines } from "./lines.ts";

/** One version of a merge: its lines, and their interned numbers. */
interface InternedText {
  readonly lines: TextLines;
  readonly ids: Int32Array;
}

/** The three versions of a merge, interned together. */
interface InternedMerge {
  readonly base: InternedText;
  readonly ours: InternedText;
  readonly theirs: InternedText;
}

const BASE = 0;
const OURS = 1;
const THEIRS = 2;

/**
 * Room for a text's lines: a typed array that doubles when full. `ids[i]` is line i's number,
 * `starts[i]` where it starts (`starts[count]`: where the text ends).
 */
class LineArrays {
  ids: Int32Array;
  starts: Int32Array;
  count = 0;

  constructor(capacity: number) {
    this.ids = new Int32Array(capacity);
    this.starts = new Int32Array(capacity + 1);
  }

  /** Makes room for `more` lines after the current ones. */
  reserve(more: number): void {
    if (this.count + more <= this.ids.length) return;
    const capacity = Math.max(this.ids.length * 2, this.count + more);
    const ids = new Int32Array(capacity);
    const starts = new Int32Array(capacity + 1);
    ids.set(this.ids.subarray(0, this.count));
    starts.set(this.starts.subarray(0, this.count + 1));
    this.ids = ids;
    this.starts = starts;
  }

  /** Adds a line with number `id` ending at `end`. */
  push(id: number, end: number): void {
    if (this.count === this.ids.length) this.reserve(1);
    this.ids[this.count] = id;
    this.starts[++this.count] = end;
  }

  /** The lines as found: views of exactly `count` lines. */
  done(text: string): InternedText {
    const ids = this.ids.subarray(0, this.count);
    return { lines: new TextLines(text, this.starts.subarray(0, this.count + 1)), ids };
  }
}

const NEWLINE = 10;

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
  const table = new LineTable([base, ours, theirs], (base.length >> 6) + 64);
  const baseLines = internBase(base, table);
  return {
    base: { lines: new TextLines(base, baseLines.starts), ids: baseLines.ids },
    ours: internAlongBase(ours, OURS, baseLines, table),
    theirs: internAlongBase(theirs, THEIRS, baseLines, table),
  };
}

/** Base, where its lines start, their numbers, and where each number first occurs. */
interface BaseLines {
  readonly text: string;
  readonly starts: Int32Array;
  readonly ids: Int32Array;
  /** The first line of base with each number: numbers below its length are base's lines. */
  readonly firstAt: readonly number[];
}

function internBase(text: string, table: LineTable): BaseLines {
  const lines = new LineArrays((text.length >> 5) + 16);
  const firstAt: number[] = [];
  for (let start = 0; start < text.length; ) {
    const end = lineEnd(text, start);
    const id = table.idOf(BASE, start, end);
    if (id === firstAt.length) firstAt.push(lines.count);
    lines.push(id, end);
    start = end;
  }
  const { ids, lines: found } = lines.done(text);
  return { text, starts: found.starts, ids, firstAt };
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
  const last = at + end - start - 1;
  // Most blocks that differ differ in length: their last characters (a line's end) or first
  // ones already differ, and telling so costs no strings cut out.
  if (last >= text.length || text.charCodeAt(last) !== base.text.charCodeAt(end - 1)) return false;
  if (text.charCodeAt(at) !== base.text.charCodeAt(start)) return false;
  if (text.slice(at, last + 1) !== base.text.slice(start, end)) return false;
  // Every line ends with "\n" but base's last, which must end the text too to be a whole line.
  return base.text.charCodeAt(end - 1) === NEWLINE || at + end - start === text.length;
}

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

/** Interns one side, text `source` of the table, reading base alongside it (see `internMerge`). */
function internAlongBase(
  text: string,
  source: number,
  base: BaseLines,
  table: LineTable,
): InternedText {
  const lines = new LineArrays(base.ids.length + 64);
  // The line of base the side is expected to have next.
  let next = 0;
  /** Takes `run` lines of base from line `from` on, as found where the next line starts. */
  const takeBase = (from: number, run: number) => {
    lines.reserve(run);
    const { ids, starts, count } = lines;
    const shift = (starts[count] as number) - (base.starts[from] as number);
    // A loop, not set() on a subarray: most runs are short, and a view is an object.
    for (let i = 0; i < run; i++) ids[count + i] = base.ids[from + i] as number;
    for (let i = 1; i <= run; i++) starts[count + i] = (base.starts[from + i] as number) + shift;
    lines.count = count + run;
    next = from + run;
  };
  for (let start = 0; start < text.length; start = lines.starts[lines.count] as number) {
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
    const id = table.idOf(source, start, end);
    lines.push(id, end);
    if (id < base.firstAt.length) next = resync(base, id, next);
  }
  return lines.done(text);
}
