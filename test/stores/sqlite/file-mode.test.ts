// A SQLite file the store creates is its owner's alone (0600, and so its -wal and -shm):
// whoever can write it can answer as anyone in it. Another user of the machine cannot read
// it; a file that exists keeps the mode its owner gave it.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { appEvent, batch, envelope } from "../../../src/testing/suite-records.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { dir } = tempFiles("file-mode");
const mode = (path: string) => statSync(path).mode & 0o777;

/** Whether the OS user `nobody` can read `path`; `null` when it cannot be asked. */
function nobodyReads(path: string): boolean | null {
  try {
    execFileSync("runuser", ["-u", "nobody", "--", "cat", path], { stdio: "ignore" });
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    return status === 1 ? false : null;
  }
}

describe("sqlite store: the file's mode", () => {
  it("creates the file and its sidecars 0600, unreadable by another user", async (context) => {
    // Folders another user may walk through: only the file's own mode keeps them out.
    chmodSync(dir, 0o755);
    const open = join(dir, "open");
    mkdirSync(open);
    chmodSync(open, 0o755);
    const path = join(open, "team.db");
    const store = sqliteStore({ path });
    await store.append("w", 0, batch({ envelopes: [envelope("w", 1, appEvent(1))] }));
    try {
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file), file).toBe(0o600);
      const reads = nobodyReads(path);
      if (reads === null) return context.skip("needs runuser as root");
      expect(reads).toBe(false);
    } finally {
      await store.close();
    }
  });

  it("leaves the mode of a file that exists as it is", async () => {
    const path = join(dir, "shared.db");
    writeFileSync(path, "");
    chmodSync(path, 0o640);
    const store = sqliteStore({ path });
    await store.close();
    expect(mode(path)).toBe(0o640);
  });
});
