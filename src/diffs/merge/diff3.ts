import { compactChanges } from "./compact.ts";
import { histogramDiff } from "./histogram.ts";
import { type Hunk, toHunks } from "./hunks.ts";
import { internSequences } from "./lines.ts";
import { myersDiff } from "./myers.ts";
import type { DiffAlgorithm, LineDiff, LineRange, MergeRegion, MergeSequences } from "./types.ts";

/** The line diff for an algorithm name: `histogram` (the default) or `myers`. */
export function lineDiffFor(algorithm: DiffAlgorithm = "histogram"): LineDiff {
  switch (algorithm) {
    case "histogram":
      return histogramDiff;
    case "myers":
      return myersDiff;
  }
}

/** Diffs two interned sequences with `diff`, slides the changes as git does, and returns the hunks. */
export function diffHunks(a: ArrayLike<number>, b: ArrayLike<number>, diff: LineDiff): Hunk[] {
  const flags = diff(a, b);
  compactChanges(a, b, flags);
  return toHunks(flags.changedA, flags.changedB);
}

/**
 * What a chunk of a three-way merge holds: lines no side changed, a change by one side only,
 * the same change by both, or a conflict.
 */
type ChunkKind = "unchanged" | "ours" | "theirs" | "same" | "conflict";

/** One chunk of a three-way merge, with where it is in each version. */
export interface MergeChunk {
  readonly kind: ChunkKind;
  readonly base: LineRange;
  readonly ours: LineRange;
  readonly theirs: LineRange;
}

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

function totalGrowth(hunks: readonly Hunk[]): number {
  return hunks.reduce((sum, h) => sum + growth(h), 0);
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
  ) {}

  unchangedUpTo(start: number): void {
    const { done, oursShift, theirsShift } = this;
    if (done === start) return;
    this.chunks.push({
      kind: "unchanged",
      base: { start: done, end: start },
      ours: { start: done + oursShift, end: start + oursShift },
      theirs: { start: done + theirsShift, end: start + theirsShift },
    });
  }

  emit(kind: ChunkKind, start: number, end: number, rest: [LineRange, LineRange]): void {
    this.unchangedUpTo(start);
    this.chunks.push({ kind, base: { start, end }, ours: rest[0], theirs: rest[1] });
    this.done = end;
  }

  ours(o: Hunk): void {
    const theirsSpan = { start: o.startA + this.theirsShift, end: o.endA + this.theirsShift };
    this.emit("ours", o.startA, o.endA, [{ start: o.startB, end: o.endB }, theirsSpan]);
    this.oursShift += growth(o);
    this.i++;
  }

  theirs(t: Hunk): void {
    const oursSpan = { start: t.startA + this.oursShift, end: t.endA + this.oursShift };
    this.emit("theirs", t.startA, t.endA, [oursSpan, { start: t.startB, end: t.endB }]);
    this.theirsShift += growth(t);
    this.j++;
  }

  same(o: Hunk, t: Hunk): void {
    const spans: [LineRange, LineRange] = [
      { start: o.startB, end: o.endB },
      { start: t.startB, end: t.endB },
    ];
    this.emit("same", o.startA, o.endA, spans);
    this.oursShift += growth(o);
    this.theirsShift += growth(t);
    this.i++;
    this.j++;
  }

  // A conflict: it takes in every hunk that starts before its base range has ended.
  conflict(o: Hunk, t: Hunk): void {
    const start = Math.min(o.startA, t.startA);
    let end = Math.max(o.endA, t.endA);
    let nextI = this.i + 1;
    let nextJ = this.j + 1;
    for (;;) {
      const nextO = this.oursHunks[nextI];
      const nextT = this.theirsHunks[nextJ];
      if (nextO !== undefined && nextO.startA <= end) {
        end = Math.max(end, nextO.endA);
        nextI++;
      } else if (nextT !== undefined && nextT.startA <= end) {
        end = Math.max(end, nextT.endA);
        nextJ++;
      } else break;
    }
    const oursAfter = this.oursShift + totalGrowth(this.oursHunks.slice(this.i, nextI));
    const theirsAfter = this.theirsShift + totalGrowth(this.theirsHunks.slice(this.j, nextJ));
    this.emit("conflict", start, end, [
      { start: start + this.oursShift, end: end + oursAfter },
      { start: start + this.theirsShift, end: end + theirsAfter },
    ]);
    this.oursShift = oursAfter;
    this.theirsShift = theirsAfter;
    this.i = nextI;
    this.j = nextJ;
  }
}

/**
 * Three-way merges interned sequences into chunks covering all three versions in order: the
 * diff3 algorithm (Khanna, Kunal and Pierce) with git's "eager" rule. Each side is diffed
 * against the base; the unchanged chunks are the stable ones. Between them, hunks of the two
 * sides that touch (overlap, or merely meet) make one conflict, which takes in every further
 * hunk that touches it; a lone hunk is one side's change; two hunks with the same base range
 * and the same new lines are the same change. Conflicts are not refined further.
 */
export function mergeChunks(
  base: ArrayLike<number>,
  ours: ArrayLike<number>,
  theirs: ArrayLike<number>,
  diff: LineDiff,
): MergeChunk[] {
  const walk = new ChunkWalk(diffHunks(base, ours, diff), diffHunks(base, theirs, diff));
  for (;;) {
    const o = walk.oursHunks[walk.i];
    const t = walk.theirsHunks[walk.j];
    if (o === undefined && t === undefined) break;
    if (o !== undefined && (t === undefined || o.endA < t.startA)) walk.ours(o);
    else if (t !== undefined && (o === undefined || t.endA < o.startA)) walk.theirs(t);
    else if (o !== undefined && t !== undefined) {
      if (sameChange(o, t, ours, theirs)) walk.same(o, t);
      else walk.conflict(o, t);
    }
  }
  walk.unchangedUpTo(base.length);
  return walk.chunks;
}

/**
 * Three-way merges sequences of any elements, compared by `key` (equal keys, equal elements),
 * with the same diffs and rules as the text merge. Returns the regions in order: stable ones
 * hold the merged elements (ours where both agree, the changed side's where one side changed),
 * conflicts hold each version's range and elements. Adjacent stable regions are joined and
 * empty ones left out.
 */
export const mergeSequences: MergeSequences = (base, ours, theirs, options) => {
  const keys = internSequences([
    base.map(options.key),
    ours.map(options.key),
    theirs.map(options.key),
  ]);
  const [baseIds = [], oursIds = [], theirsIds = []] = keys;
  const chunks = mergeChunks(baseIds, oursIds, theirsIds, lineDiffFor(options.algorithm));
  type Item = (typeof base)[number];
  const regions: MergeRegion<Item>[] = [];
  let stable: Item[] = [];
  const slice = <U>(items: readonly U[], range: LineRange) => ({
    start: range.start,
    end: range.end,
    items: items.slice(range.start, range.end),
  });
  for (const chunk of chunks) {
    if (chunk.kind === "conflict") {
      if (stable.length > 0) regions.push({ kind: "stable", items: stable });
      stable = [];
      regions.push({
        kind: "conflict",
        base: slice(base, chunk.base),
        ours: slice(ours, chunk.ours),
        theirs: slice(theirs, chunk.theirs),
      });
    } else {
      const [items, range] = chunk.kind === "theirs" ? [theirs, chunk.theirs] : [ours, chunk.ours];
      for (let k = range.start; k < range.end; k++) stable.push(items[k] as Item);
    }
  }
  if (stable.length > 0) regions.push({ kind: "stable", items: stable });
  return regions;
};
