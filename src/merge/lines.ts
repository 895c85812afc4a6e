/**
 * Splits text into lines that keep their end of line, as git's line diff sees them: a line
 * ends after each `"\n"` (a `"\r\n"` line keeps its `"\r"`), and a last line without one is a
 * line of its own. The empty text has no lines. Joining the result gives back the text.
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

/**
 * Interns keys to small numbers: equal keys get equal numbers, in order of first sight, so
 * the diffs compare numbers instead of strings. Returns one number array per input sequence.
 */
export function internSequences(sequences: readonly (readonly string[])[]): number[][] {
  const ids = new Map<string, number>();
  return sequences.map((sequence) =>
    sequence.map((key) => {
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      return id;
    }),
  );
}
