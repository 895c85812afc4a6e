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
export function lineEnd(text: string, start: number): number {
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
  readonly starts: Int32Array;

  constructor(text: string, starts: Int32Array) {
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
