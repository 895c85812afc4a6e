import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { branchNameFault } from "../launch/ref-names.ts";
import { CheckoutError, type PlacementProblemReason } from "./port.ts";
import type { GitOutput, RunGit } from "./run-git.ts";
import { parseWorktreeList } from "./worktree-list.ts";

/** A git repository whose working tree top is the project root. */
export interface Repository {
  readonly git: RunGit;
  /** The real path of the project root, which is the top of a working tree. */
  readonly root: string;
}

/** A registered worktree, with its path resolved as far as it exists. */
export interface Worktree {
  path: string;
  /** Short branch name; null when detached or bare. */
  branch: string | null;
  /** True for the main working tree (git lists it first). */
  main: boolean;
  /** The directory is still there. */
  present: boolean;
}

/** A `CheckoutError` to throw; repository-level problems name the whole `placement`. */
export function placementRefused(
  reason: PlacementProblemReason,
  message: string,
  field = "placement",
): CheckoutError {
  return new CheckoutError({ reason, field, message });
}

/** `git_failed` carrying what git said, for failures no other code names. */
export function gitFailed(what: string, output: GitOutput): CheckoutError {
  const said = output.stderr.trim() || `exit code ${output.code}`;
  return placementRefused("git_failed", `${what} failed: ${said}`);
}

/** Resolves symlinks as far as the path exists; the missing rest is appended as written. */
export async function realPathLoose(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(await realPathLoose(parent), basename(path));
  }
}

/** True when something (file, folder or dangling link) is at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the repository at `root`. Throws `not_a_repository` when `root` is missing, is not in
 * a working tree, or is only a folder inside one (worktrees of the enclosing repository would
 * not be the project's).
 */
export async function openRepository(git: RunGit, root: string): Promise<Repository> {
  let real: string;
  try {
    real = await realpath(root);
  } catch {
    throw placementRefused("not_a_repository", `${root} does not exist`);
  }
  const top = await git(real, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0)
    throw placementRefused("not_a_repository", `${root} is not a git working tree`);
  const topPath = await realPathLoose(top.stdout.trim());
  if (topPath !== real) {
    throw placementRefused(
      "not_a_repository",
      `${root} is inside the git working tree ${topPath} but is not its root`,
    );
  }
  return { git, root: real };
}

/**
 * Refuses what worktrees cannot isolate safely: a detached HEAD at the root (`detached_head`)
 * and submodules (`submodules`), whose checkouts worktrees would share or leave out.
 */
export async function requireIsolatable(repo: Repository): Promise<void> {
  // Asked together (git submodule is a slow script), judged in a fixed order.
  const [head, gitmodules, status] = await Promise.all([
    repo.git(repo.root, ["symbolic-ref", "-q", "HEAD"]),
    exists(join(repo.root, ".gitmodules")),
    repo.git(repo.root, ["submodule", "status"]),
  ]);
  if (head.code === 1) {
    throw placementRefused("detached_head", `the project root ${repo.root} has a detached HEAD`);
  }
  if (head.code !== 0) throw gitFailed("git symbolic-ref HEAD", head);
  if (gitmodules) {
    throw placementRefused(
      "submodules",
      `the repository at ${repo.root} has submodules (.gitmodules)`,
    );
  }
  // A gitlink without a mapping makes the command fail; that is a submodule too.
  if (status.code !== 0 || status.stdout.trim() !== "") {
    const said = status.stderr.trim();
    throw placementRefused(
      "submodules",
      `the repository at ${repo.root} has submodules${said ? ` (${said})` : ""}`,
    );
  }
}

/** True when `name` passes the launch rules' branch name check and git's own. */
export async function isValidBranchName(repo: Repository, name: string): Promise<boolean> {
  // Checked before any use, so a name can never be read as an option or a revision expression.
  if (branchNameFault(name) !== null) return false;
  const result = await repo.git(repo.root, ["check-ref-format", `refs/heads/${name}`]);
  return result.code === 0;
}

/** The commit a local branch points at, or null when there is no such branch. */
export async function branchCommit(repo: Repository, name: string): Promise<string | null> {
  return commitOf(repo.git, repo.root, `refs/heads/${name}`);
}

/** The commit `ref` resolves to in `dir`, or null. */
export async function commitOf(git: RunGit, dir: string, ref: string): Promise<string | null> {
  const result = await git(dir, ["rev-parse", "-q", "--verify", `${ref}^{commit}`]);
  return result.code === 0 ? result.stdout.trim() : null;
}

/** True when a local branch `name` exists (whatever it points at). */
export async function branchExists(repo: Repository, name: string): Promise<boolean> {
  const result = await repo.git(repo.root, ["show-ref", "--verify", "-q", `refs/heads/${name}`]);
  return result.code === 0;
}

/**
 * The local branch that keeps a new branch `name` from being made, or null: `name` itself, or
 * one that `name` would be a folder of or sit in (`a` and `a/b` cannot both be branches).
 */
export async function conflictingBranch(repo: Repository, name: string): Promise<string | null> {
  const listed = await repo.git(repo.root, ["for-each-ref", "--format=%(refname)", "refs/heads/"]);
  if (listed.code !== 0) throw gitFailed("git for-each-ref refs/heads/", listed);
  for (const ref of listed.stdout.split("\n")) {
    const branch = shortBranch(ref);
    if (branch === null) continue;
    if (branch === name || name.startsWith(`${branch}/`) || branch.startsWith(`${name}/`)) {
      return branch;
    }
  }
  return null;
}

/** The short name of the branch checked out in `dir`, or null when detached. */
export async function currentBranch(git: RunGit, dir: string): Promise<string | null> {
  const result = await git(dir, ["symbolic-ref", "-q", "HEAD"]);
  return result.code === 0 ? shortBranch(result.stdout.trim()) : null;
}

function shortBranch(ref: string | null): string | null {
  return ref?.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null;
}

/**
 * Asks origin, without fetching, whether it has branch `name`. Throws `git_failed` when origin
 * cannot be asked (no such remote, unreachable).
 */
export async function originHasBranch(repo: Repository, name: string): Promise<boolean> {
  const ref = `refs/heads/${name}`;
  const result = await repo.git(repo.root, ["ls-remote", "--exit-code", "--heads", "origin", ref]);
  // Exit code 2: origin answered and has no matching ref.
  if (result.code === 2) return false;
  if (result.code !== 0) throw gitFailed("git ls-remote origin", result);
  // Patterns match the tail of a ref name; only the exact ref counts.
  return result.stdout.split("\n").some((line) => line.split("\t")[1] === ref);
}

/** The worktrees registered for the repository, the main working tree first. */
export async function listWorktrees(repo: Repository): Promise<Worktree[]> {
  const result = await repo.git(repo.root, ["worktree", "list", "--porcelain", "-z"]);
  if (result.code !== 0) throw gitFailed("git worktree list", result);
  const entries = parseWorktreeList(result.stdout);
  return Promise.all(
    entries.map(async (entry, index) => ({
      path: await realPathLoose(entry.path),
      branch: entry.bare ? null : shortBranch(entry.ref),
      main: index === 0,
      present: !entry.prunable && (await exists(entry.path)),
    })),
  );
}
