import { statSync } from "node:fs";
import { resolve } from "node:path";
import { WorkspaceError } from "../../model/errors.ts";

// SQLite's names for databases that are not files at a path.
const NOT_A_FILE = new Set([":memory:", ""]);

/** Which file a path names: its device and inode, or `null` when there is none. */
function identity(path: string): string | null {
  try {
    const { dev, ino } = statSync(path, { bigint: true });
    return `${dev}:${ino}`;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new WorkspaceError(
      "store_unavailable",
      `sqlite store ${path}: cannot tell which file it is (${String(error)})`,
      { cause: error },
    );
  }
}

/** The file a store opened, kept to tell whether its path still names it. */
export interface OpenedFile {
  /**
   * Throws once the path no longer names the file opened (deleted, or replaced by another):
   * writes would go to a file nobody opening the path sees. Once thrown, it always throws.
   *
   * @throws WorkspaceError `store_replaced`.
   */
  check(): void;
  /**
   * Throws if a {@link check} has already found the path not naming the file opened; no `stat`.
   *
   * @throws WorkspaceError `store_replaced`.
   */
  checked(): void;
}

/** Remembers the file the path `given` names now (one `stat`; each `check` is one more). */
export function openedFile(given: string): OpenedFile {
  if (NOT_A_FILE.has(given)) return { check() {}, checked() {} };
  // Resolved now, as SQLite resolved it on open: a later chdir must not look elsewhere.
  const path = resolve(given);
  const opened = identity(path);
  let replaced = false;
  const checked = () => {
    if (replaced) {
      throw new WorkspaceError(
        "store_replaced",
        `sqlite store ${path}: the file was deleted or replaced while the store had it ` +
          "open; it takes no more writes (open the store again to use the file there now)",
      );
    }
  };
  return {
    check() {
      if (!replaced) {
        const now = identity(path);
        replaced = now === null || now !== opened;
      }
      checked();
    },
    checked,
  };
}
