import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { histogramDiff, MAX_CHAIN_LENGTH, makeHistogramDiff } from "../../src/merge/histogram.ts";
import type { LineDiff } from "../../src/merge/types.ts";

/** The elements a diff left unchanged, in order. */
const kept = (xs: readonly number[], changed: Uint8Array) => xs.filter((_, i) => changed[i] === 0);

/** Lines as numbers, one per character: "abc" is [97, 98, 99]. */
const lines = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Indices marked changed. */
const marked = (changed: Uint8Array) => [...changed.keys()].filter((i) => changed[i] === 1);

/**
 * A plain, slow, recursive reading of the same description (JGit's javadoc), to check the
 * typed-array version against: anchor on the rarest run (the longest among equally rare),
 * recurse around it; Myers-like `fallback` when every common line is too frequent.
 */
function reference(a: number[], b: number[], fallback: LineDiff): number[][] {
  const changedA = new Array<number>(a.length).fill(0);
  const changedB = new Array<number>(b.length).fill(0);
  const go = (s1: number, e1: number, s2: number, e2: number): void => {
    if (s1 === e1 || s2 === e2) {
      changedA.fill(1, s1, e1);
      changedB.fill(1, s2, e2);
      return;
    }
    const count = new Map<number, number>();
    for (let i = s1; i < e1; i++) count.set(a[i] ?? 0, (count.get(a[i] ?? 0) ?? 0) + 1);
    const at = (i: number) => count.get(a[i] ?? 0) ?? 0;
    let best = { cnt: MAX_CHAIN_LENGTH + 1, span: 0, as: 0, ae: 0, bs: 0, be: 0 };
    let common = false;
    for (let bp = s2; bp < e2; ) {
      let bNext = bp + 1;
      const c = count.get(b[bp] ?? 0) ?? 0;
      if (c > 0) common = true;
      if (c > 0 && c <= best.cnt) {
        for (let occ = s1; occ < e1; occ++) {
          if (a[occ] !== b[bp]) continue;
          let [as, bs, ae, be, rc] = [occ, bp, occ, bp, c];
          while (as > s1 && bs > s2 && a[as - 1] === b[bs - 1]) {
            as--;
            bs--;
            rc = Math.min(rc, at(as));
          }
          while (ae < e1 - 1 && be < e2 - 1 && a[ae + 1] === b[be + 1]) {
            ae++;
            be++;
            rc = Math.min(rc, at(ae));
          }
          bNext = Math.max(bNext, be + 1);
          if (best.span < ae - as || rc < best.cnt)
            best = { cnt: rc, span: ae - as, as, ae, bs, be };
          // The next occurrence looked at lies past the run just found.
          occ = Math.max(occ, ae);
        }
      }
      bp = bNext;
    }
    if (best.cnt <= MAX_CHAIN_LENGTH) {
      go(s1, best.as, s2, best.bs);
      go(best.ae + 1, e1, best.be + 1, e2);
    } else if (!common) {
      changedA.fill(1, s1, e1);
      changedB.fill(1, s2, e2);
    } else {
      const sub = fallback(a.slice(s1, e1), b.slice(s2, e2));
      sub.changedA.forEach((x, i) => {
        changedA[s1 + i] = x;
      });
      sub.changedB.forEach((x, i) => {
        changedB[s2 + i] = x;
      });
    }
  };
  go(0, a.length, 0, b.length);
  return [changedA, changedB];
}

/** A stand-in fallback: everything changed, so its regions are easy to recognize. */
const allChanged: LineDiff = (a, b) => ({
  changedA: new Uint8Array(a.length).fill(1),
  changedB: new Uint8Array(b.length).fill(1),
});

describe("histogramDiff", () => {
  it("marks nothing for equal sequences and everything against an empty one", () => {
    const same = histogramDiff(lines("abcabc"), lines("abcabc"));
    expect(marked(same.changedA)).toEqual([]);
    expect(marked(same.changedB)).toEqual([]);
    const gone = histogramDiff(lines("abc"), []);
    expect(marked(gone.changedA)).toEqual([0, 1, 2]);
    expect(gone.changedB.length).toBe(0);
    const empty = histogramDiff([], []);
    expect(empty.changedA.length + empty.changedB.length).toBe(0);
  });

  it("marks a replaced line in the middle", () => {
    const { changedA, changedB } = histogramDiff(lines("abcde"), lines("abXde"));
    expect(marked(changedA)).toEqual([2]);
    expect(marked(changedB)).toEqual([2]);
  });

  it("anchors on a unique line rather than keeping more frequent ones", () => {
    // Myers would keep the three "-" (a longer common subsequence); histogram keeps "u".
    const { changedA, changedB } = histogramDiff(lines("u---"), lines("---u"));
    expect(marked(changedA)).toEqual([1, 2, 3]);
    expect(marked(changedB)).toEqual([0, 1, 2]);
  });

  it("keeps the longer block in place when a shorter one moves past it", () => {
    // A = P Q R, B = Q P R: the ten-line block Q stays, the three-line block P moves.
    const a = lines("abcDEFGHIJKLMyz");
    const b = lines("DEFGHIJKLMabcyz");
    const { changedA, changedB } = histogramDiff(a, b);
    expect(marked(changedA)).toEqual([0, 1, 2]);
    expect(marked(changedB)).toEqual([10, 11, 12]);
  });

  it("searches the whole input, without trimming the common ends first (as git)", () => {
    // Trimming the first "x" would keep the two "x"; git's histogram keeps "x u" (its
    // `git diff --histogram` of these shows " x", "+x", " u", "-x" after sliding).
    const { changedA, changedB } = histogramDiff(lines("xux"), lines("xxu"));
    expect(marked(changedA)).toEqual([2]);
    expect(marked(changedB)).toEqual([0]);
  });

  it("marks a region with no common line as changed without falling back", () => {
    const fallback = vi.fn(allChanged);
    const { changedA, changedB } = makeHistogramDiff(fallback)(lines("xaby"), lines("xcdy"));
    expect(marked(changedA)).toEqual([1, 2]);
    expect(marked(changedB)).toEqual([1, 2]);
    expect(fallback).not.toHaveBeenCalled();
  });

  it("falls back on a region whose common lines all repeat more than 64 times", () => {
    const fallback = vi.fn(allChanged);
    const many = (s: string, n: number) => lines(s.repeat(n));
    // "u" anchors, then the region after it has only "a" and "b", each 65 times in A.
    const a = [...lines("u"), ...many("ab", MAX_CHAIN_LENGTH + 1)];
    const b = [...lines("u"), ...many("ba", MAX_CHAIN_LENGTH + 1)];
    const { changedA, changedB } = makeHistogramDiff(fallback)(a, b);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(fallback).toHaveBeenCalledWith(a.slice(1), b.slice(1));
    expect(changedA[0]).toBe(0);
    expect(marked(changedA)).toHaveLength(a.length - 1);
    expect(marked(changedB)).toHaveLength(b.length - 1);
  });

  it("anchors on lines repeating exactly 64 times", () => {
    const fallback = vi.fn(allChanged);
    const a = lines("ab".repeat(MAX_CHAIN_LENGTH));
    const b = lines(`b${"ab".repeat(MAX_CHAIN_LENGTH - 1)}`);
    makeHistogramDiff(fallback)(a, b);
    expect(fallback).not.toHaveBeenCalled();
  });

  it("uses Myers on frequent lines, still keeping a common subsequence", () => {
    const a = lines("ab".repeat(100));
    const b = lines("ba".repeat(100));
    const { changedA, changedB } = histogramDiff(a, b);
    expect(kept(a, changedA)).toEqual(kept(b, changedB));
    expect(marked(changedA).length).toBeLessThan(10);
  });

  it("accepts any numbering of lines, not only small dense ones", () => {
    const big = (s: string) => lines(s).map((x) => x * 1_000_003 - 5e9);
    const { changedA, changedB } = histogramDiff(big("u---"), big("---u"));
    expect(marked(changedA)).toEqual([1, 2, 3]);
    expect(marked(changedB)).toEqual([0, 1, 2]);
  });
});

describe("histogramDiff properties", () => {
  // Small alphabets make repeats (and, with long inputs, the > 64 fallback) likely.
  const seq = (alphabet: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength: max });
  const pair = fc.oneof(
    fc.tuple(seq(4, 40), seq(4, 40)),
    fc.tuple(seq(30, 80), seq(30, 80)),
    fc.tuple(seq(2, 300), seq(2, 300)),
  );

  it("leaves unchanged lines forming a common subsequence of both inputs", () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const { changedA, changedB } = histogramDiff(a, b);
        expect(changedA.length).toBe(a.length);
        expect(changedB.length).toBe(b.length);
        expect(kept(a, changedA)).toEqual(kept(b, changedB));
      }),
      { numRuns: 400 },
    );
  });

  it("agrees with a plain recursive reading of the algorithm", () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const { changedA, changedB } = makeHistogramDiff(allChanged)(a, b);
        const [refA, refB] = reference(a, b, allChanged);
        expect([...changedA]).toEqual(refA);
        expect([...changedB]).toEqual(refB);
      }),
      { numRuns: 400 },
    );
  });
});
