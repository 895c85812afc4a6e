import type { Hunk } from "./hunks.ts";
import type { LineRange } from "./types.ts";

/**
 * What a chunk of a three-way merge holds: lines no side changed, a change by one side only,
 * the same change by both, or a conflict.
 */
type ChunkKind = "unchanged" | "ours" | "theirs" | "same" | "conflict";

/**
 * One chunk of a three-way merge, with where it is in each version: lines [start, end) of
 * base, ours and theirs. (Numbers, not ranges: a long merge has tens of thousands of chunks,
 * and one object each instead of four is a good part of what a merge allocates.)
 */
export interface MergeChunk {
  readonly kind: ChunkKind;
  readonly baseStart: number;
  readonly baseEnd: number;
  readonly oursStart: number;
  readonly oursEnd: number;
  readonly theirsStart: number;
  readonly theirsEnd: number;
}

/** One of the three versions of a merge. */
type Version = "base" | "ours" | "theirs";

/** Where a chunk is in one version. */
export function rangeIn(chunk: MergeChunk, version: Version): LineRange {
  switch (version) {
    case "base":
      return { start: chunk.baseStart, end: chunk.baseEnd };
    case "ours":
      return { start: chunk.oursStart, end: chunk.oursEnd };
    case "theirs":
      return { start: chunk.theirsStart, end: chunk.theirsEnd };
  }
}

/** The three sequences of a merge (interned elements: equal numbers, equal elements). */
export interface MergeInputs {
  readonly base: ArrayLike<number>;
  readonly ours: ArrayLike<number>;
  readonly theirs: ArrayLike<number>;
}

/** Which side a hunk is from. */
type Side = "ours" | "theirs";

/** Where a conflict being built ends: in base, and in each side. */
interface ConflictEnd {
  readonly base: number;
  readonly ours: number;
  readonly theirs: number;
}

/**
 * When changes of the two sides are kept apart and when they conflict: the one thing in
 * which the line merge (git's) and the word merge differ.
 */
export interface ChunkRule {
  /** Whether hunk `x` of side `side` comes before `y` of the other side, both applying. */
  apart(x: Hunk, side: Side, y: Hunk): boolean;
  /** Whether hunk `h` of side `side`, not before the conflict's end, is taken into it. */
  joins(h: Hunk, side: Side, end: ConflictEnd): boolean;
}

/**
 * git's "eager" rule: hunks of the two sides that overlap or merely touch conflict, and a
 * conflict takes in every hunk that starts before its base range has ended (or right there).
 */
export const GIT_RULE: ChunkRule = {
  apart: (x, _side, y) => x.endA < y.startA,
  joins: (h, _side, end) => h.startA <= end.base,
};

function sameChange(x: Hunk, y: Hunk, xs: ArrayLike<number>, ys: ArrayLike<number>): boolean {
  if (x.startA !== y.startA || x.endA !== y.endA || x.endB - x.startB !== y.endB - y.startB) {
    return false;
  }
  for (let k = 0; k < x.endB - x.startB; k++) {
    if (xs[x.startB + k] !== ys[y.startB + k]) return false;
  }
  return true;
}

/** The difference in length a hunk makes. */
function growth(h: Hunk): number {
  return h.endB - h.startB - (h.endA - h.startA);
}

// A walk over both sides' hunks in base order, emitting chunks. `oursShift` and
// `theirsShift` are how much longer ours and theirs are than base, up to the base line `done`.
class ChunkWalk {
  readonly chunks: MergeChunk[] = [];
  i = 0;
  j = 0;
  oursShift = 0;
  theirsShift = 0;
  done = 0;

  constructor(
    readonly oursHunks: readonly Hunk[],
    readonly theirsHunks: readonly Hunk[],
    readonly rule: ChunkRule,
  ) {}

  unchangedUpTo(start: number): void {
    const { done, oursShift, theirsShift } = this;
    if (done === start) return;
    this.chunks.push({
      kind: "unchanged",
      baseStart: done,
      baseEnd: start,
      oursStart: done + oursShift,
      oursEnd: start + oursShift,
      theirsStart: done + theirsShift,
      theirsEnd: start + theirsShift,
    });
  }

  /** Emits a chunk of base lines [start, end), at `ours` in ours and `theirs` in theirs. */
  emit(kind: ChunkKind, start: number, end: number, ours: LineRange, theirs: LineRange): void {
    this.unchangedUpTo(start);
    this.chunks.push({
      kind,
      baseStart: start,
      baseEnd: end,
      oursStart: ours.start,
      oursEnd: ours.end,
      theirsStart: theirs.start,
      theirsEnd: theirs.end,
    });
    this.done = end;
  }

  ours(o: Hunk): void {
    const theirsSpan = { start: o.startA + this.theirsShift, end: o.endA + this.theirsShift };
    this.emit("ours", o.startA, o.endA, { start: o.startB, end: o.endB }, theirsSpan);
    this.oursShift += growth(o);
    this.i++;
  }

  theirs(t: Hunk): void {
    const oursSpan = { start: t.startA + this.oursShift, end: t.endA + this.oursShift };
    this.emit("theirs", t.startA, t.endA, oursSpan, { start: t.startB, end: t.endB });
    this.theirsShift += growth(t);
    this.j++;
  }

  same(o: Hunk, t: Hunk): void {
    const ours = { start: o.startB, end: o.endB };
    this.emit("same", o.startA, o.endA, ours, { start: t.startB, end: t.endB });
    this.oursShift += growth(o);
    this.theirsShift += growth(t);
    this.i++;
    this.j++;
  }

  // A conflict: it takes in every further hunk the rule joins to it. Both sides' next hunks
  // are judged against the same end before either is taken in, so the sides' roles never
  // matter.
  conflict(o: Hunk, t: Hunk): void {
    const start = Math.min(o.startA, t.startA);
    let end = Math.max(o.endA, t.endA);
    let oursAfter = this.oursShift + growth(o);
    let theirsAfter = this.theirsShift + growth(t);
    let nextI = this.i + 1;
    let nextJ = this.j + 1;
    for (;;) {
      const nextO = this.oursHunks[nextI];
      const nextT = this.theirsHunks[nextJ];
      const at = { base: end, ours: end + oursAfter, theirs: end + theirsAfter };
      const joinsO = nextO !== undefined && this.rule.joins(nextO, "ours", at);
      const joinsT = nextT !== undefined && this.rule.joins(nextT, "theirs", at);
      if (nextO !== undefined && joinsO) {
        end = Math.max(end, nextO.endA);
        oursAfter += growth(nextO);
        nextI++;
      }
      if (nextT !== undefined && joinsT) {
        end = Math.max(end, nextT.endA);
        theirsAfter += growth(nextT);
        nextJ++;
      }
      if (!joinsO && !joinsT) break;
    }
    this.emit(
      "conflict",
      start,
      end,
      { start: start + this.oursShift, end: end + oursAfter },
      { start: start + this.theirsShift, end: end + theirsAfter },
    );
    this.oursShift = oursAfter;
    this.theirsShift = theirsAfter;
    this.i = nextI;
    this.j = nextJ;
  }
}

/**
 * Walks both sides' hunks against base (each side's diff from base, in order) into chunks
 * covering all three versions in order, by the diff3 algorithm (Khanna, Kunal and Pierce):
 * a hunk apart from the other side's is that side's change, two hunks with the same base
 * range and the same new elements are the same change, and others conflict, taking in the
 * further hunks `rule` joins to them. The unchanged chunks are the stable ones.
 */
export function walkHunks(
  hunks: { readonly ours: readonly Hunk[]; readonly theirs: readonly Hunk[] },
  inputs: MergeInputs,
  rule: ChunkRule,
): MergeChunk[] {
  const walk = new ChunkWalk(hunks.ours, hunks.theirs, rule);
  for (;;) {
    const o = walk.oursHunks[walk.i];
    const t = walk.theirsHunks[walk.j];
    if (o === undefined && t === undefined) break;
    if (o !== undefined && (t === undefined || rule.apart(o, "ours", t))) walk.ours(o);
    else if (t !== undefined && (o === undefined || rule.apart(t, "theirs", o))) walk.theirs(t);
    else if (o !== undefined && t !== undefined) {
      if (sameChange(o, t, inputs.ours, inputs.theirs)) walk.same(o, t);
      else walk.conflict(o, t);
    }
  }
  walk.unchangedUpTo(inputs.base.length);
  return walk.chunks;
}
