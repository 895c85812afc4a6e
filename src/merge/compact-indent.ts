import {
  brokenSync,
  eachGroup,
  type Facing,
  type Group,
  nextGroup,
  previousGroup,
  type Side,
  slideDown,
  slideUp,
  stepUp,
} from "./change-groups.ts";
import { compareScores, type GroupScore, groupScore } from "./indent-score.ts";

// git's sliding of changes (xdiff's `xdl_change_compact`) as `git diff` runs it, with the
// indent heuristic on: the same slides as compact.ts, which the merge uses (git merge-file
// runs without the heuristic), and then, for a group that could slide but lines up with no
// change of the other file, the place among its last positions that scores best.

/** How far up from its lowest place a group is tried at (git's limit). */
const MAX_SLIDING = 100;

/** One file's lines, changed flags and indents, as seen while sliding. */
interface IndentedSide extends Side {
  readonly indent: (line: number) => number;
}

/**
 * Slides the group as far up, then as far down as it goes, merging with the groups it meets,
 * until its size settles. Returns its highest end, and its lowest end at which it faced a
 * non-empty group of the other file (-1 if none).
 */
function slideBothWays(facing: Facing): { readonly earliestEnd: number; readonly matched: number } {
  const { side, other, g, o } = facing;
  let size: number;
  let earliestEnd: number;
  let matched: number;
  do {
    size = g.end - g.start;
    while (slideUp(side, g)) if (!previousGroup(other, o)) brokenSync();
    earliestEnd = g.end;
    matched = o.end > o.start ? g.end : -1;
    while (slideDown(side, g)) {
      if (!nextGroup(other, o)) brokenSync();
      if (o.end > o.start) matched = g.end;
    }
  } while (size !== g.end - g.start);
  return { earliestEnd, matched };
}

/** The end, from the group's lowest place up to `MAX_SLIDING` lines higher, that scores best; the lowest of equals. */
function bestEnd(side: IndentedSide, g: Group, earliestEnd: number): number {
  const size = g.end - g.start;
  const count = side.lines.length;
  let best = -1;
  let bestScore: GroupScore = { indent: 0, penalty: 0 };
  const from = Math.max(earliestEnd, g.end - size - 1, g.end - MAX_SLIDING);
  for (let end = from; end <= g.end; end++) {
    const score = groupScore(side.indent, count, end, size);
    if (best === -1 || compareScores(score, bestScore) <= 0) {
      best = end;
      bestScore = score;
    }
  }
  return best;
}

/** Slides one non-empty group to its place: lined up with a change of the other file, or where it scores best. */
function placeGroup(facing: Facing<IndentedSide>): void {
  const { earliestEnd, matched } = slideBothWays(facing);
  const { g, o } = facing;
  if (g.end === earliestEnd) return;
  if (matched !== -1) {
    while (o.end === o.start) stepUp(facing);
    return;
  }
  const best = bestEnd(facing.side, g, earliestEnd);
  while (g.end > best) stepUp(facing);
}

/** Places each group of changes of `side` in turn, keeping the other file's groups in step. */
function compactSide(side: IndentedSide, other: IndentedSide): void {
  eachGroup(side, other, placeGroup);
}

/**
 * Slides the changes of a two-way diff into the places `git diff` gives them (its indent
 * heuristic on, as by default), first those of `a`, then those of `b`. `indentA` and
 * `indentB` give a line's indent (see `indentOf`). Changes the flags in place.
 */
export function compactWithIndents(
  a: { readonly lines: ArrayLike<number>; readonly indent: (line: number) => number },
  b: { readonly lines: ArrayLike<number>; readonly indent: (line: number) => number },
  flags: { readonly changedA: Uint8Array; readonly changedB: Uint8Array },
): void {
  const sideA: IndentedSide = { ...a, changed: flags.changedA };
  const sideB: IndentedSide = { ...b, changed: flags.changedB };
  compactSide(sideA, sideB);
  compactSide(sideB, sideA);
}
