/**
 * The groups of changed lines a two-way diff leaves in each file, and the steps by which
 * git's `xdl_change_compact` slides them: shared by the merge's sliding (`compact.ts`, as
 * `git merge-file` runs it) and the diff's (`compact-indent.ts`, as `git diff` runs it).
 */

/**
 * A group: the run of changed lines `[start, end)` between two unchanged ones (possibly
 * empty). The k-th group of one file faces the k-th group of the other, because unchanged
 * lines pair up in order.
 */
export interface Group {
  start: number;
  end: number;
}

/** One file's lines and changed flags, as seen while sliding. */
export interface Side {
  readonly lines: ArrayLike<number>;
  readonly changed: Uint8Array;
}

/** A group of `side` being slid, and the group of `other` facing it, kept in step. */
export interface Facing<S extends Side = Side> {
  readonly side: S;
  readonly other: S;
  readonly g: Group;
  readonly o: Group;
}

// Where the run of changed lines starting at `from` ends.
function endOfRun(side: Side, from: number): number {
  let end = from;
  while (end < side.changed.length && side.changed[end] === 1) end++;
  return end;
}

// The file's first group (empty when its first line is unchanged).
function firstGroup(side: Side): Group {
  return { start: 0, end: endOfRun(side, 0) };
}

/** Moves `g` to the next group; `false` at the last. */
export function nextGroup(side: Side, g: Group): boolean {
  if (g.end >= side.changed.length) return false;
  g.start = g.end + 1;
  g.end = endOfRun(side, g.start);
  return true;
}

/** Moves `g` to the group before; `false` at the first. */
export function previousGroup(side: Side, g: Group): boolean {
  if (g.start === 0) return false;
  g.end = g.start - 1;
  g.start = g.end;
  while (g.start > 0 && side.changed[g.start - 1] === 1) g.start--;
  return true;
}

/** Moves the group up one line if the line above equals its last line; joins a group above. */
export function slideUp(side: Side, g: Group): boolean {
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
export function slideDown(side: Side, g: Group): boolean {
  const { lines, changed } = side;
  if (g.end === lines.length || lines[g.start] !== lines[g.end]) return false;
  changed[g.start] = 0;
  changed[g.end] = 1;
  g.start++;
  g.end = endOfRun(side, g.end + 1);
  return true;
}

/** The groups of the two files no longer face each other: a bug in the sliding. */
export function brokenSync(): never {
  throw new Error("sliding changes: the groups of the two files are out of step");
}

/** Slides the group up one line, the facing group following; a broken step is a bug. */
export function stepUp({ side, other, g, o }: Facing): void {
  if (!slideUp(side, g) || !previousGroup(other, o)) brokenSync();
}

/**
 * Places each group of changes of `side` in turn with `place` (given only non-empty ones),
 * keeping the other file's groups in step.
 */
export function eachGroup<S extends Side>(side: S, other: S, place: (f: Facing<S>) => void): void {
  const facing: Facing<S> = { side, other, g: firstGroup(side), o: firstGroup(other) };
  for (;;) {
    if (facing.g.end !== facing.g.start) place(facing);
    if (!nextGroup(side, facing.g)) break;
    if (!nextGroup(other, facing.o)) brokenSync();
  }
}
