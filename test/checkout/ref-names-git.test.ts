// The launch rules' branch name check, against git itself: whatever the rules accept git
// accepts (so no checkout is handed a name git refuses), and whatever git accepts the rules
// accept, but for the two refusals of their own (`@` alone, C1 control characters).
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchNameFault } from "../../src/launch/ref-names.ts";

let outside: string;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), "aw-refnames-"));
});
afterAll(() => rm(outside, { recursive: true, force: true }));

/** Whether `git check-ref-format --branch` accepts the name (run outside any repository). */
function gitAccepts(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile("git", ["check-ref-format", "--branch", name], { cwd: outside }, (error) =>
      resolve(error === null),
    );
  });
}

// Pieces that meet every rule, so short strings of them hit each one often.
const PIECES = [
  "a",
  "b",
  "é",
  "ß",
  ".",
  "..",
  "/",
  "-",
  "@",
  "{",
  "}",
  "@{",
  ".lock",
  "lock",
  "HEAD",
  " ",
  "~",
  "^",
  ":",
  "?",
  "*",
  "[",
  "]",
  "\\",
  "\t",
  "\u007f",
  "\u0085",
  "\u00a0",
  "!",
  '"',
  "#",
];

const names = fc.oneof(
  fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
);

// Names a process argument can carry as written: no NUL, no lone surrogate.
const passable = (name: string): boolean =>
  !name.includes("\u0000") && (name as unknown as { isWellFormed(): boolean }).isWellFormed();

describe("branchNameFault agrees with git check-ref-format --branch", () => {
  it("on the names git is known to refuse or accept", async () => {
    for (const name of ["a..b", "x.lock", "x.", "-x", "a b", "a@{b", "HEAD", ".a", "a//b"]) {
      expect([name, await gitAccepts(name)]).toEqual([name, false]);
      expect(branchNameFault(name)).not.toBeNull();
    }
    for (const name of ["main", "a./b", "x/@", "{", "é"]) {
      expect([name, await gitAccepts(name)]).toEqual([name, true]);
      expect(branchNameFault(name)).toBeNull();
    }
    // Refused by the rules only: `@` is HEAD wherever a revision is read.
    expect(await gitAccepts("@")).toBe(true);
    expect(branchNameFault("@")).not.toBeNull();
  });

  it("on arbitrary names", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(names.filter(passable), async (name) => {
        const ours = branchNameFault(name) === null;
        const git = await gitAccepts(name);
        // Accepted by the rules: git accepts it too.
        if (ours) expect({ name, git }).toEqual({ name, git: true });
        // Refused by the rules: git refuses it too, unless it is one of their own refusals.
        else if (name !== "@" && !/[\u0080-\u009f]/u.test(name)) {
          expect({ name, git }).toEqual({ name, git: false });
        }
      }),
      { numRuns: 100 },
    );
  });
});
