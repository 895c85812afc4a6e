import {
  brokenSync,
  eachGroup,
  type Facing,
  nextGroup,
  previousGroup,
  type Side,
  slideDown,
  slideUp,
} from "./change-groups.ts";

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
  eachGroup(side, other, slideGroup);
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
