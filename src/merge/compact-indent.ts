import { compareScores, type GroupScore, groupScore } from "./indent-score.ts";

// git's sliding of changes (xdiff's `xdl_change_compact`) as `git diff` runs it, with the
// indent heuristic on: the same slides as compact.ts, which the merge uses (git merge-file
// runs without the heuristic), and then, for a group that could slide but lines up with no
// change of the other file, the place among its last positions that scores best.

/** How far up from its lowest place a group is tried at (git's limit). */
const MAX_SLIDING = 100;

/** A run of changed lines `[start, end)` between two unchanged ones (possibly empty). */
interface Group {
  start: number;
  end: number;
}

/** One file's lines, changed flags and indents, as seen while sliding. */
interface Side {
  readonly lines: ArrayLike<number>;
  readonly changed: Uint8Array;
  readonly indent: (line: number) => number;
}

function endOfRun(side: Side, from: number): number {
  let end = from;
  while (end < side.changed.length && side.changed[end] === 1) end++;
  return end;
}

function nextGroup(side: Side, g: Group): boolean {
  if (g.end >= side.changed.length) return false;
  g.start = g.end + 1;
  g.end = endOfRun(side, g.start);
  return true;
}

function previousGroup(side: Side, g: Group): boolean {
  if (g.start === 0) return false;
  g.end = g.start - 1;
  g.start = g.end;
  while (g.start > 0 && side.changed[g.start - 1] === 1) g.start--;
  return true;
}

/** Moves the group up one line if the line above equals its last line; joins a group above. */
function slideUp(side: Side, g: Group): boolean {
  const { lines, changed } = side;
  if (g.start === 0 || lines[g.start - 1] !== lines[g.end - 1]) return false;
  g.start--;
  g.end--;
  changed[g.start] = 1;
  changed[g.end] = 0;
  while (g.start > 0 && changed[g.start - 1] === 1) g.start--;
  return true;
}

/** Moves the group down one line if the line below equals its first line; joins a group below. */
function slideDown(side: Side, g: Group): boolean {
  const { lines, changed } = side;
  if (g.end === lines.length || lines[g.start] !== lines[g.end]) return false;
  changed[g.start] = 0;
  changed[g.end] = 1;
  g.start++;
  g.end = endOfRun(side, g.end + 1);
  return true;
}

function brokenSync(): never {
  throw new Error("compactWithIndents: the groups of the two files are out of step");
}

/** A group of `side` being slid, and the group of `other` facing it, kept in step. */
interface Facing {
  readonly side: Side;
  readonly other: Side;
  readonly g: Group;
  readonly o: Group;
}

/** Slides the group up one line, the facing group following; a broken step is a bug. */
function stepUp({ side, other, g, o }: Facing): void {
  if (!slideUp(side, g) || !previousGroup(other, o)) brokenSync();
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
function bestEnd(side: Side, g: Group, earliestEnd: number): number {
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
function placeGroup(facing: Facing): void {
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
function compactSide(side: Side, other: Side): void {
  const g: Group = { start: 0, end: endOfRun(side, 0) };
  const o: Group = { start: 0, end: endOfRun(other, 0) };
  const facing: Facing = { side, other, g, o };
  for (;;) {
    if (g.end !== g.start) placeGroup(facing);
    if (!nextGroup(side, g)) break;
    if (!nextGroup(other, o)) brokenSync();
  }
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
  const sideA: Side = { ...a, changed: flags.changedA };
  const sideB: Side = { ...b, changed: flags.changedB };
  compactSide(sideA, sideB);
  compactSide(sideB, sideA);
}
