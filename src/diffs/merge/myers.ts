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
/** Where a box is cut, and whether each half must then be searched exactly. */
interface Split {
  x: number;
  y: number;
  exactBefore: boolean;
  exactAfter: boolean;
}

/** The search state shared by all boxes of one diff. */
interface Search {
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** Furthest x reached forward on each diagonal k = x - y, at `k + zero`. */
  readonly forward: Int32Array;
  /** Least x reached backward on each diagonal. */
  readonly backward: Int32Array;
  readonly zero: number;
  readonly costLimit: number;
}

const FAR = 0x7fffffff;

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

/** A box: a[x0, x1) × b[y0, y1). */
type Box = readonly [x0: number, x1: number, y0: number, y1: number];

/** The diagonals each search has reached (every other one between min and max). */
interface Band {
  fMin: number;
  fMax: number;
  bMin: number;
  bMax: number;
}

function cut(out: Split, x: number, y: number, exact: [before: boolean, after: boolean]): void {
  out.x = x;
  out.y = y;
  out.exactBefore = exact[0];
  out.exactAfter = exact[1];
}

/**
 * Looks for a diagonal well ahead of the edit cost, right after a good snake, forward first,
 * then backward; cuts there and returns true if there is one.
 */
function cutAtGoodSnake(s: Search, box: Box, band: Band, cost: number, out: Split): boolean {
  const [x0, x1, y0, y1] = box;
  const { forward: fw, backward: bw, zero } = s;
  let best = 0;
  for (let k = band.fMax; k >= band.fMin; k -= 2) {
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
      cut(out, x, y, [true, false]);
    }
  }
  if (best > 0) return true;
  for (let k = band.bMax; k >= band.bMin; k -= 2) {
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
      cut(out, x, y, [false, true]);
    }
  }
  return best > 0;
}

/** Cuts where one of the searches got furthest from its corner (by x + y), clipped to the box. */
function cutAtFurthest(s: Search, box: Box, band: Band, out: Split): void {
  const [x0, x1, y0, y1] = box;
  const { forward: fw, backward: bw, zero } = s;
  let forwardBest = -1;
  let forwardX = -1;
  for (let k = band.fMax; k >= band.fMin; k -= 2) {
    const x = Math.min(fw[zero + k] as number, x1, y1 + k);
    if (x + x - k > forwardBest) {
      forwardBest = x + x - k;
      forwardX = x;
    }
  }
  let backwardBest = FAR;
  let backwardX = FAR;
  for (let k = band.bMax; k >= band.bMin; k -= 2) {
    const x = Math.max(x0, bw[zero + k] as number, y0 + k);
    if (x + x - k < backwardBest) {
      backwardBest = x + x - k;
      backwardX = x;
    }
  }
  if (x1 + y1 - backwardBest < forwardBest - (x0 + y0)) {
    cut(out, forwardX, forwardBest - forwardX, [true, false]);
  } else {
    cut(out, backwardX, backwardBest - backwardX, [false, true]);
  }
}

/** A sweep that did not meet the other search: with or without a good snake on the way. */
const NO_MEET = -2;
const NO_MEET_GOOD_SNAKE = -1;

/** The diagonals one sweep covers and may meet the other search on, shifted by `zero`. */
interface Sweep {
  /** The lowest and highest diagonal swept (every other one, from the highest down). */
  readonly lo: number;
  readonly hi: number;
  /** The diagonals of the other search's band; an empty range when it cannot be met. */
  readonly meetLo: number;
  readonly meetHi: number;
}

/**
 * One edit more for the forward search: each diagonal of the sweep starts from the better of
 * its neighbours and follows its snake inside the box. Returns the first diagonal (as an
 * index) where it reached the backward search, else NO_MEET or NO_MEET_GOOD_SNAKE. The
 * diagonal k = x - y is kept at index k + zero, and y is found from x.
 */
function forwardSweep(s: Search, x1: number, y1: number, sweep: Sweep): number {
  const { a, b, forward: fw, backward: bw, zero } = s;
  const { lo, meetLo, meetHi } = sweep;
  let result = NO_MEET;
  for (let i = sweep.hi; i >= lo; i -= 2) {
    const left = (fw[i - 1] as number) + 1;
    const up = fw[i + 1] as number;
    let x = Math.max(left, up);
    let y = x - i + zero;
    // Most diagonals have no snake at all: look once before looping.
    if (x < x1 && y < y1 && a[x] === b[y]) {
      const from = x;
      do {
        x++;
        y++;
      } while (x < x1 && y < y1 && a[x] === b[y]);
      if (x - from > GOOD_SNAKE) result = NO_MEET_GOOD_SNAKE;
    }
    fw[i] = x;
    if (i >= meetLo && i <= meetHi && (bw[i] as number) <= x) return i;
  }
  return result;
}

/** One edit more for the backward search, as {@link forwardSweep} does forward. */
function backwardSweep(s: Search, x0: number, y0: number, sweep: Sweep): number {
  const { a, b, forward: fw, backward: bw, zero } = s;
  const { lo, meetLo, meetHi } = sweep;
  let result = NO_MEET;
  for (let i = sweep.hi; i >= lo; i -= 2) {
    const left = bw[i - 1] as number;
    const up = (bw[i + 1] as number) - 1;
    let x = Math.min(left, up);
    let y = x - i + zero;
    if (x > x0 && y > y0 && a[x - 1] === b[y - 1]) {
      const from = x;
      do {
        x--;
        y--;
      } while (x > x0 && y > y0 && a[x - 1] === b[y - 1]);
      if (from - x > GOOD_SNAKE) result = NO_MEET_GOOD_SNAKE;
    }
    bw[i] = x;
    if (i >= meetLo && i <= meetHi && x <= (fw[i] as number)) return i;
  }
  return result;
}

/** Widens a band by one diagonal at each end (marking the new outer neighbours), or narrows it at the box's edges. */
function widen(
  values: Int32Array,
  band: { min: number; max: number },
  edges: { readonly lowest: number; readonly highest: number; readonly zero: number },
  outside: number,
): void {
  if (band.min > edges.lowest) values[edges.zero + --band.min - 1] = outside;
  else band.min++;
  if (band.max < edges.highest) values[edges.zero + ++band.max + 1] = outside;
  else band.max--;
}

/**
 * Myers' middle snake of a box: runs the forward and the backward search one edit at a time
 * until they meet, and cuts there. Unless `exact`, gives up early on a costly box: cuts at a
 * diagonal that got far along a good snake, or else at the furthest-reaching one.
 */
function middleSnake(s: Search, box: Box, exact: boolean, out: Split): void {
  const [x0, x1, y0, y1] = box;
  const { forward: fw, backward: bw, zero } = s;
  const edges = { lowest: x0 - y1, highest: x1 - y0, zero };
  const forwardMid = x0 - y0;
  const backwardMid = x1 - y1;
  const odd = ((forwardMid - backwardMid) & 1) !== 0;
  const f = { min: forwardMid, max: forwardMid };
  const b = { min: backwardMid, max: backwardMid };
  fw[zero + forwardMid] = x0;
  bw[zero + backwardMid] = x1;
  for (let cost = 1; ; cost++) {
    widen(fw, f, edges, -1);
    const meetB = odd ? { lo: zero + b.min, hi: zero + b.max } : { lo: 1, hi: 0 };
    const met = forwardSweep(s, x1, y1, {
      lo: zero + f.min,
      hi: zero + f.max,
      meetLo: meetB.lo,
      meetHi: meetB.hi,
    });
    if (met >= 0) {
      cut(out, fw[met] as number, (fw[met] as number) - met + zero, [true, true]);
      return;
    }
    widen(bw, b, edges, FAR);
    const meetF = odd ? { lo: 1, hi: 0 } : { lo: zero + f.min, hi: zero + f.max };
    const back = backwardSweep(s, x0, y0, {
      lo: zero + b.min,
      hi: zero + b.max,
      meetLo: meetF.lo,
      meetHi: meetF.hi,
    });
    if (back >= 0) {
      cut(out, bw[back] as number, (bw[back] as number) - back + zero, [true, true]);
      return;
    }
    if (exact) continue;
    const band: Band = { fMin: f.min, fMax: f.max, bMin: b.min, bMax: b.max };
    const goodSnake = met === NO_MEET_GOOD_SNAKE || back === NO_MEET_GOOD_SNAKE;
    if (goodSnake && cost > HEURISTIC_MIN_COST && cutAtGoodSnake(s, box, band, cost, out)) return;
    if (cost >= s.costLimit) {
      cutAtFurthest(s, box, band, out);
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
  const split: Split = { x: 0, y: 0, exactBefore: false, exactAfter: false };
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
      middleSnake(s, [x0, x1, y0, y1], exact, split);
      const { x, y, exactBefore, exactAfter } = split;
      stack.push(x, x1, y, y1, exactAfter ? 1 : 0, x0, x, y0, y, exactBefore ? 1 : 0);
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
  const n = keptA.codes.length;
  const m = keptB.codes.length;
  const search: Search = {
    a: keptA.codes,
    b: keptB.codes,
    forward: new Int32Array(n + m + 3),
    backward: new Int32Array(n + m + 3),
    zero: m + 1,
    costLimit: Math.max(MIN_COST_LIMIT, roughSqrt(n + m + 3)),
  };
  compareBoxes(search, changedA, changedB, { a: keptA.index, b: keptB.index });
  return { changedA, changedB };
};
