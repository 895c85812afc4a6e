import { type ChunkRule, type MergeChunk, type MergeInputs, walkHunks } from "./chunk-walk.ts";
import { diffHunks } from "./diff3.ts";
import { internSequences } from "./lines.ts";
import type { LineDiff } from "./types.ts";
import { isLineBreak, tokenize } from "./words.ts";

/** One version of a region, as tokens and their interned numbers. */
export interface TokenVersion {
  readonly tokens: readonly string[];
  readonly ids: readonly number[];
}

/** A region merged word by word: its tokens in each version, and the chunks of the merge. */
export interface TokenMerge {
  readonly base: TokenVersion;
  readonly ours: TokenVersion;
  readonly theirs: TokenVersion;
  readonly chunks: readonly MergeChunk[];
  /** Whether the token numbered `id` is a line break. */
  readonly isBreak: (id: number) => boolean;
}

/**
 * The word merge's rule. Changes of the two sides conflict when they change a token in common
 * (their base ranges overlap), when both insert at the same place (which goes first would be
 * a guess), or when they meet at the start of a line of base and the first of them does not
 * end a line there (it removed the line break, or inserted text without one, right where the
 * other changes the line). Otherwise they are kept apart, even when they touch: one side's
 * change to a word and the other's to the next, a deleted line and a change to the one after.
 */
function wordRule(inputs: MergeInputs, isBreak: (id: number) => boolean): ChunkRule {
  const lineStart = (xs: ArrayLike<number>, at: number) =>
    at === 0 || isBreak(xs[at - 1] as number);
  /** Whether a change ending at `sideEnd` of `side` meets a change at base `at` mid-line. */
  const breaksLine = (side: ArrayLike<number>, sideEnd: number, at: number) =>
    lineStart(inputs.base, at) && !lineStart(side, sideEnd);
  return {
    apart: (x, side, y) => {
      if (x.endA !== y.startA) return x.endA < y.startA;
      if (x.startA === x.endA && y.startA === y.endA) return false;
      return !breaksLine(inputs[side], x.endB, x.endA);
    },
    joins: (h, _side, end) => {
      if (h.startA !== end.base) return h.startA < end.base;
      return (
        breaksLine(inputs.ours, end.ours, end.base) ||
        breaksLine(inputs.theirs, end.theirs, end.base)
      );
    },
  };
}

/**
 * `diff` run only between the common prefix and suffix of its two sequences (as git's xdiff
 * prepares Myers), so what surrounds a change, such as a line break at the end of a text,
 * never changes which tokens a side is read to have changed.
 */
function trimmed(diff: LineDiff): LineDiff {
  return (a, b) => {
    const shorter = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
    let suffix = 0;
    while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) {
      suffix++;
    }
    const slice = (xs: ArrayLike<number>) =>
      Array.prototype.slice.call(xs, prefix, xs.length - suffix) as number[];
    const middle = diff(slice(a), slice(b));
    const changedA = new Uint8Array(a.length);
    const changedB = new Uint8Array(b.length);
    changedA.set(middle.changedA, prefix);
    changedB.set(middle.changedB, prefix);
    return { changedA, changedB };
  };
}

/**
 * Three-way merges three texts token by token (see `tokenize`): each side's tokens are diffed
 * against base's with `diff` between their common prefix and suffix (and slid as git slides
 * lines), then walked into chunks by the word merge's rule.
 */
export function mergeTokens(
  base: string,
  ours: string,
  theirs: string,
  diff: LineDiff,
): TokenMerge {
  const tokens = [tokenize(base), tokenize(ours), tokenize(theirs)] as const;
  const [baseIds = [], oursIds = [], theirsIds = []] = internSequences(tokens);
  const breaks = new Set<number>();
  tokens.forEach((list, k) => {
    const ids = [baseIds, oursIds, theirsIds][k] as number[];
    list.forEach((token, i) => {
      if (isLineBreak(token)) breaks.add(ids[i] as number);
    });
  });
  const isBreak = (id: number) => breaks.has(id);
  const inputs = { base: baseIds, ours: oursIds, theirs: theirsIds };
  const inner = trimmed(diff);
  const hunks = {
    ours: diffHunks(baseIds, oursIds, inner),
    theirs: diffHunks(baseIds, theirsIds, inner),
  };
  return {
    base: { tokens: tokens[0], ids: baseIds },
    ours: { tokens: tokens[1], ids: oursIds },
    theirs: { tokens: tokens[2], ids: theirsIds },
    chunks: walkHunks(hunks, inputs, wordRule(inputs, isBreak)),
    isBreak,
  };
}
