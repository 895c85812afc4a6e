/**
 * The shared merge corpus (`../shared/merge-corpus`): real three-way merges with git's own
 * answers. Files are read as latin1, one char per byte, so the merge sees and writes exactly
 * git's bytes: a line-based merge only compares lines for equality, which latin1 keeps, and an
 * invalid UTF-8 sequence can't be papered over by a replacement character.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mergeText } from "../src/merge/merge-text.ts";
import type { DiffAlgorithm } from "../src/merge/types.ts";

/** One case of the corpus; texts are latin1 strings (one char per byte). */
export interface CorpusCase {
  readonly name: string;
  /** The repository and file the case came from. */
  readonly repo: string;
  readonly path: string;
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
  /** Git's merged output and conflict count, per diff algorithm. */
  readonly git: Readonly<
    Record<DiffAlgorithm, { readonly text: string; readonly conflicts: number }>
  >;
}

/** The labels the corpus was made with (`git merge-file -L ours -L base -L theirs`). */
export const CORPUS_LABELS = { ours: "ours", base: "base", theirs: "theirs" } as const;

/** Both algorithms, git's default for `git merge` first. */
export const ALGORITHMS: readonly DiffAlgorithm[] = ["histogram", "myers"];

/** Whether `dir` looks like the corpus (has a `cases` folder). */
export function hasCorpus(dir: string): boolean {
  return existsSync(join(dir, "cases"));
}

interface Meta {
  readonly repo: string;
  readonly path: string;
  readonly git_myers_conflicts: number;
  readonly git_histogram_conflicts: number;
}

/**
 * Loads every case of the corpus at `dir`, sorted by name: as latin1 (exact bytes, for
 * comparing with git) or as UTF-8 (the strings an application would merge, for timing).
 */
export function loadCorpus(dir: string, encoding: "latin1" | "utf8" = "latin1"): CorpusCase[] {
  const casesDir = join(dir, "cases");
  return readdirSync(casesDir)
    .sort()
    .map((name) => {
      const read = (file: string) => readFileSync(join(casesDir, name, file), encoding);
      const meta = JSON.parse(read("meta.json")) as Meta;
      return {
        name,
        repo: meta.repo,
        path: meta.path,
        base: read("base"),
        ours: read("ours"),
        theirs: read("theirs"),
        git: {
          histogram: { text: read("git-histogram.diff3"), conflicts: meta.git_histogram_conflicts },
          myers: { text: read("git-myers.diff3"), conflicts: meta.git_myers_conflicts },
        },
      };
    });
}

/** How one of our merges compares with git's answer on a case. */
export interface Agreement {
  readonly name: string;
  readonly algorithm: DiffAlgorithm;
  /** Same clean-or-conflict verdict. */
  readonly verdict: boolean;
  /** Same number of conflicts. */
  readonly count: boolean;
  /** Byte-identical merged text. */
  readonly bytes: boolean;
  readonly ours: number;
  readonly git: number;
  /** Our merged text, for reporting a difference. */
  readonly text: string;
}

/** Merges a case with `algorithm` and compares the result with git's. */
export function checkCase(c: CorpusCase, algorithm: DiffAlgorithm): Agreement {
  const result = mergeText(c.base, c.ours, c.theirs, { algorithm, labels: CORPUS_LABELS });
  const want = c.git[algorithm];
  const ours = result.kind === "clean" ? 0 : result.conflicts.length;
  return {
    name: c.name,
    algorithm,
    verdict: (ours === 0) === (want.conflicts === 0),
    count: ours === want.conflicts,
    bytes: result.text === want.text,
    ours,
    git: want.conflicts,
    text: result.text,
  };
}
