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

/**
 * Myers' middle snake of a box: runs the forward and the backward search one edit at a time
 * until they meet, and cuts there. Unless `exact`, gives up early on a costly box: cuts at a
 * diagonal that got far along a good snake, or else at the furthest-reaching one.
 */
function middleSnake(s: Search, box: Box, exact: boolean, out: Split): void {
  const [x0, x1, y0, y1] = box;
  const { a, b, forward: fw, backward: bw, zero } = s;
  const lowest = x0 - y1;
  const highest = x1 - y0;
  const forwardMid = x0 - y0;
  const backwardMid = x1 - y1;
  const odd = ((forwardMid - backwardMid) & 1) !== 0;
  const band: Band = { fMin: forwardMid, fMax: forwardMid, bMin: backwardMid, bMax: backwardMid };
  fw[zero + forwardMid] = x0;
  bw[zero + backwardMid] = x1;

  for (let cost = 1; ; cost++) {
    let goodSnake = false;
    // Widen the band by one diagonal on each side, or step inward at the box's edge.
    if (band.fMin > lowest) fw[zero + --band.fMin - 1] = -1;
    else band.fMin++;
    if (band.fMax < highest) fw[zero + ++band.fMax + 1] = -1;
    else band.fMax--;
    for (let k = band.fMax; k >= band.fMin; k -= 2) {
      let x = Math.max((fw[zero + k - 1] as number) + 1, fw[zero + k + 1] as number);
      const from = x;
      let y = x - k;
      while (x < x1 && y < y1 && a[x] === b[y]) {
        x++;
        y++;
      }
      if (x - from > GOOD_SNAKE) goodSnake = true;
      fw[zero + k] = x;
      if (odd && band.bMin <= k && k <= band.bMax && (bw[zero + k] as number) <= x) {
        cut(out, x, y, [true, true]);
        return;
      }
    }

    if (band.bMin > lowest) bw[zero + --band.bMin - 1] = FAR;
    else band.bMin++;
    if (band.bMax < highest) bw[zero + ++band.bMax + 1] = FAR;
    else band.bMax--;
    for (let k = band.bMax; k >= band.bMin; k -= 2) {
      let x = Math.min(bw[zero + k - 1] as number, (bw[zero + k + 1] as number) - 1);
      const from = x;
      let y = x - k;
      while (x > x0 && y > y0 && a[x - 1] === b[y - 1]) {
        x--;
        y--;
      }
      if (from - x > GOOD_SNAKE) goodSnake = true;
      bw[zero + k] = x;
      if (!odd && band.fMin <= k && k <= band.fMax && x <= (fw[zero + k] as number)) {
        cut(out, x, y, [true, true]);
        return;
      }
    }

    if (exact) continue;
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
