import { compactWithIndents } from "./compact-indent.ts";
import { type Hunk, toHunks } from "./hunks.ts";
import { indentOf } from "./indent-score.ts";
import { internMerge } from "./intern-merge.ts";
import type { TextLines } from "./lines.ts";
import { myersDiff } from "./myers.ts";

/** A two-way line diff: both texts' lines, and the hunks that turn `before` into `after`. */
export interface TwoWayDiff {
  readonly before: TextLines;
  readonly after: TextLines;
  /** In order; at least one unchanged line separates two of them in both texts. */
  readonly hunks: readonly Hunk[];
}

/** A line's indent, looked up once: the heuristic reads the lines around each group often. */
function indents(lines: TextLines): (line: number) => number {
  const known = new Int16Array(lines.count).fill(-2);
  return (line) => {
    let indent = known[line] as number;
    if (indent === -2) {
      const start = lines.starts[line] as number;
      indent = indentOf(lines.text, start, lines.starts[line + 1] as number);
      known[line] = indent;
    }
    return indent;
  };
}

/**
 * The line diff `git diff` computes by default: Myers with git's preparation and heuristics
 * (the merge's own, byte for byte), then the changes slid into place with the indent
 * heuristic. Lines keep their end of line, so a changed line ending is a changed line.
 */
export function twoWayDiff(before: string, after: string): TwoWayDiff {
  // The merge's interning, with no third text: `after` is read alongside `before`, so its
  // unchanged lines are taken without hashing.
  const { base: a, ours: b } = internMerge(before, after, "");
  const flags = myersDiff(a.ids, b.ids);
  compactWithIndents(
    { lines: a.ids, indent: indents(a.lines) },
    { lines: b.ids, indent: indents(b.lines) },
    flags,
  );
  return { before: a.lines, after: b.lines, hunks: toHunks(flags.changedA, flags.changedB) };
}
