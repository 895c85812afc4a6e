import type { z } from "zod";
import type { TextConflictSchema } from "../model/conflicts.ts";

/**
 * Shared shapes of the merge engine. Text is compared line by line; a line keeps its end of
 * line (`"\n"`, `"\r\n"`, or none for a last line without one), so a changed line ending is a
 * changed line, as in git.
 */

/** Which line diff to use: `histogram` (git merge's, the default) or `myers` (git merge-file's). */
export type DiffAlgorithm = "histogram" | "myers";

/**
 * A line diff over interned lines (equal lines, equal numbers). It marks, for each sequence,
 * which elements are not part of the common subsequence it chose. The shared post-processing
 * (sliding groups of changes, as git does) runs after it.
 */
export type LineDiff = (
  a: ArrayLike<number>,
  b: ArrayLike<number>,
) => { readonly changedA: Uint8Array; readonly changedB: Uint8Array };

/** Labels written after the conflict markers. */
export interface MergeLabels {
  /** After `<<<<<<<`: the artifact as it is now (default `current`). */
  readonly ours?: string;
  /** After `|||||||`: the version the proposal was based on (default `base`). */
  readonly base?: string;
  /** After `>>>>>>>`: the proposal (default `proposed`). */
  readonly theirs?: string;
}

/** Options of {@link MergeText}. */
export interface MergeTextOptions {
  /** The line diff (default `histogram`). */
  readonly algorithm?: DiffAlgorithm;
  /** The marker labels. */
  readonly labels?: MergeLabels;
}

/** Lines `start` (0-based) to `end` (exclusive) of one version. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

/** One conflicting region: where it is in each version, and its lines there. */
export interface TextConflict {
  /** Where the conflict's markers start and end in the merged text (0-based line, exclusive end). */
  readonly merged: LineRange;
  readonly base: LineRange & { readonly lines: readonly string[] };
  readonly ours: LineRange & { readonly lines: readonly string[] };
  readonly theirs: LineRange & { readonly lines: readonly string[] };
}

/** The result of a three-way text merge. */
export type TextMergeResult =
  | { readonly kind: "clean"; readonly text: string }
  | {
      readonly kind: "conflict";
      readonly text: string;
      readonly conflicts: readonly TextConflict[];
    };

/** Three-way merges `ours` and `theirs`, both changed from `base`. */
export type MergeText = (
  base: string,
  ours: string,
  theirs: string,
  options?: MergeTextOptions,
) => TextMergeResult;

/**
 * One region of a three-way merge of sequences: unchanged (or changed on one side, or the
 * same on both), or a conflict with each side's elements. Indices are 0-based, ends exclusive.
 */
export type MergeRegion<T> =
  | { readonly kind: "stable"; readonly items: readonly T[] }
  | {
      readonly kind: "conflict";
      readonly base: LineRange & { readonly items: readonly T[] };
      readonly ours: LineRange & { readonly items: readonly T[] };
      readonly theirs: LineRange & { readonly items: readonly T[] };
    };

/** Three-way merges sequences of any elements, compared by `key`, into regions. */
export type MergeSequences = <T>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  options: { readonly key: (item: T) => string; readonly algorithm?: DiffAlgorithm },
) => readonly MergeRegion<T>[];

// A compile error if the wire schema stops fitting the interface (readonly, so one way only).
type Fits<T extends TextConflict> = T;
type _SchemaFits = Fits<z.infer<typeof TextConflictSchema>>;
