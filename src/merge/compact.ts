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

/**
 * Slides the groups of changes of `side` (GNU diff's "shifting the boundaries"), keeping the
 * other file's groups in step: each group goes as far up, then as far down as it can, merging
 * with the groups it meets, until its size settles; then, if on the way it faced a non-empty
 * group of the other file, it moves back up to the lowest such place, so the change lines up.
 */
function compactSide(side: Side, other: Side): void {
  const g = firstGroup(side);
  const o = firstGroup(other);
  for (;;) {
    if (g.end !== g.start) {
      let size: number;
      let earliestEnd: number;
      let alignedEnd: number;
      do {
        size = g.end - g.start;
        alignedEnd = -1;
        while (slideUp(side, g)) if (!previousGroup(other, o)) brokenSync();
        earliestEnd = g.end;
        if (o.end > o.start) alignedEnd = g.end;
        while (slideDown(side, g)) {
          if (!nextGroup(other, o)) brokenSync();
          if (o.end > o.start) alignedEnd = g.end;
        }
      } while (size !== g.end - g.start);
      if (g.end !== earliestEnd && alignedEnd !== -1) {
        while (o.end === o.start) {
          if (!slideUp(side, g) || !previousGroup(other, o)) brokenSync();
        }
      }
    }
    if (!nextGroup(side, g)) break;
    if (!nextGroup(other, o)) brokenSync();
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
