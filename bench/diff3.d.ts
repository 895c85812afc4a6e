// The npm `diff3` package (0.0.4) ships no types: just what the benchmark calls.
declare module "diff3" {
  type Diff3Region<T> =
    | { ok: T[] }
    | { conflict: { a: T[]; aIndex: number; o: T[]; oIndex: number; b: T[]; bIndex: number } };
  /** Three-way merges `a` and `b`, both changed from `o`, into regions. */
  function diff3Merge<T>(a: T[], o: T[], b: T[]): Diff3Region<T>[];
  export = diff3Merge;
}
