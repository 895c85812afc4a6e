// The state of git's Myers search and its two sweeps, the loops nearly all of a costly diff's
// time goes to. Kept in one typed array: V8 checks and reloads each typed array's bounds on
// every turn of such a loop, so reading one array instead of four makes each turn cheaper.

import { roughSqrt } from "./myers-prepare.ts";

/** A run of matches longer than this is a "good snake". */
export const GOOD_SNAKE = 20;

/**
 * The backward search's "not reached": beyond any line of a string V8 can hold, and a small
 * integer (up to 2^30 - 1), which V8 keeps untagged where 0x7fffffff would be a float.
 */
const FAR = 0x3fffffff;

/** The least edit cost at which the search gives up and takes the furthest path. */
const MIN_COST_LIMIT = 256;

/**
 * The search state shared by all boxes of one diff, and the box being searched. `mem` holds
 * a's codes, then b's (from `bAt`), then the forward search's diagonals and the backward
 * search's: diagonal k (x - y) is at `fw0 + k` and `bw0 + k`, holding the furthest x the
 * forward search reached from the box's top-left corner, and the least x the backward search
 * reached from its bottom-right corner. A band is the diagonals a search has reached (every
 * other one between min and max); its reach is its largest x (forward) or least x (backward).
 */
export class Search {
  readonly mem: Int32Array;
  readonly bAt: number;
  readonly fw0: number;
  readonly bw0: number;
  /** The edit cost at which a box not searched exactly is cut at the furthest point reached. */
  readonly costLimit: number;
  /** The box: a[x0, x1) × b[y0, y1). */
  x0 = 0;
  x1 = 0;
  y0 = 0;
  y1 = 0;
  fMin = 0;
  fMax = 0;
  bMin = 0;
  bMax = 0;
  fReach = 0;
  bReach = 0;
  /** Where the box was cut, and whether each half must then be searched exactly. */
  cutX = 0;
  cutY = 0;
  exactBefore = false;
  exactAfter = false;

  constructor(a: Int32Array, b: Int32Array) {
    // Diagonals run from -(b.length + 1) to a.length + 1.
    const diagonals = a.length + b.length + 3;
    this.mem = new Int32Array(a.length + b.length + 2 * diagonals);
    this.mem.set(a, 0);
    this.mem.set(b, a.length);
    this.bAt = a.length;
    this.fw0 = a.length + b.length + b.length + 1;
    this.bw0 = this.fw0 + diagonals;
    this.costLimit = Math.max(MIN_COST_LIMIT, roughSqrt(diagonals));
  }

  /** Line `x` of a. */
  a(x: number): number {
    return this.mem[x] as number;
  }

  /** Line `y` of b. */
  b(y: number): number {
    return this.mem[this.bAt + y] as number;
  }

  /** Sets the box to search. */
  box(x0: number, x1: number, y0: number, y1: number): void {
    this.x0 = x0;
    this.x1 = x1;
    this.y0 = y0;
    this.y1 = y1;
  }

  /** Shrinks the box by the lines that match at its start and at its end. */
  shrink(): void {
    while (this.x0 < this.x1 && this.y0 < this.y1 && this.a(this.x0) === this.b(this.y0)) {
      this.x0++;
      this.y0++;
    }
    while (this.x0 < this.x1 && this.y0 < this.y1 && this.a(this.x1 - 1) === this.b(this.y1 - 1)) {
      this.x1--;
      this.y1--;
    }
  }

  cut(x: number, y: number, exactBefore: boolean, exactAfter: boolean): void {
    this.cutX = x;
    this.cutY = y;
    this.exactBefore = exactBefore;
    this.exactAfter = exactAfter;
  }
}

/** The end of the forward snake from `x` on the diagonal whose b line is at `x + toB`, before `stop`. */
function forwardSnake(mem: Int32Array, x: number, stop: number, toB: number): number {
  let end = x;
  while (end < stop && mem[end] === mem[end + toB]) end++;
  return end;
}

/** The start of the backward snake ending at `x`, after `stop`. */
function backwardSnake(mem: Int32Array, x: number, stop: number, toB: number): number {
  let start = x;
  while (start > stop && mem[start - 1] === mem[start - 1 + toB]) start--;
  return start;
}

/**
 * Widens the forward band by one diagonal at each end, or narrows it at the box's edges
 * (keeping its width's parity); a new diagonal starts unreached.
 */
function widenForward(s: Search): void {
  if (s.fMin > s.x0 - s.y1) s.mem[s.fw0 + --s.fMin - 1] = -1;
  else s.fMin++;
  if (s.fMax < s.x1 - s.y0) s.mem[s.fw0 + ++s.fMax + 1] = -1;
  else s.fMax--;
}

/** Widens the backward band as {@link widenForward} does the forward one. */
function widenBackward(s: Search): void {
  if (s.bMin > s.x0 - s.y1) s.mem[s.bw0 + --s.bMin - 1] = FAR;
  else s.bMin++;
  if (s.bMax < s.x1 - s.y0) s.mem[s.bw0 + ++s.bMax + 1] = FAR;
  else s.bMax--;
}

/**
 * One edit more for the forward search: widens its band by one diagonal at each end (or
 * narrows it at the box's edges, keeping its width's parity), then each diagonal, from the
 * highest down, starts from the better of its neighbours and follows its snake inside the box.
 * Sets the band's reach; returns whether it followed a good snake. Whether the searches met
 * is for the caller to see (`meeting`).
 */
export function forwardSweep(s: Search): boolean {
  widenForward(s);
  const { mem, fw0, x1, y1 } = s;
  // The loop runs over the diagonals' places p = fw0 + k, so that the line of b facing x
  // (y = x - k) is mem[x + toB - p], and y < y1 reads x - p < yEnd. Every number is made an
  // int32 with `| 0`, so V8 keeps them untagged and without overflow checks, and constants are
  // read once (V8 reads a module constant again on every turn, as a number of any kind).
  const lo = (fw0 + s.fMin) | 0;
  const toB = (s.bAt + fw0) | 0;
  const yEnd = (y1 - fw0) | 0;
  const end = x1 | 0;
  const goodSnake = GOOD_SNAKE | 0;
  let good = false;
  let reach = -1 | 0;
  // Each diagonal's lower neighbour is the next one's upper neighbour: read once.
  let up = mem[fw0 + s.fMax + 1] as number;
  let p = (fw0 + s.fMax) | 0;
  for (;;) {
    // Most diagonals have no snake at all. The inner loop takes them and stops at one that
    // has; holding no loop of its own, it compiles to much tighter code.
    let x = 0;
    for (; p >= lo; p = (p - 2) | 0) {
      const left = mem[(p - 1) | 0] as number;
      // x = max(left + 1, up) without a branch: which neighbour wins follows the text, which
      // no CPU guesses. (Reaches lie in [-1, FAR], so the difference's sign bit is exact.)
      const gain = (left + 1 - up) | 0;
      x = (up + (gain & ~(gain >> 31))) | 0;
      up = left;
      if (x < end && ((x - p) | 0) < yEnd && mem[x] === mem[(x + toB - p) | 0]) break;
      mem[p] = x;
      if (x > reach) reach = x;
    }
    if (p < lo) break;
    const from = x;
    const stop = end < yEnd + p ? end : (yEnd + p) | 0;
    x = forwardSnake(mem, (x + 1) | 0, stop, (toB - p) | 0) | 0;
    if (x - from > goodSnake) good = true;
    mem[p] = x;
    if (x > reach) reach = x;
    p = (p - 2) | 0;
  }
  s.fReach = reach;
  return good;
}

/**
 * One edit more for the backward search, as {@link forwardSweep} does forward. Here the
 * reach (the least x) is kept without a branch too: measured, that pays backward, not forward.
 */
export function backwardSweep(s: Search): boolean {
  widenBackward(s);
  const { mem, bw0, x0, y0 } = s;
  const lo = (bw0 + s.bMin) | 0;
  const toB = (s.bAt + bw0) | 0;
  const yStart = (y0 - bw0) | 0;
  const start = x0 | 0;
  const goodSnake = GOOD_SNAKE | 0;
  let good = false;
  let reach = FAR | 0;
  let up = mem[bw0 + s.bMax + 1] as number;
  let p = (bw0 + s.bMax) | 0;
  for (;;) {
    let x = 0;
    for (; p >= lo; p = (p - 2) | 0) {
      const left = mem[(p - 1) | 0] as number;
      // x = min(left, up - 1), and reach = min(reach, x), without a branch.
      const gain = (left - up + 1) | 0;
      x = (up - 1 + (gain & (gain >> 31))) | 0;
      up = left;
      if (x > start && ((x - p) | 0) > yStart && mem[(x - 1) | 0] === mem[(x - 1 + toB - p) | 0]) {
        break;
      }
      mem[p] = x;
      const below = (x - reach) | 0;
      reach = (reach + (below & (below >> 31))) | 0;
    }
    if (p < lo) break;
    const from = x;
    const stop = start > yStart + p ? start : (yStart + p) | 0;
    x = backwardSnake(mem, (x - 1) | 0, stop, (toB - p) | 0) | 0;
    if (from - x > goodSnake) good = true;
    mem[p] = x;
    if (x < reach) reach = x;
    p = (p - 2) | 0;
  }
  s.bReach = reach;
  return good;
}

/** No diagonal. */
export const NONE = -0x80000000;

/**
 * The highest diagonal both bands hold on which the forward search has reached or passed the
 * backward one, or NONE. (Both sweeps go from the highest diagonal down and would stop at
 * the first such one; a sweep's diagonals do not depend on each other, so finding it after
 * the sweep finds the same one.)
 */
export function meeting(s: Search): number {
  const { mem, fw0, bw0 } = s;
  const lo = Math.max(s.fMin, s.bMin);
  for (let k = Math.min(s.fMax, s.bMax); k >= lo; k -= 2) {
    if ((mem[bw0 + k] as number) <= (mem[fw0 + k] as number)) return k;
  }
  return NONE;
}
