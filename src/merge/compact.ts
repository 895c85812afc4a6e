/**
 * A group: the run of changed lines `[start, end)` between two unchanged ones (possibly
 * empty). The k-th group of one file faces the k-th group of the other, because unchanged
 * lines pair up in order.
 */
interface Group {
  start: number;
  end: number;
}

/** One file's lines and changed flags, as seen while sliding. */
interface Side {
  readonly lines: ArrayLike<number>;
  readonly changed: Uint8Array;
}

function endOfRun(side: Side, from: number): number {
  let end = from;
  while (end < side.changed.length && side.changed[end] === 1) end++;
  return end;
}

function firstGroup(side: Side): Group {
  return { start: 0, end: endOfRun(side, 0) };
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
  throw new Error("compactChanges: the groups of the two files are out of step");
}

/** A group of `side` being slid, and the group of `other` facing it, kept in step. */
interface Facing {
  readonly side: Side;
  readonly other: Side;
  readonly g: Group;
  readonly o: Group;
}

/** Slides the group as far up as it goes, the facing group following. */
function slideAllUp({ side, other, g, o }: Facing): void {
  while (slideUp(side, g)) if (!previousGroup(other, o)) brokenSync();
}

/**
 * Slides the group as far down as it goes, the facing group following; whether it faced a
 * non-empty group of the other file, at its start or on the way.
 */
function slideAllDown({ side, other, g, o }: Facing): boolean {
  let aligned = o.end > o.start;
  while (slideDown(side, g)) {
    if (!nextGroup(other, o)) brokenSync();
    if (o.end > o.start) aligned = true;
  }
  return aligned;
}

/**
 * Slides one non-empty group up, then down, merging with the groups it meets, until its size
 * settles; then, if on its last way down it faced a non-empty group of the other file, back up
 * to the lowest such place, so the change lines up.
 */
function slideGroup(facing: Facing): void {
  const { side, other, g, o } = facing;
  let size: number;
  let earliestEnd: number;
  let aligned: boolean;
  do {
    size = g.end - g.start;
    slideAllUp(facing);
    earliestEnd = g.end;
    aligned = slideAllDown(facing);
  } while (size !== g.end - g.start);
  if (g.end === earliestEnd || !aligned) return;
  while (o.end === o.start) {
    if (!slideUp(side, g) || !previousGroup(other, o)) brokenSync();
  }
}

/**
 * Slides the groups of changes of `side` (GNU diff's "shifting the boundaries"), keeping the
 * other file's groups in step: each group goes as far up, then as far down as it can (see
 * `slideGroup`).
 */
function compactSide(side: Side, other: Side): void {
  const facing: Facing = { side, other, g: firstGroup(side), o: firstGroup(other) };
  for (;;) {
    if (facing.g.end !== facing.g.start) slideGroup(facing);
    if (!nextGroup(side, facing.g)) break;
    if (!nextGroup(other, facing.o)) brokenSync();
  }
}

/**
 * Slides the changes of a two-way diff into their canonical places, first those of `a`, then
 * those of `b`, as git does after any line diff. Changes the flags in place.
 */
export function compactChanges(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  flags: { readonly changedA: Uint8Array; readonly changedB: Uint8Array },
): void {
  const sideA: Side = { lines: a, changed: flags.changedA };
  const sideB: Side = { lines: b, changed: flags.changedB };
  compactSide(sideA, sideB);
  compactSide(sideB, sideA);
}
