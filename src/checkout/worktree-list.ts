/** One entry of `git worktree list --porcelain -z`. */
interface WorktreeEntry {
  /** The path as git recorded it. */
  path: string;
  /** The checked-out commit; null for a bare entry or an unborn branch. */
  head: string | null;
  /** The full ref checked out (`refs/heads/…`); null when detached or bare. */
  ref: string | null;
  bare: boolean;
  /** Git knows its directory is gone. */
  prunable: boolean;
}

const NO_COMMIT = /^0+$/;

/**
 * Parses `git worktree list --porcelain -z`: NUL-terminated `key value` fields, an empty
 * field ending each entry. The first entry is the main working tree.
 */
export function parseWorktreeList(output: string): WorktreeEntry[] {
  const entries: WorktreeEntry[] = [];
  let current: WorktreeEntry | null = null;
  for (const field of output.split("\0")) {
    if (field === "") {
      if (current) entries.push(current);
      current = null;
      continue;
    }
    const space = field.indexOf(" ");
    const key = space === -1 ? field : field.slice(0, space);
    const value = space === -1 ? "" : field.slice(space + 1);
    if (key === "worktree") {
      if (current) entries.push(current);
      current = { path: value, head: null, ref: null, bare: false, prunable: false };
    } else if (current) {
      if (key === "HEAD") current.head = NO_COMMIT.test(value) ? null : value;
      else if (key === "branch") current.ref = value;
      else if (key === "bare") current.bare = true;
      else if (key === "prunable") current.prunable = true;
    }
  }
  if (current) entries.push(current);
  return entries;
}
