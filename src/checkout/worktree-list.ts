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

/** Records on `entry` what one of its `key value` fields says. */
function readField(entry: WorktreeEntry, key: string, value: string): void {
  if (key === "HEAD") entry.head = NO_COMMIT.test(value) ? null : value;
  else if (key === "branch") entry.ref = value;
  else if (key === "bare") entry.bare = true;
  else if (key === "prunable") entry.prunable = true;
}

/**
 * Parses `git worktree list --porcelain -z`: NUL-terminated `key value` fields, an empty
 * field ending each entry. The first entry is the main working tree.
 */
export function parseWorktreeList(output: string): WorktreeEntry[] {
  const entries: WorktreeEntry[] = [];
  let current: WorktreeEntry | null = null;
  for (const field of output.split("\0")) {
    const space = field.indexOf(" ");
    const key = space === -1 ? field : field.slice(0, space);
    const value = space === -1 ? "" : field.slice(space + 1);
    // An empty field ends the entry; a `worktree` field starts the next one.
    if (field === "" || key === "worktree") {
      if (current) entries.push(current);
      current =
        key === "worktree"
          ? { path: value, head: null, ref: null, bare: false, prunable: false }
          : null;
    } else if (current) readField(current, key, value);
  }
  if (current) entries.push(current);
  return entries;
}
