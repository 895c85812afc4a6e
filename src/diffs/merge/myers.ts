import { denseCodes } from "./codes.ts";
import { countCodes, keptLines, roughSqrt } from "./myers-prepare.ts";
import type { LineDiff } from "./types.ts";

// Tuning of the published heuristics, set to what git's results show.
/** A run of matches longer than this is a "good snake". */
const GOOD_SNAKE = 20;
/** Below this edit cost the search is exact. */
const HEURISTIC_MIN_COST = 256;
/** The least edit cost at which the search gives up and takes the furthest path. */
const MIN_COST_LIMIT = 256;
/** How far a snake must have got, per unit of cost, to be taken early. */
const PROGRESS_FACTOR = 4;

const FAR = 0x7fffffff;

/** A sweep that did not meet the other search: with or without a good snake on the way. */
const NO_MEET = -2;
const NO_MEET_GOOD_SNAKE = -1;

/**
 * The search state shared by all boxes of one diff, and the box being searched. Diagonal
 * k = x - y is kept at index k + zero of `forward` (the furthest x reached from the box's
 * top-left corner) and `backward` (the least x reached from its bottom-right corner). The
 * bands are the diagonals each search has reached (every other one between min and max).
 * Everything the hot loops read is a plain number field, read into locals once per sweep.
 */
class Search {
  readonly forward: Int32Array;
  readonly backward: Int32Array;
  readonly zero: number;
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
  /** Where the box was cut, and whether each half must then be searched exactly. */
  cutX = 0;
  cutY = 0;
  exactBefore = false;
  exactAfter = false;

  constructor(
    readonly a: Int32Array,
    readonly b: Int32Array,
  ) {
    const size = a.length + b.length + 3;
    this.forward = new Int32Array(size);
    this.backward = new Int32Array(size);
    this.zero = b.length + 1;
    this.costLimit = Math.max(MIN_COST_LIMIT, roughSqrt(size));
  }

  cut(x: number, y: number, exactBefore: boolean, exactAfter: boolean): void {
    this.cutX = x;
    this.cutY = y;
    this.exactBefore = exactBefore;
    this.exactAfter = exactAfter;
  }
}

/** Whether the `length` pairs before (x, y) all match. */
function matchesBefore(s: Search, x: number, y: number, length: number): boolean {
  for (let k = 1; k <= length; k++) if (s.a[x - k] !== s.b[y - k]) return false;
  return true;
}

/** Whether the `length` pairs from (x, y) on all match. */
function matchesFrom(s: Search, x: number, y: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (s.a[x + k] !== s.b[y + k]) return false;
  return true;
}

/** Looks for a forward diagonal well ahead of the edit cost, right after a good snake. */
function forwardGoodSnake(s: Search, cost: number): boolean {
  const { forward: fw, zero, x0, x1, y0, y1 } = s;
  let best = 0;
  for (let k = s.fMax; k >= s.fMin; k -= 2) {
    const x = fw[zero + k] as number;
    const y = x - k;
    const progress = x - x0 + (y - y0) - Math.abs(k - (x0 - y0));
    if (
      progress > PROGRESS_FACTOR * cost &&
      progress > best &&
      x0 + GOOD_SNAKE <= x &&
      x < x1 &&
      y0 + GOOD_SNAKE <= y &&
      y < y1 &&
      matchesBefore(s, x, y, GOOD_SNAKE)
    ) {
      best = progress;
      s.cut(x, y, true, false);
    }
  }
  return best > 0;
}

/** Looks for a backward diagonal well ahead of the edit cost, right before a good snake. */
function backwardGoodSnake(s: Search, cost: number): boolean {
  const { backward: bw, zero, x0, x1, y0, y1 } = s;
  let best = 0;
  for (let k = s.bMax; k >= s.bMin; k -= 2) {
    const x = bw[zero + k] as number;
    const y = x - k;
    const progress = x1 - x + (y1 - y) - Math.abs(k - (x1 - y1));
    if (
      progress > PROGRESS_FACTOR * cost &&
      progress > best &&
      x0 < x &&
      x <= x1 - GOOD_SNAKE &&
      y0 < y &&
      y <= y1 - GOOD_SNAKE &&
      matchesFrom(s, x, y, GOOD_SNAKE)
    ) {
      best = progress;
      s.cut(x, y, false, true);
    }
  }
  return best > 0;
}

/** Cuts where one of the searches got furthest from its corner (by x + y), clipped to the box. */
function cutAtFurthest(s: Search): void {
  const { forward: fw, backward: bw, zero, x0, x1, y0, y1 } = s;
  let forwardBest = -1;
  let forwardX = -1;
  for (let k = s.fMax; k >= s.fMin; k -= 2) {
    const x = Math.min(fw[zero + k] as number, x1, y1 + k);
    if (x + x - k > forwardBest) {
      forwardBest = x + x - k;
      forwardX = x;
    }
  }
  let backwardBest = FAR;
  let backwardX = FAR;
  for (let k = s.bMax; k >= s.bMin; k -= 2) {
    const x = Math.max(x0, bw[zero + k] as number, y0 + k);
    if (x + x - k < backwardBest) {
      backwardBest = x + x - k;
      backwardX = x;
    }
  }
  if (x1 + y1 - backwardBest < forwardBest - (x0 + y0)) {
    s.cut(forwardX, forwardBest - forwardX, true, false);
  } else {
    s.cut(backwardX, backwardBest - backwardX, false, true);
  }
}

/**
 * One edit more for the forward search: widens its band by one diagonal at each end (or
 * narrows it at the box's edges), then each diagonal, from the highest down, starts from the
 * better of its neighbours and follows its snake inside the box. Returns the first diagonal
 * (as an index) where it reached the backward search, if `odd` (only then can they meet
 * here), else NO_MEET or NO_MEET_GOOD_SNAKE.
 */
function forwardSweep(s: Search, odd: boolean): number {
  const { a, b, forward: fw, backward: bw, zero, x1, y1 } = s;
  if (s.fMin > s.x0 - y1) fw[zero + --s.fMin - 1] = -1;
  else s.fMin++;
  if (s.fMax < x1 - s.y0) fw[zero + ++s.fMax + 1] = -1;
  else s.fMax--;
  const lo = zero + s.fMin;
  // The backward band, where a meeting can be; an empty range when none can.
  const meetLo = odd ? zero + s.bMin : 1;
  const meetHi = odd ? zero + s.bMax : 0;
  let result = NO_MEET;
  // Each diagonal's lower neighbour is the next one's upper neighbour: read once.
  let up = fw[zero + s.fMax + 1] as number;
  for (let i = zero + s.fMax; i >= lo; i -= 2) {
    const left = fw[i - 1] as number;
    let x = Math.max(left + 1, up);
    up = left;
    let y = x - i + zero;
    // Most diagonals have no snake at all: look once before looping, then follow the snake
    // with one bound for both sides (y = x - k stays below y1 while x stays below y1 + k).
    if (x < x1 && y < y1 && a[x] === b[y]) {
      const from = x;
      const k = x - y;
      const stop = Math.min(x1, y1 + k);
      x++;
      while (x < stop && a[x] === b[x - k]) x++;
      y = x - k;
      if (x - from > GOOD_SNAKE) result = NO_MEET_GOOD_SNAKE;
    }
    fw[i] = x;
    if (i >= meetLo && i <= meetHi && (bw[i] as number) <= x) return i;
  }
  return result;
}

/** One edit more for the backward search, as {@link forwardSweep} does forward (meeting when not `odd`). */
function backwardSweep(s: Search, odd: boolean): number {
  const { a, b, forward: fw, backward: bw, zero, x0, y0 } = s;
  if (s.bMin > x0 - s.y1) bw[zero + --s.bMin - 1] = FAR;
  else s.bMin++;
  if (s.bMax < s.x1 - y0) bw[zero + ++s.bMax + 1] = FAR;
  else s.bMax--;
  const lo = zero + s.bMin;
  const meetLo = odd ? 1 : zero + s.fMin;
  const meetHi = odd ? 0 : zero + s.fMax;
  let result = NO_MEET;
  let up = bw[zero + s.bMax + 1] as number;
  for (let i = zero + s.bMax; i >= lo; i -= 2) {
    const left = bw[i - 1] as number;
    let x = Math.min(left, up - 1);
    up = left;
    let y = x - i + zero;
    if (x > x0 && y > y0 && a[x - 1] === b[y - 1]) {
      const from = x;
      const k = x - y;
      const stop = Math.max(x0, y0 + k);
      x--;
      while (x > stop && a[x - 1] === b[x - k - 1]) x--;
      y = x - k;
      if (from - x > GOOD_SNAKE) result = NO_MEET_GOOD_SNAKE;
    }
    bw[i] = x;
    if (i >= meetLo && i <= meetHi && x <= (fw[i] as number)) return i;
  }
  return result;
}

/**
 * Myers' middle snake of the box: runs the forward and the backward search one edit at a time
 * until they meet, and cuts there. Unless `exact`, gives up early on a costly box: cuts at a
 * diagonal that got far along a good snake, or else at the furthest-reaching one.
 */
function middleSnake(s: Search, exact: boolean): void {
  const { forward: fw, backward: bw, zero } = s;
  const forwardMid = s.x0 - s.y0;
  const backwardMid = s.x1 - s.y1;
  const odd = ((forwardMid - backwardMid) & 1) !== 0;
  s.fMin = s.fMax = forwardMid;
  s.bMin = s.bMax = backwardMid;
  fw[zero + forwardMid] = s.x0;
  bw[zero + backwardMid] = s.x1;
  for (let cost = 1; ; cost++) {
    const met = forwardSweep(s, odd);
    if (met >= 0) {
      s.cut(fw[met] as number, (fw[met] as number) - met + zero, true, true);
      return;
    }
    const back = backwardSweep(s, odd);
    if (back >= 0) {
      s.cut(bw[back] as number, (bw[back] as number) - back + zero, true, true);
      return;
    }
    if (exact) continue;
    const goodSnake = met === NO_MEET_GOOD_SNAKE || back === NO_MEET_GOOD_SNAKE;
    if (goodSnake && cost > HEURISTIC_MIN_COST) {
      if (forwardGoodSnake(s, cost) || backwardGoodSnake(s, cost)) return;
    }
    if (cost >= s.costLimit) {
      cutAtFurthest(s);
      return;
    }
  }
}

/**
 * Divide and conquer over boxes (an explicit stack, so long inputs cannot overflow the call
 * stack): shrink each box by its matching ends, mark a box with an empty side as changed,
 * else cut it at its middle snake.
 */
function compareBoxes(
  s: Search,
  changedA: Uint8Array,
  changedB: Uint8Array,
  index: { readonly a: Int32Array; readonly b: Int32Array },
): void {
  const { a, b } = s;
  const stack: number[] = [0, a.length, 0, b.length, 0];
  while (stack.length > 0) {
    const exact = stack.pop() === 1;
    let y1 = stack.pop() as number;
    let y0 = stack.pop() as number;
    let x1 = stack.pop() as number;
    let x0 = stack.pop() as number;
    while (x0 < x1 && y0 < y1 && a[x0] === b[y0]) {
      x0++;
      y0++;
    }
    while (x0 < x1 && y0 < y1 && a[x1 - 1] === b[y1 - 1]) {
      x1--;
      y1--;
    }
    if (x0 === x1) {
      for (let y = y0; y < y1; y++) changedB[index.b[y] as number] = 1;
    } else if (y0 === y1) {
      for (let x = x0; x < x1; x++) changedA[index.a[x] as number] = 1;
    } else {
      s.x0 = x0;
      s.x1 = x1;
      s.y0 = y0;
      s.y1 = y1;
      middleSnake(s, exact);
      const { cutX: x, cutY: y } = s;
      stack.push(x, x1, y, y1, s.exactAfter ? 1 : 0, x0, x, y0, y, s.exactBefore ? 1 : 0);
    }
  }
}

/**
 * Myers' O(ND) line diff with git's preparation and heuristics: the common prefix and suffix
 * are trimmed, lines without a match in the other file (and frequent lines among them) are set
 * aside, then the linear-space middle-snake search runs on what is left, exactly while the
 * edit cost is small and with early cut-offs beyond. Marks the lines not in the chosen common
 * subsequence; sliding the groups of changes is left to the caller.
 */
export const myersDiff: LineDiff = (a, b) => {
  const changedA = new Uint8Array(a.length);
  const changedB = new Uint8Array(b.length);
  const { a: codesA, b: codesB, size } = denseCodes(a, b);
  const countA = countCodes(codesA, size);
  const countB = countCodes(codesB, size);

  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && codesA[prefix] === codesB[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    codesA[a.length - 1 - suffix] === codesB[b.length - 1 - suffix]
  ) {
    suffix++;
  }

  const keptA = keptLines(codesA, { start: prefix, end: a.length - suffix }, countB, changedA);
  const keptB = keptLines(codesB, { start: prefix, end: b.length - suffix }, countA, changedB);
  const search = new Search(keptA.codes, keptB.codes);
  compareBoxes(search, changedA, changedB, { a: keptA.index, b: keptB.index });
  return { changedA, changedB };
};
