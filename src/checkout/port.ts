import type { CheckoutMode, Placement } from "../model/placement.ts";

/**
 * Codes of {@link PlacementProblem}: why a placement cannot be granted. A closed set, so
 * callers switch on the code, never on the message.
 */
const PLACEMENT_PROBLEM_REASONS = {
  /** The named local branch does not exist. */
  missing_branch: "missing_branch",
  /** `from_origin` was asked for and origin has no such branch. */
  missing_origin_branch: "missing_origin_branch",
  /** The new branch's name is already taken. */
  branch_exists: "branch_exists",
  /** The branch is checked out in another worktree, and git allows one checkout per branch. */
  branch_checked_out_elsewhere: "branch_checked_out_elsewhere",
  /** The existing worktree is on another branch than the one asked for. */
  branch_mismatch: "branch_mismatch",
  /** The branch name is not one git accepts. */
  invalid_branch_name: "invalid_branch_name",
  /** The thread id cannot name the new worktree's folder and branch. */
  invalid_thread_id: "invalid_thread_id",
  /** The worktree is the checkout of another thread that is still open. */
  worktree_in_use: "worktree_in_use",
  /** The path is not a worktree registered for this repository. */
  unregistered_worktree: "unregistered_worktree",
  /** The path is the repository's main working tree, which is never isolated. */
  main_worktree: "main_worktree",
  /** Something is already at the new worktree's directory (or git still has it registered). */
  path_exists: "path_exists",
  /** The project root is not the root of a git repository. */
  not_a_repository: "not_a_repository",
  /** The project root has no branch checked out, so there is nothing safe to branch from. */
  detached_head: "detached_head",
  /** The repository has submodules, which worktrees do not isolate. */
  submodules: "submodules",
  /** This adapter cannot grant this kind of placement at all. */
  invalid_placement: "invalid_placement",
  /** git itself failed in a way the other codes do not name (origin unreachable, a lock). */
  git_failed: "git_failed",
} as const;

/** One of the stable {@link PLACEMENT_PROBLEM_REASONS}. */
export type PlacementProblemReason = keyof typeof PLACEMENT_PROBLEM_REASONS;

/**
 * Why a placement was refused. `field` is the dotted path of the launch request field at
 * fault (`placement.base_ref`, `placement.branch`, `placement.path`), or `placement` when the
 * repository itself is the problem.
 */
export type PlacementProblem = {
  field: string;
  reason: PlacementProblemReason;
  message: string;
};

/** The verdict of {@link CheckoutAdapter.check}: fine, or the first problem found. */
export type PlacementCheck =
  | { ok: true; problem?: never }
  | { ok: false; problem: PlacementProblem };

/**
 * A checkout a thread may work in. `branch` is null on a detached HEAD (or a plain folder);
 * `commit` is null when there is no commit (a plain folder, or a branch not born yet).
 */
export interface Checkout {
  mode: CheckoutMode;
  /** The real path of the checkout's top directory (symlinks resolved). */
  path: string;
  branch: string | null;
  commit: string | null;
}

/**
 * A thread that may hold a checkout: an open thread, with the placement it was launched with
 * (`null` when it was not launched, say started from an offer). Adapters work out from it
 * which folder the thread works in, as they would have made or attached it.
 */
export interface CheckoutHolder {
  readonly thread_id: string;
  readonly placement: Placement | null;
}

/**
 * What a checkout is for: the thread, and the threads that may already hold checkouts
 * (`held`), so an adapter never grants one thread's worktree to another as isolated.
 */
export interface CheckoutRequest {
  readonly thread_id: string;
  /**
   * The open threads (`launchThread` lists them all). One with this request's `thread_id` is
   * this thread itself and holds nothing against it; left out, no worktree counts as held.
   */
  readonly held?: readonly CheckoutHolder[];
}

/**
 * The checkout port: turns a placement into a directory a thread works in. Adapters refuse
 * closed: when isolation is asked for and cannot be had, they report a problem and never fall
 * back to a shared checkout.
 */
export interface CheckoutAdapter {
  /** Read-only: validates a placement without changing anything on disk. */
  check(placement: Placement, request: CheckoutRequest): Promise<PlacementCheck>;
  /**
   * Creates or attaches the checkout. Throws {@link CheckoutError} when it cannot (and leaves
   * nothing half-made).
   */
  prepare(placement: Placement, request: CheckoutRequest): Promise<Checkout>;
  /**
   * Undoes a `prepare` whose launch did not go through: removes what it made for the thread
   * (a new worktree and its branch), and leaves alone what it only attached or shared.
   */
  release(placement: Placement, checkout: Checkout): Promise<void>;
}

/**
 * Thrown by {@link CheckoutAdapter.prepare} when the placement cannot be granted; `problem` is
 * what `check` would have reported. Recognise it with {@link isCheckoutError}.
 */
export class CheckoutError extends Error {
  /** What was wrong, with the request field at fault. */
  readonly problem: PlacementProblem;

  /** Creates an error carrying the problem; its message is the problem's. */
  constructor(problem: PlacementProblem) {
    super(problem.message);
    this.name = "CheckoutError";
    this.problem = problem;
  }
}

/** True for {@link CheckoutError}s, across bundle copies (checks the shape, not `instanceof`). */
export function isCheckoutError(error: unknown): error is CheckoutError {
  if (!(error instanceof Error) || error.name !== "CheckoutError") return false;
  const problem = (error as { problem?: unknown }).problem;
  return (
    typeof problem === "object" &&
    problem !== null &&
    Object.hasOwn(PLACEMENT_PROBLEM_REASONS, String((problem as { reason?: unknown }).reason))
  );
}

/** Builds a problem; a small helper so adapters read as a list of refusals. */
export function placementProblem(
  reason: PlacementProblemReason,
  field: string,
  message: string,
): PlacementProblem {
  return { reason, field, message };
}
