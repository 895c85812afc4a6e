import { realpath, rmdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { placementNameProblem } from "../launch/placement-names.ts";
import { branchNameFault, lengthFault } from "../launch/ref-names.ts";
import type { Placement } from "../model/placement.ts";
import {
  branchCommit,
  branchExists,
  commitOf,
  conflictingBranch,
  currentBranch,
  exists,
  gitFailed,
  isValidBranchName,
  listWorktrees,
  openRepository,
  originHasBranch,
  placementRefused,
  type Repository,
  realPathLoose,
  requireIsolatable,
  type Worktree,
} from "./git-repository.ts";
import {
  type Checkout,
  type CheckoutAdapter,
  type CheckoutRequest,
  isCheckoutError,
  type PlacementCheck,
} from "./port.ts";
import { type RunGit, runGit } from "./run-git.ts";
import { worktreeHolder, worktreesFolder } from "./worktree-folders.ts";

/** Where and how {@link gitCheckout} makes worktrees. */
export interface GitCheckoutOptions {
  /** The project root: the top of a git working tree (not a folder inside one). */
  root: string;
  /** Where new worktrees go, one folder per thread; default `<root>/../<name of root>-worktrees`. */
  worktreesDir?: string;
  /** Prefix of a new worktree's branch when the placement names none; default `aw/`. */
  branchPrefix?: string;
  /** The git binary; default `git` from `PATH`. */
  git?: string;
  /**
   * How long one git command may take before it counts as failed (`git_failed`); default two
   * minutes, so a fetch over a dead network or waiting on an ssh prompt never hangs a launch.
   */
  timeoutMs?: number;
}

type NewWorktree = Extract<Placement, { type: "new_worktree" }>;
type ExistingWorktree = Extract<Placement, { type: "existing_worktree" }>;

/** Where a new worktree's branch starts: a local commit, or origin's branch once fetched. */
type Base = { fromOrigin: false; commit: string } | { fromOrigin: true; name: string };

/** What `check` found and `prepare` carries out. */
type Plan =
  | { type: "root"; repo: Repository }
  | {
      type: "new_worktree";
      repo: Repository;
      base: Base;
      branch: string;
      directory: string;
      threadId: string;
    }
  | { type: "existing_worktree"; repo: Repository; worktree: Worktree };

// What the adapter was configured with, besides how to run git.
interface Settings {
  readonly root: string;
  readonly branchPrefix: string;
  readonly worktreesDir: string | undefined;
}

async function plan(
  git: RunGit,
  settings: Settings,
  placement: Placement,
  request: CheckoutRequest,
): Promise<Plan> {
  // The launch rules' check, before any git runs: so no name git would refuse reaches it.
  const named = placementNameProblem(placement, request.thread_id);
  if (named !== null) throw placementRefused(named.reason, named.message, named.field);
  const repo = await openRepository(git, settings.root);
  switch (placement.type) {
    case "root":
      return { type: "root", repo };
    case "new_worktree":
      return planNewWorktree(repo, settings, placement, request.thread_id);
    case "existing_worktree": {
      const worktree = await findWorktree(repo, placement);
      await requireUnheld(repo, settings, request, worktree);
      return { type: "existing_worktree", repo, worktree };
    }
  }
}

// Another open thread's worktree is its own: attaching it again would isolate nothing.
async function requireUnheld(
  repo: Repository,
  settings: Settings,
  request: CheckoutRequest,
  worktree: Worktree,
): Promise<void> {
  const holder = await worktreeHolder(repo, {
    worktreesDir: settings.worktreesDir,
    held: request.held ?? [],
    threadId: request.thread_id,
    path: worktree.path,
  });
  if (holder === null) return;
  const message = `${worktree.path} is the checkout of thread ${holder}, which is still open`;
  throw placementRefused("worktree_in_use", message, "placement.path");
}

async function planNewWorktree(
  repo: Repository,
  settings: Settings,
  placement: NewWorktree,
  threadId: string,
): Promise<Plan> {
  await requireIsolatable(repo);
  const base = await findBase(repo, placement);
  const fallback = `${settings.branchPrefix}${threadId}`;
  const branch = await newBranchName(repo, placement.branch, fallback);
  const taken = await conflictingBranch(repo, branch);
  if (taken !== null) {
    const message =
      taken === branch
        ? `branch ${branch} already exists`
        : `branch ${branch} cannot be made beside the existing branch ${taken}`;
    throw placementRefused("branch_exists", message, "placement.branch");
  }
  const directory = join(worktreesFolder(repo, settings.worktreesDir), threadId);
  const real = await realPathLoose(directory);
  const registered = (await listWorktrees(repo)).some((worktree) => worktree.path === real);
  if (registered || (await exists(directory))) {
    const message = `${directory} already exists or is a registered worktree`;
    throw placementRefused("path_exists", message);
  }
  return { type: "new_worktree", repo, base, branch, directory, threadId };
}

// The branch asked for, or the adapter's own name for the thread's branch (which only a
// prefix that does not end in / can spoil: `x.` and a thread id `lock`).
async function newBranchName(
  repo: Repository,
  asked: string | undefined,
  fallback: string,
): Promise<string> {
  const name = asked ?? fallback;
  const fault =
    branchNameFault(name) ??
    lengthFault(name) ??
    ((await isValidBranchName(repo, name)) ? null : "is not a branch name git accepts");
  if (fault === null) return name;
  if (asked === undefined) {
    const message = `the branch ${JSON.stringify(name)} (branch prefix + thread id) ${fault}`;
    throw placementRefused("invalid_thread_id", message, "thread_id");
  }
  const message = `placement.branch ${JSON.stringify(name)} ${fault}`;
  throw placementRefused("invalid_branch_name", message, "placement.branch");
}

async function prepared(git: RunGit, planned: Plan): Promise<Checkout> {
  switch (planned.type) {
    case "root": {
      const { root } = planned.repo;
      const [branch, commit] = await Promise.all([
        currentBranch(git, root),
        commitOf(git, root, "HEAD"),
      ]);
      return { mode: "shared", path: root, branch, commit };
    }
    case "existing_worktree": {
      const { path, branch } = planned.worktree;
      return { mode: "isolated", path, branch, commit: await commitOf(git, path, "HEAD") };
    }
    case "new_worktree":
      return addWorktree(planned);
  }
}

/**
 * The checkout adapter for a git repository at `options.root`. `root` grants the project
 * root itself (shared); `new_worktree` adds a worktree on a new branch; `existing_worktree`
 * attaches a registered linked worktree. Isolation is refused closed: a root that is not a
 * repository's top, a detached HEAD at the root and submodules are problems, never a fallback
 * to the shared root. A thread id that cannot name a worktree is `invalid_thread_id`, a
 * branch name git refuses `invalid_branch_name`; an `existing_worktree` that is another open
 * thread's checkout (`request.held`), by whatever path it is named, is `worktree_in_use`.
 */
export function gitCheckout(options: GitCheckoutOptions): CheckoutAdapter {
  const git = runGit(options.git ?? "git", options.timeoutMs ?? 120_000);
  const settings: Settings = {
    root: options.root,
    branchPrefix: options.branchPrefix ?? "aw/",
    worktreesDir: options.worktreesDir,
  };
  return {
    async check(placement, request): Promise<PlacementCheck> {
      try {
        await plan(git, settings, placement, request);
        return { ok: true };
      } catch (error) {
        if (isCheckoutError(error)) return { ok: false, problem: error.problem };
        throw error;
      }
    },
    async prepare(placement, request): Promise<Checkout> {
      return prepared(git, await plan(git, settings, placement, request));
    },
    async release(placement, checkout): Promise<void> {
      if (placement.type !== "new_worktree" || checkout.branch === null) return;
      const { root } = settings;
      const removed = await git(root, ["worktree", "remove", "--force", checkout.path]);
      if (removed.code !== 0) throw gitFailed("git worktree remove", removed);
      // Only if it still points where the worktree was made from.
      const ref = `refs/heads/${checkout.branch}`;
      const expected = checkout.commit === null ? [] : [checkout.commit];
      await git(root, ["update-ref", "-d", ref, ...expected]);
      // The worktrees folder too, if this was all it held.
      await rmdir(dirname(checkout.path)).catch(() => undefined);
    },
  };
}

/** The base commit of a local branch, or (not fetching yet) origin's branch of that name. */
async function findBase(repo: Repository, placement: NewWorktree): Promise<Base> {
  const name = placement.base_ref;
  const valid = await isValidBranchName(repo, name);
  if (placement.from_origin) {
    if (valid && (await originHasBranch(repo, name))) return { fromOrigin: true, name };
    throw placementRefused(
      "missing_origin_branch",
      `origin has no branch ${name}`,
      "placement.base_ref",
    );
  }
  const commit = valid ? await branchCommit(repo, name) : null;
  if (commit === null) {
    throw placementRefused(
      "missing_branch",
      `there is no local branch ${name}`,
      "placement.base_ref",
    );
  }
  return { fromOrigin: false, commit };
}

/** The registered linked worktree at the placement's path, on the branch it asks for. */
async function findWorktree(repo: Repository, placement: ExistingWorktree): Promise<Worktree> {
  await requireIsolatable(repo);
  const target = await realPathLoose(resolve(repo.root, placement.path));
  const worktrees = await listWorktrees(repo);
  if (target === repo.root || worktrees.some((w) => w.main && w.path === target)) {
    throw placementRefused(
      "main_worktree",
      `${placement.path} is the main working tree`,
      "placement.path",
    );
  }
  const worktree = worktrees.find((w) => !w.main && w.present && w.path === target);
  if (worktree === undefined) {
    throw placementRefused(
      "unregistered_worktree",
      `${placement.path} is not a worktree registered for ${repo.root}`,
      "placement.path",
    );
  }
  const wanted = placement.branch;
  if (wanted === undefined || worktree.branch === wanted) return worktree;
  const field = "placement.branch";
  if (!(await branchExists(repo, wanted))) {
    throw placementRefused("missing_branch", `there is no local branch ${wanted}`, field);
  }
  const holder = worktrees.find((w) => w !== worktree && w.branch === wanted);
  if (holder !== undefined) {
    throw placementRefused(
      "branch_checked_out_elsewhere",
      `branch ${wanted} is checked out in ${holder.path}`,
      field,
    );
  }
  const has = worktree.branch === null ? "a detached HEAD" : `branch ${worktree.branch}`;
  throw placementRefused("branch_mismatch", `${placement.path} has ${has}, not ${wanted}`, field);
}

/** Fetches origin's branch into `origin/<name>` and returns its commit. */
async function fetchBase(repo: Repository, name: string): Promise<string> {
  const refspec = `+refs/heads/${name}:refs/remotes/origin/${name}`;
  const fetched = await repo.git(repo.root, ["fetch", "origin", refspec]);
  if (fetched.code !== 0) throw gitFailed(`git fetch origin ${name}`, fetched);
  const commit = await commitOf(repo.git, repo.root, `refs/remotes/origin/${name}`);
  if (commit === null) {
    throw placementRefused(
      "missing_origin_branch",
      `origin has no branch ${name}`,
      "placement.base_ref",
    );
  }
  return commit;
}

/**
 * Creates the branch (only if absent, so a racing creator's branch is never touched) and the
 * worktree on it. On any failure, removes what it made before throwing.
 */
async function addWorktree(plan: Extract<Plan, { type: "new_worktree" }>): Promise<Checkout> {
  const { repo, branch, directory } = plan;
  const { git, root } = repo;
  const commit = plan.base.fromOrigin ? await fetchBase(repo, plan.base.name) : plan.base.commit;
  const ref = `refs/heads/${branch}`;
  const message = `checkout: branch for thread ${plan.threadId}`;
  const created = await git(root, ["update-ref", "-m", message, ref, commit, ""]);
  if (created.code !== 0) {
    if (await branchExists(repo, branch)) {
      throw placementRefused(
        "branch_exists",
        `branch ${branch} already exists`,
        "placement.branch",
      );
    }
    throw gitFailed(`creating branch ${branch}`, created);
  }

  // git makes missing parent folders; an empty one we caused goes too on failure.
  const parent = dirname(directory);
  const parentExisted = await exists(parent);
  const rollBack = async (): Promise<void> => {
    const real = await realPathLoose(directory);
    // A failing post-checkout hook fails the command but leaves the worktree registered.
    if ((await listWorktrees(repo)).some((worktree) => worktree.path === real)) {
      await git(root, ["worktree", "remove", "--force", directory]);
    }
    // Only if it still points where we set it.
    await git(root, ["update-ref", "-d", ref, commit]);
    if (!parentExisted) await rmdir(parent).catch(() => undefined);
  };

  const added = await git(root, ["worktree", "add", directory, branch]);
  if (added.code !== 0) {
    await rollBack();
    if (await exists(directory)) {
      throw placementRefused(
        "path_exists",
        `${directory} already exists or is a registered worktree`,
      );
    }
    throw gitFailed("git worktree add", added);
  }
  try {
    return { mode: "isolated", path: await realpath(directory), branch, commit };
  } catch (error) {
    await rollBack();
    throw error;
  }
}
