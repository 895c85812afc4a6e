import type { Placement } from "../model/placement.ts";
import { branchNameFault, lengthFault, worktreeNameFault } from "./ref-names.ts";

/** A name of a launch git would refuse: the field, a stable reason, and what is wrong. */
interface NameProblem {
  readonly field: "thread_id" | "placement.base_ref" | "placement.branch";
  readonly reason: "invalid_thread_id" | "invalid_branch_name";
  readonly message: string;
}

// The problem with a name, saying which field, what was given and what is wrong with it.
function badName(
  field: NameProblem["field"],
  reason: NameProblem["reason"],
  name: string,
  fault: string,
): NameProblem {
  return { field, reason, message: `${field} ${JSON.stringify(name)} ${fault}` };
}

/**
 * The first name a placement hands to git that git would refuse, or null: a new worktree's
 * thread id (its folder and the end of its default branch; `invalid_thread_id` on
 * `thread_id`), then the branch names asked for (`invalid_branch_name` on
 * `placement.base_ref`, then `placement.branch`). A new branch must also fit a file name.
 * The root hands git no name, and an existing worktree only its branch.
 */
export function placementNameProblem(placement: Placement, threadId: string): NameProblem | null {
  if (placement.type === "root") return null;
  if (placement.type === "new_worktree") {
    const id = worktreeNameFault(threadId);
    if (id !== null) return badName("thread_id", "invalid_thread_id", threadId, id);
    const base = branchNameFault(placement.base_ref);
    if (base !== null) {
      return badName("placement.base_ref", "invalid_branch_name", placement.base_ref, base);
    }
  }
  const { branch } = placement;
  if (branch === undefined) return null;
  const fault =
    branchNameFault(branch) ?? (placement.type === "new_worktree" ? lengthFault(branch) : null);
  return fault === null ? null : badName("placement.branch", "invalid_branch_name", branch, fault);
}
