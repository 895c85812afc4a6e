/**
 * How the merge tooling runs git, in one place for the benchmark's git peer (bench/peers.ts)
 * and the differential harness (bench/git-harness.ts): `git merge-file` with diff3 markers and
 * explicit labels, in an environment no user or system setting reaches.
 */

/** The conflict-marker labels, in git's order (`-L ours -L base -L theirs`). */
export interface MergeFileLabels {
  readonly ours: string;
  readonly base: string;
  readonly theirs: string;
}

/**
 * The arguments of `git merge-file` before its three files (ours, base, theirs): print the
 * merge to stdout, with diff3 markers and these labels. Its exit code is then the number of
 * conflicts, at most 127; above that, an error.
 */
export function mergeFileArgs(labels: MergeFileLabels): string[] {
  return ["merge-file", "-p", "--diff3", "-L", labels.ours, "-L", labels.base, "-L", labels.theirs];
}

/**
 * The variables to set for git so no setting changes its output: `home` as HOME (a folder
 * without a .gitconfig), no system config, the C locale.
 */
export function cleanGitEnv(home: string): Record<string, string> {
  return { HOME: home, GIT_CONFIG_NOSYSTEM: "1", LC_ALL: "C" };
}

/** A word quoted for bash (single quotes; an embedded one closed, escaped and reopened). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
