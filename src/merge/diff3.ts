import { GIT_RULE, type MergeChunk, rangeIn, walkHunks } from "./chunk-walk.ts";
import { compactChanges } from "./compact.ts";
import { histogramDiff } from "./histogram.ts";
import { type Hunk, toHunks } from "./hunks.ts";
import { internSequences } from "./lines.ts";
import { myersDiff } from "./myers.ts";
import type { DiffAlgorithm, LineDiff, LineRange, MergeRegion, MergeSequences } from "./types.ts";

export type { MergeChunk } from "./chunk-walk.ts";

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
  const sides = { ours: diffHunks(base, ours, diff), theirs: diffHunks(base, theirs, diff) };
  return walkHunks(sides, { base, ours, theirs }, GIT_RULE);
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
        base: slice(base, rangeIn(chunk, "base")),
        ours: slice(ours, rangeIn(chunk, "ours")),
        theirs: slice(theirs, rangeIn(chunk, "theirs")),
      });
    } else {
      const [items, start, end] =
        chunk.kind === "theirs"
          ? [theirs, chunk.theirsStart, chunk.theirsEnd]
          : [ours, chunk.oursStart, chunk.oursEnd];
      for (let k = start; k < end; k++) stable.push(items[k] as Item);
    }
  }
  if (stable.length > 0) regions.push({ kind: "stable", items: stable });
  return regions;
};
