/**
 * One hunk of a two-way diff: lines `[startA, endA)` of `a` were replaced by lines
 * `[startB, endB)` of `b`. Either side may be empty, not both.
 */
export interface Hunk {
  readonly startA: number;
  readonly endA: number;
  readonly startB: number;
  readonly endB: number;
}

/**
 * Turns changed flags into hunks: the unchanged lines of the two files pair up in order, and
 * each maximal run of changes between two pairs is one hunk. So hunks never touch: at least one
 * unchanged line separates two of them in both files.
 */
export function toHunks(changedA: Uint8Array, changedB: Uint8Array): Hunk[] {
  const hunks: Hunk[] = [];
  const n = changedA.length;
  const m = changedB.length;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if ((i < n && changedA[i] === 1) || (j < m && changedB[j] === 1)) {
      const startA = i;
      const startB = j;
      while (i < n && changedA[i] === 1) i++;
      while (j < m && changedB[j] === 1) j++;
      hunks.push({ startA, endA: i, startB, endB: j });
    } else {
      i++;
      j++;
    }
  }
  return hunks;
}
