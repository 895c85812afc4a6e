import { describe, expect, it } from "vitest";
import { parseWorktreeList } from "../../src/checkout/worktree-list.ts";

describe("parseWorktreeList", () => {
  it("reads every kind of entry from NUL-separated porcelain output", () => {
    const sha = "a".repeat(40);
    const output = [
      ["worktree /repo", `HEAD ${sha}`, "branch refs/heads/main"],
      ["worktree /wt/line\nbreak", `HEAD ${sha}`, "detached", "locked"],
      [
        "worktree /wt/gone",
        `HEAD ${sha}`,
        "branch refs/heads/x",
        "prunable gitdir file points to non-existent location",
      ],
      ["worktree /wt/unborn", `HEAD ${"0".repeat(40)}`, "branch refs/heads/new"],
      ["worktree /bare.git", "bare"],
    ]
      .map((fields) => `${fields.join("\0")}\0\0`)
      .join("");
    expect(parseWorktreeList(output)).toEqual([
      { path: "/repo", head: sha, ref: "refs/heads/main", bare: false, prunable: false },
      { path: "/wt/line\nbreak", head: sha, ref: null, bare: false, prunable: false },
      { path: "/wt/gone", head: sha, ref: "refs/heads/x", bare: false, prunable: true },
      { path: "/wt/unborn", head: null, ref: "refs/heads/new", bare: false, prunable: false },
      { path: "/bare.git", head: null, ref: null, bare: true, prunable: false },
    ]);
  });

  it("reads nothing from empty output", () => {
    expect(parseWorktreeList("")).toEqual([]);
  });
});
