/**
 * Histogram diff, the line diff `git merge` uses, written from the published description of
 * JGit's HistogramDiff (Shawn Pearce). In a region: count how often each line of A occurs
 * there; scan B in order, and for each line of B found in A no more often than the best anchor
 * so far, grow a match at each of its places in A into the longest common run; a run replaces
 * the best one if it is longer or if its rarest line is rarer. Then do the same before and
 * after the best run. A region with nothing in common is all changed; one whose common lines
 * all occur more than 64 times in A goes to Myers.
 *
 * Unlike Myers, the whole input is searched: no common prefix or suffix is trimmed first,
 * because git doesn't, and trimming can change which lines are kept. (Git and JGit also fall
 * back when 64 distinct lines share one slot of their hash table, an accident of the table
 * that practically never happens; it is not reproduced.)
 *
 * Hot loops work on typed arrays of dense line numbers; indexing them is in range by
 * construction, hence the `as number` reads (`noUncheckedIndexedAccess` can't know).
 */

import { type DenseCodes, denseCodes } from "./codes.ts";
import { myersDiff } from "./myers.ts";
import type { LineDiff } from "./types.ts";

/** Lines occurring more often than this in a region of A are never anchors (JGit's default). */
export const MAX_CHAIN_LENGTH = 64;

/** Elements `[start, end)` of a sequence: a view of a typed array, a copy of anything else. */
function part(xs: ArrayLike<number>, start: number, end: number): ArrayLike<number> {
  if (xs instanceof Int32Array) return xs.subarray(start, end);
  return Array.prototype.slice.call(xs, start, end);
}

/**
 * Makes a histogram diff that hands regions without a usable anchor to `fallback` (git and
 * JGit use Myers). Exposed so tests can watch the fallback being taken.
 */
export function makeHistogramDiff(fallback: LineDiff): LineDiff {
  return (a, b) => {
    const changedA = new Uint8Array(a.length);
    const changedB = new Uint8Array(b.length);
    const dense = denseCodes(a, b);
    const search = new LcsSearch(dense);
    // Regions are independent, so an explicit stack replaces recursion (no depth limit).
    const stack: number[] = [0, a.length, 0, b.length];
    while (stack.length > 0) {
      const e2 = stack.pop() as number;
      const s2 = stack.pop() as number;
      const e1 = stack.pop() as number;
      const s1 = stack.pop() as number;
      if (s1 === e1 || s2 === e2) {
        changedA.fill(1, s1, e1);
        changedB.fill(1, s2, e2);
        continue;
      }
      const found = search.run(s1, e1, s2, e2);
      if (found === FOUND) {
        const { as, ae, bs, be } = search;
        stack.push(ae + 1, e1, be + 1, e2, s1, as, s2, bs);
      } else if (found === NOTHING_COMMON) {
        changedA.fill(1, s1, e1);
        changedB.fill(1, s2, e2);
      } else {
        const sub = fallback(part(a, s1, e1), part(b, s2, e2));
        changedA.set(sub.changedA, s1);
        changedB.set(sub.changedB, s2);
      }
    }
    return { changedA, changedB };
  };
}

/** What the search of a region found: an anchor run, nothing in common, or only frequent lines. */
const FOUND = 0;
const NOTHING_COMMON = 1;
const ONLY_FREQUENT = 2;

/** The anchor search of one region, with tables reused from region to region. */
class LcsSearch {
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  /** Occurrences of each line in the current region of A; all zero between regions. */
  private readonly count: Int32Array;
  /** First occurrence of each line in the region (valid where `count` > 0). */
  private readonly head: Int32Array;
  /** Next occurrence of the same line after each position of A, or -1. */
  private readonly next: Int32Array;
  /** The best run found: A lines `as..ae`, B lines `bs..be`, inclusive. */
  as = 0;
  ae = 0;
  bs = 0;
  be = 0;
  /** The region searched: A[s1, e1), B[s2, e2). */
  private s1 = 0;
  private e1 = 0;
  private s2 = 0;
  private e2 = 0;
  /** The best run's rarest line's count, and its length less one. */
  private bestCount = 0;
  private bestSpan = 0;

  constructor(dense: DenseCodes) {
    this.a = dense.a;
    this.b = dense.b;
    this.count = new Int32Array(dense.size);
    this.head = new Int32Array(dense.size);
    this.next = new Int32Array(dense.a.length);
  }

  /** Finds the anchor run of A[s1, e1) and B[s2, e2); says whether to split, mark or fall back. */
  run(s1: number, e1: number, s2: number, e2: number): number {
    const { a, count, head, next } = this;
    // Built from the end, so each line's chain lists its occurrences in increasing order.
    for (let i = e1 - 1; i >= s1; i--) {
      const id = a[i] as number;
      const c = count[id] as number;
      next[i] = c === 0 ? -1 : (head[id] as number);
      head[id] = i;
      count[id] = c + 1;
    }
    const result = this.scanB(s1, e1, s2, e2);
    for (let i = s1; i < e1; i++) count[a[i] as number] = 0;
    return result;
  }

  /** Scans B[s2, e2) for the best anchor run against the indexed A[s1, e1). */
  private scanB(s1: number, e1: number, s2: number, e2: number): number {
    const { b, count } = this;
    this.s1 = s1;
    this.e1 = e1;
    this.s2 = s2;
    this.e2 = e2;
    this.bestCount = MAX_CHAIN_LENGTH + 1;
    this.bestSpan = 0;
    let common = false;
    let bp = s2;
    while (bp < e2) {
      const c = count[b[bp] as number] as number;
      if (c > 0) common = true;
      // Lines rarer than (or as rare as) the best anchor so far are candidates.
      bp = c > 0 && c <= this.bestCount ? this.tryLine(bp, c) : bp + 1;
    }
    // A long run of lines seen 65 times can win above, but still sends the region to Myers.
    if (this.bestCount <= MAX_CHAIN_LENGTH) return FOUND;
    return common ? ONLY_FREQUENT : NOTHING_COMMON;
  }

  /**
   * Grows a run from each occurrence in A of B's line at `bp` (seen `c` times), keeping the
   * best; returns where the scan of B goes on: past the runs found, whose B lines need no
   * look of their own.
   */
  private tryLine(bp: number, c: number): number {
    const { next } = this;
    let bNext = bp + 1;
    let occ = this.head[this.b[bp] as number] as number;
    for (;;) {
      const ae = this.grow(occ, bp, c);
      // The forward growth moves A and B alike: the run ends in B where it ends in A.
      const be = bp + (ae - occ);
      if (bNext <= be) bNext = be + 1;
      // The next occurrence of the line that lies past this run, if any.
      let np = next[occ] as number;
      while (np !== -1 && np <= ae) np = next[np] as number;
      if (np === -1) return bNext;
      occ = np;
    }
  }

  /**
   * Grows the match of A's line `occ` and B's line `bp` (seen `c` times) into the longest
   * common run around it, and keeps it if it beats the best so far; returns where it ends in A.
   */
  private grow(occ: number, bp: number, c: number): number {
    const { a, b, count, s1, e1, s2, e2 } = this;
    let as = occ;
    let bs = bp;
    let ae = occ;
    let be = bp;
    let rc = c;
    while (as > s1 && bs > s2 && a[as - 1] === b[bs - 1]) {
      as--;
      bs--;
      if (rc > 1) rc = Math.min(rc, count[a[as] as number] as number);
    }
    while (ae < e1 - 1 && be < e2 - 1 && a[ae + 1] === b[be + 1]) {
      ae++;
      be++;
      if (rc > 1) rc = Math.min(rc, count[a[ae] as number] as number);
    }
    if (this.bestSpan < ae - as || rc < this.bestCount) {
      this.as = as;
      this.ae = ae;
      this.bs = bs;
      this.be = be;
      this.bestSpan = ae - as;
      this.bestCount = rc;
    }
    return ae;
  }
}

/** Git's histogram diff: marks, in each sequence, the lines outside the common subsequence. */
export const histogramDiff: LineDiff = makeHistogramDiff(myersDiff);
