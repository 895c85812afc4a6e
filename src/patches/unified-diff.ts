import type { Hunk } from "../merge/hunks.ts";
import type { TextLines } from "../merge/lines.ts";
import { type TwoWayDiff, twoWayDiff } from "../merge/two-way-diff.ts";

/** Lines of context around each change. */
const CONTEXT = 3;
const NO_NEWLINE = "\\ No newline at end of file";

/** Writes lines `[from, to)` of `text` with `prefix`, each without its `"\n"` (a `"\r"` stays). */
function writeLines(
  out: string[],
  prefix: string,
  text: TextLines,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const line = text.line(i) as string;
    if (line.endsWith("\n")) out.push(prefix + line.slice(0, -1));
    else out.push(prefix + line, NO_NEWLINE);
  }
}

/**
 * Writes one unified hunk: the diff's hunks `[first, last]` (changes no more than twice the
 * context apart), with the context around and between them.
 */
function writeHunk(
  out: string[],
  diff: TwoWayDiff,
  range: { readonly first: number; readonly last: number },
): void {
  const { before, after, hunks } = diff;
  const head = hunks[range.first] as Hunk;
  const tail = hunks[range.last] as Hunk;
  const oldFrom = Math.max(0, head.startA - CONTEXT);
  const oldTo = Math.min(before.count, tail.endA + CONTEXT);
  const newFrom = head.startB - (head.startA - oldFrom);
  const newTo = tail.endB + (oldTo - tail.endA);
  // Numbered from 1; an empty side keeps the number of the line it would start at.
  out.push(`@@ -${oldFrom + 1},${oldTo - oldFrom} +${newFrom + 1},${newTo - newFrom} @@`);
  writeLines(out, " ", before, oldFrom, head.startA);
  for (let k = range.first; k <= range.last; k++) {
    const hunk = hunks[k] as Hunk;
    writeLines(out, "-", before, hunk.startA, hunk.endA);
    writeLines(out, "+", after, hunk.startB, hunk.endB);
    const next = hunks[k + 1];
    const to = k < range.last && next !== undefined ? next.startA : oldTo;
    writeLines(out, " ", before, hunk.endA, to);
  }
}

/**
 * A unified diff of one text field: `--- {labels[0]}/{field}` and `+++ {labels[1]}/{field}`,
 * then hunks with 3 lines of context, two changes at most 6 unchanged lines apart sharing a
 * hunk, and `\ No newline at end of file` after a last line without one. The alignment is the
 * one `git diff` chooses (see `twoWayDiff`), so the hunks are git's; the `@@` lines always
 * give both counts, and an empty side starts at line 1.
 */
export function unifiedDiff(
  field: string,
  labels: readonly [string, string],
  before: string,
  after: string,
): string {
  const diff = twoWayDiff(before, after);
  const { hunks } = diff;
  const out = [`--- ${labels[0]}/${field}`, `+++ ${labels[1]}/${field}`];
  for (let first = 0; first < hunks.length; ) {
    let last = first;
    for (;;) {
      const next = hunks[last + 1];
      if (next === undefined || next.startA - (hunks[last] as Hunk).endA > 2 * CONTEXT) break;
      last++;
    }
    writeHunk(out, diff, { first, last });
    first = last + 1;
  }
  return `${out.join("\n")}\n`;
}
