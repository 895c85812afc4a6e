import { basename, join, resolve } from "node:path";
import { worktreeNameFault } from "../launch/ref-names.ts";
import { type Repository, realPathLoose } from "./git-repository.ts";
import type { CheckoutHolder } from "./port.ts";

/**
 * The folder new worktrees go in, one folder per thread (`<worktreesDir>/<thread id>`):
 * `worktreesDir`, or `<root>/../<name of root>-worktrees`.
 */
export function worktreesFolder(repo: Repository, worktreesDir: string | undefined): string {
  return resolve(worktreesDir ?? join(repo.root, "..", `${basename(repo.root)}-worktrees`));
}

/**
 * The open thread, other than `threadId`, whose checkout is the worktree at `path` (a real
 * path), or null. A holder's folders are the worktree it was launched into (its placement's
 * path, resolved from the root through symlinks as now) and the one this adapter makes for
 * it in {@link worktreesFolder}, which a thread started from an offer gets too.
 */
export async function worktreeHolder(
  repo: Repository,
  options: {
    readonly worktreesDir: string | undefined;
    readonly held: readonly CheckoutHolder[];
    readonly threadId: string;
    readonly path: string;
  },
): Promise<string | null> {
  const { held, threadId, path } = options;
  const parent = await realPathLoose(worktreesFolder(repo, options.worktreesDir));
  for (const holder of held) {
    // The same thread again (a retry, a host re-attaching after a restart) holds nothing new.
    if (holder.thread_id === threadId) continue;
    // Only a name the adapter would make a folder of can be one of its folders.
    const made = worktreeNameFault(holder.thread_id) === null;
    if (made && join(parent, holder.thread_id) === path) return holder.thread_id;
    const placement = holder.placement;
    if (placement?.type !== "existing_worktree") continue;
    if ((await realPathLoose(resolve(repo.root, placement.path))) === path) {
      return holder.thread_id;
    }
  }
  return null;
}
