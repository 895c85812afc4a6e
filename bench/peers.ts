/**
 * The merges compared: ours (histogram and Myers), node-diff3 and diff3 in this process, and
 * `git merge-file` as a process per merge. Each takes base, ours and theirs as text and
 * returns merged text, so they all do the whole job: split, diff, merge, join.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import diff3Merge from "diff3";
import { merge as nodeDiff3Merge } from "node-diff3";
import { mergeText } from "../src/merge/merge-text.ts";
import { cleanGitEnv, mergeFileArgs } from "./git.ts";

/** A merge under test: `prepare` does what should not be timed (git's files) and returns the timed call. */
export interface Peer {
  readonly name: string;
  /** Slow peers get a time budget per document size. */
  readonly slow: boolean;
  prepare(base: string, ours: string, theirs: string): () => string;
}

/** The same marker labels for every peer (git's `-L ours -L base -L theirs`). */
const LABELS = { ours: "ours", base: "base", theirs: "theirs" };
const MARKERS = { a: LABELS.ours, o: LABELS.base, b: LABELS.theirs };

const ownHistogram: Peer = {
  name: "ours (histogram)",
  slow: false,
  prepare: (base, ours, theirs) => () => mergeText(base, ours, theirs, { labels: LABELS }).text,
};

const ownMyers: Peer = {
  name: "ours (myers)",
  slow: false,
  prepare: (base, ours, theirs) => () =>
    mergeText(base, ours, theirs, { algorithm: "myers", labels: LABELS }).text,
};

const nodeDiff3: Peer = {
  name: "node-diff3",
  slow: true,
  prepare: (base, ours, theirs) => () =>
    nodeDiff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"), {
      label: MARKERS,
    }).result.join("\n"),
};

const diff3: Peer = {
  name: "diff3",
  slow: true,
  prepare: (base, ours, theirs) => () => {
    const out: string[] = [];
    for (const region of diff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"))) {
      if ("ok" in region) out.push(...region.ok);
      else out.push("<<<<<<<", ...region.conflict.a, "=======", ...region.conflict.b, ">>>>>>>");
    }
    return out.join("\n");
  },
};

/** Where git's input files go; removed when the process exits. */
const scratch = mkdtempSync(join(tmpdir(), "bench-merge-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

const git: Peer = {
  name: "git merge-file",
  slow: false,
  prepare: (base, ours, theirs) => {
    const root = mkdtempSync(join(scratch, "m-"));
    const paths = {
      ours: join(root, "ours"),
      base: join(root, "base"),
      theirs: join(root, "theirs"),
    };
    writeFileSync(paths.ours, ours);
    writeFileSync(paths.base, base);
    writeFileSync(paths.theirs, theirs);
    const args = [...mergeFileArgs(LABELS), paths.ours, paths.base, paths.theirs];
    // The same clean environment as the differential harness: no setting changes the output.
    const env = { ...process.env, ...cleanGitEnv(scratch) };
    return () => {
      const run = spawnSync("git", args, { encoding: "utf8", maxBuffer: 1 << 30, env });
      // The exit code is the number of conflicts (at most 127); above that, an error.
      if (run.error || run.status === null || run.status > 127) {
        throw new Error(`git merge-file failed: ${run.error?.message ?? run.stderr}`);
      }
      return run.stdout;
    };
  },
};

/** Every peer, ours first. */
export const PEERS: readonly Peer[] = [ownHistogram, ownMyers, nodeDiff3, diff3, git];
