import { chmod, mkdir, realpath, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import {
  type CheckoutAdapter,
  type CheckoutRequest,
  isCheckoutError,
  type PlacementProblemReason,
} from "../../src/checkout/port.ts";
import { type Placement, PlacementSchema } from "../../src/model/placement.ts";
import {
  copyFixture,
  type Fixture,
  git,
  makeFixture,
  makeRepository,
  snapshot,
} from "./git-fixture.ts";

const place = (input: unknown): Placement => PlacementSchema.parse(input);
const root: Placement = { type: "root" };
const fromMain = place({ type: "new_worktree", base_ref: "main" });
const fromOriginMain = place({ type: "new_worktree", base_ref: "main", from_origin: true });
const request = { thread_id: "thr_1" };

/** `check` reports the problem and `prepare` throws a CheckoutError carrying the same one. */
async function expectRefused(
  adapter: CheckoutAdapter,
  placement: Placement,
  expected: { reason: PlacementProblemReason; field: string },
  asked: CheckoutRequest = request,
): Promise<void> {
  const verdict = await adapter.check(placement, asked);
  expect(verdict).toEqual({ ok: false, problem: { ...expected, message: expect.any(String) } });
  const thrown = await adapter.prepare(placement, asked).then(
    () => null,
    (error: unknown) => error,
  );
  expect(isCheckoutError(thrown)).toBe(true);
  expect(isCheckoutError(thrown) && thrown.problem).toEqual(verdict.problem);
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

let template: Fixture;
let fx: Fixture;
let adapter: CheckoutAdapter;
let localMain: string;
let originMain: string;

beforeAll(async () => {
  template = await makeFixture();
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  fx = await copyFixture(template);
  adapter = gitCheckout({ root: fx.root });
  localMain = await git(fx.root, "rev-parse", "refs/heads/main");
  originMain = await git(fx.origin, "rev-parse", "refs/heads/main");
});
afterEach(() => fx.cleanup());

describe("the fixture", () => {
  it("has origin's main ahead of the project's main", async () => {
    expect(localMain).not.toBe(originMain);
    expect(await git(fx.root, "rev-parse", "refs/remotes/origin/main")).toBe(localMain);
  });
});

describe("root", () => {
  it("grants the project root itself, shared, on its current branch", async () => {
    expect(await adapter.check(root, request)).toEqual({ ok: true });
    expect(await adapter.prepare(root, request)).toEqual({
      mode: "shared",
      path: await realpath(fx.root),
      branch: "main",
      commit: localMain,
    });
  });

  it("is granted on a detached HEAD, with no branch", async () => {
    await git(fx.root, "switch", "-q", "--detach", "feature");
    const feature = await git(fx.root, "rev-parse", "feature");
    expect(await adapter.prepare(root, request)).toEqual({
      mode: "shared",
      path: fx.root,
      branch: null,
      commit: feature,
    });
  });
});

describe("new_worktree", () => {
  it("adds a worktree on a new branch at the local base branch's commit", async () => {
    const before = await git(fx.root, "for-each-ref", "refs/remotes");
    expect(await adapter.check(fromMain, request)).toEqual({ ok: true });
    const directory = join(fx.defaultWorktrees, "thr_1");
    expect(await adapter.prepare(fromMain, request)).toEqual({
      mode: "isolated",
      path: directory,
      branch: "aw/thr_1",
      commit: localMain,
    });
    expect(await git(fx.root, "rev-parse", "refs/heads/aw/thr_1")).toBe(localMain);
    expect(await git(directory, "rev-parse", "HEAD")).toBe(localMain);
    expect(await git(directory, "symbolic-ref", "HEAD")).toBe("refs/heads/aw/thr_1");
    expect(await git(fx.root, "worktree", "list", "--porcelain")).toContain(
      `worktree ${directory}\nHEAD ${localMain}\nbranch refs/heads/aw/thr_1`,
    );
    expect(await isDirectory(join(directory, ".git"))).toBe(false); // a linked worktree's file
    expect(await stat(join(directory, "README.md")).then((s) => s.isFile())).toBe(true);
    // Local placements never touch origin.
    expect(await git(fx.root, "for-each-ref", "refs/remotes")).toBe(before);
  });

  it("uses the branch, worktrees folder and prefix it is given", async () => {
    const worktreesDir = join(fx.base, "elsewhere");
    const custom = gitCheckout({ root: fx.root, worktreesDir, branchPrefix: "agent/" });
    const fromFeature = place({ type: "new_worktree", base_ref: "feature" });
    const feature = await git(fx.root, "rev-parse", "feature");
    expect(await custom.prepare(fromFeature, { thread_id: "thr_2" })).toEqual({
      mode: "isolated",
      path: join(worktreesDir, "thr_2"),
      branch: "agent/thr_2",
      commit: feature,
    });
    const named = place({ type: "new_worktree", base_ref: "main", branch: "topic/x" });
    const checkout = await custom.prepare(named, { thread_id: "thr_3" });
    expect(checkout.branch).toBe("topic/x");
    expect(await git(join(worktreesDir, "thr_3"), "symbolic-ref", "--short", "HEAD")).toBe(
      "topic/x",
    );
  });

  it("with from_origin, fetches and starts at origin's branch", async () => {
    const remoteBefore = await git(fx.root, "rev-parse", "refs/remotes/origin/main");
    expect(await adapter.check(fromOriginMain, request)).toEqual({ ok: true });
    // check asked origin without fetching.
    expect(await git(fx.root, "rev-parse", "refs/remotes/origin/main")).toBe(remoteBefore);

    const checkout = await adapter.prepare(fromOriginMain, request);
    expect(checkout).toEqual({
      mode: "isolated",
      path: join(fx.defaultWorktrees, "thr_1"),
      branch: "aw/thr_1",
      commit: originMain,
    });
    expect(await git(fx.root, "rev-parse", "refs/remotes/origin/main")).toBe(originMain);
    expect(await git(checkout.path, "rev-parse", "HEAD")).toBe(originMain);
    expect(await stat(join(checkout.path, "two.txt")).then((s) => s.isFile())).toBe(true);
    // The local base branch is left where it was.
    expect(await git(fx.root, "rev-parse", "refs/heads/main")).toBe(localMain);
  });

  it("refuses a base that is not a local branch, changing nothing", async () => {
    const before = await snapshot(fx);
    for (const base_ref of ["nope", "origin/main", localMain]) {
      const placement = place({ type: "new_worktree", base_ref });
      await expectRefused(adapter, placement, {
        reason: "missing_branch",
        field: "placement.base_ref",
      });
    }
    expect(await snapshot(fx)).toEqual(before);
    expect(await isDirectory(fx.defaultWorktrees)).toBe(false);
  });

  it("refuses a base that cannot be a branch name as invalid_branch_name, changing nothing", async () => {
    const before = await snapshot(fx);
    for (const base_ref of ["main~1", "-x", "a..b", "@", "main^{commit}", "x.lock"]) {
      for (const from_origin of [false, true]) {
        const placement = place({ type: "new_worktree", base_ref, from_origin });
        await expectRefused(adapter, placement, {
          reason: "invalid_branch_name",
          field: "placement.base_ref",
        });
      }
    }
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses from_origin when origin has no such branch (feature is local only)", async () => {
    const before = await snapshot(fx);
    const placement = place({ type: "new_worktree", base_ref: "feature", from_origin: true });
    await expectRefused(adapter, placement, {
      reason: "missing_origin_branch",
      field: "placement.base_ref",
    });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("reports git_failed when origin cannot be asked", async () => {
    await git(fx.root, "remote", "remove", "origin");
    const before = await snapshot(fx);
    await expectRefused(adapter, fromOriginMain, { reason: "git_failed", field: "placement" });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses a branch that exists, including a second prepare for the same thread", async () => {
    const taken = place({ type: "new_worktree", base_ref: "main", branch: "feature" });
    await expectRefused(adapter, taken, { reason: "branch_exists", field: "placement.branch" });

    await adapter.prepare(fromMain, request);
    const before = await snapshot(fx);
    await expectRefused(adapter, fromMain, { reason: "branch_exists", field: "placement.branch" });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses a branch name git does not accept, or one too long for a file name", async () => {
    const long = `topic/${"a".repeat(241)}`;
    for (const branch of ["a..b", "-x", "HEAD", "@", "x.lock", "with space", "a@{1}", long]) {
      const placement = place({ type: "new_worktree", base_ref: "main", branch });
      await expectRefused(adapter, placement, {
        reason: "invalid_branch_name",
        field: "placement.branch",
      });
    }
  });

  it("refuses when the worktree folder is already there", async () => {
    await mkdir(join(fx.defaultWorktrees, "thr_1"), { recursive: true });
    const before = await snapshot(fx);
    await expectRefused(adapter, fromMain, { reason: "path_exists", field: "placement" });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("leaves nothing behind when git fails half way (a failing post-checkout hook)", async () => {
    const hook = join(fx.root, ".git", "hooks", "post-checkout");
    await writeFile(hook, "#!/bin/sh\nexit 1\n");
    await chmod(hook, 0o755);
    const before = await snapshot(fx);
    expect(await adapter.check(fromMain, request)).toEqual({ ok: true });
    const thrown = await adapter.prepare(fromMain, request).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isCheckoutError(thrown) && thrown.problem.reason).toBe("git_failed");
    expect(await snapshot(fx)).toEqual(before);
    expect(await isDirectory(fx.defaultWorktrees)).toBe(false);
  });

  it("refuses a branch that would sit in an existing one, or hold one, as branch_exists", async () => {
    await git(fx.root, "branch", "topic/x", "main");
    const before = await snapshot(fx);
    for (const branch of ["feature/x", "topic", "topic/x/y"]) {
      const placement = place({ type: "new_worktree", base_ref: "main", branch });
      await expectRefused(adapter, placement, {
        reason: "branch_exists",
        field: "placement.branch",
      });
    }
    expect(await snapshot(fx)).toEqual(before);
    // The default branch too: a branch `aw` leaves no room for `aw/<thread id>`.
    await git(fx.root, "branch", "aw", "main");
    await expectRefused(adapter, fromMain, { reason: "branch_exists", field: "placement.branch" });
    expect(await git(fx.root, "worktree", "list", "--porcelain")).not.toContain("thr_1");
    expect(await isDirectory(fx.defaultWorktrees)).toBe(false);
  });

  it("refuses a thread id that cannot name a worktree as invalid_thread_id, changing nothing", async () => {
    const before = await snapshot(fx);
    const ids = ["../escape", "a/b", ".", "", "a..b", "x.lock", "x.", "-x", "a b", "é", "HEAD"];
    for (const thread_id of [...ids, "a".repeat(241)]) {
      await expectRefused(
        adapter,
        fromMain,
        { reason: "invalid_thread_id", field: "thread_id" },
        { thread_id },
      );
    }
    expect(await snapshot(fx)).toEqual(before);
    expect(await isDirectory(fx.defaultWorktrees)).toBe(false);
  });

  it("refuses a thread id whose default branch the prefix spoils, as invalid_thread_id", async () => {
    const spoiling = gitCheckout({ root: fx.root, branchPrefix: "x." });
    const before = await snapshot(fx);
    // `x.` + `lock` ends with .lock; a branch asked for by name does not need the id.
    await expectRefused(
      spoiling,
      fromMain,
      { reason: "invalid_thread_id", field: "thread_id" },
      { thread_id: "lock" },
    );
    expect(await snapshot(fx)).toEqual(before);
    const named = place({ type: "new_worktree", base_ref: "main", branch: "topic/lock" });
    expect(await spoiling.check(named, { thread_id: "lock" })).toEqual({ ok: true });
  });
});

describe("existing_worktree", () => {
  let linked: string;
  beforeEach(async () => {
    linked = join(fx.base, "linked tree");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
  });

  it("attaches a registered linked worktree, by its real path", async () => {
    const link = join(fx.base, "link-to-linked");
    await symlink(linked, link);
    const feature = await git(fx.root, "rev-parse", "feature");
    for (const path of [linked, link, "../linked tree"]) {
      for (const placement of [
        place({ type: "existing_worktree", path }),
        place({ type: "existing_worktree", path, branch: "feature" }),
      ]) {
        expect(await adapter.check(placement, request)).toEqual({ ok: true });
        expect(await adapter.prepare(placement, request)).toEqual({
          mode: "isolated",
          path: linked,
          branch: "feature",
          commit: feature,
        });
      }
    }
  });

  it("attaches a detached worktree when no branch is asked for", async () => {
    await git(linked, "switch", "-q", "--detach", "HEAD~1");
    const commit = await git(linked, "rev-parse", "HEAD");
    const placement = place({ type: "existing_worktree", path: linked });
    expect(await adapter.prepare(placement, request)).toEqual({
      mode: "isolated",
      path: linked,
      branch: null,
      commit,
    });
  });

  it("refuses a folder that is not a registered worktree", async () => {
    const plain = join(fx.base, "plain");
    await mkdir(plain);
    const before = await snapshot(fx);
    for (const path of [plain, join(fx.base, "missing"), join(linked, "sub"), fx.base]) {
      await expectRefused(adapter, place({ type: "existing_worktree", path }), {
        reason: "unregistered_worktree",
        field: "placement.path",
      });
    }
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses a worktree of another repository", async () => {
    const other = await makeRepository(join(fx.base, "other"));
    const otherLinked = join(fx.base, "other-linked");
    await git(other, "worktree", "add", "-q", "-b", "x", otherLinked);
    await expectRefused(adapter, place({ type: "existing_worktree", path: otherLinked }), {
      reason: "unregistered_worktree",
      field: "placement.path",
    });
  });

  it("refuses the main working tree", async () => {
    for (const path of [fx.root, ".", `${fx.root}/`]) {
      await expectRefused(adapter, place({ type: "existing_worktree", path }), {
        reason: "main_worktree",
        field: "placement.path",
      });
    }
  });

  it("refuses a branch checked out in another worktree", async () => {
    const placement = place({ type: "existing_worktree", path: linked, branch: "main" });
    await expectRefused(adapter, placement, {
      reason: "branch_checked_out_elsewhere",
      field: "placement.branch",
    });
  });

  it("refuses a branch that does not exist, or is not the one checked out there", async () => {
    await expectRefused(adapter, place({ type: "existing_worktree", path: linked, branch: "x" }), {
      reason: "missing_branch",
      field: "placement.branch",
    });
    await git(fx.root, "branch", "idle", "main");
    const idle = place({ type: "existing_worktree", path: linked, branch: "idle" });
    await expectRefused(adapter, idle, { reason: "branch_mismatch", field: "placement.branch" });
    // Nothing was switched.
    expect(await git(linked, "symbolic-ref", "--short", "HEAD")).toBe("feature");
  });
});

describe("an existing worktree another open thread holds", () => {
  let linked: string;
  let link: string;
  beforeEach(async () => {
    linked = join(fx.base, "linked tree");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
    link = join(fx.base, "link-to-linked");
    await symlink(linked, link);
  });
  const attach = (path: string): Placement => place({ type: "existing_worktree", path });
  const inUse = { reason: "worktree_in_use", field: "placement.path" } as const;

  it("is worktree_in_use however either thread names it: path, ../ or symlink", async () => {
    const before = await snapshot(fx);
    const names = [linked, link, `${fx.root}/../linked tree/`];
    const verdicts = [];
    for (const recorded of names) {
      const held = [{ thread_id: "thr_holder", placement: attach(recorded) }];
      for (const path of names) {
        verdicts.push(await adapter.check(attach(path), { thread_id: "thr_1", held }));
      }
    }
    expect(verdicts).toEqual(
      names.flatMap(() =>
        names.map(() => ({ ok: false, problem: { ...inUse, message: expect.any(String) } })),
      ),
    );
    // prepare refuses the same, also when the branch asked for is the one checked out there.
    const held = [{ thread_id: "thr_holder", placement: attach("../linked tree") }];
    const withBranch = place({ type: "existing_worktree", path: link, branch: "feature" });
    await expectRefused(adapter, withBranch, inUse, { thread_id: "thr_1", held });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("is worktree_in_use when it is the worktree the adapter made for an open thread", async () => {
    const worktreesDir = join(fx.base, "trees");
    await mkdir(worktreesDir);
    await symlink(worktreesDir, join(fx.base, "trees-link"));
    // Configured through a symlink: the folder it made is still recognised by its real path.
    const custom = gitCheckout({ root: fx.root, worktreesDir: join(fx.base, "trees-link") });
    const made = await custom.prepare(fromMain, { thread_id: "thr_made" });
    expect(made.path).toBe(join(worktreesDir, "thr_made"));
    // Launched into a new worktree, or started from an offer (no launch placement).
    for (const placement of [fromMain, null]) {
      const held = [{ thread_id: "thr_made", placement }];
      for (const path of [made.path, join(fx.base, "trees-link", "thr_made")]) {
        await expectRefused(custom, attach(path), inUse, { thread_id: "thr_1", held });
      }
    }
  });

  it("is granted again to the thread that holds it (a retry)", async () => {
    const held = [{ thread_id: "thr_1", placement: attach(linked) }];
    expect(await adapter.check(attach(link), { thread_id: "thr_1", held })).toEqual({ ok: true });
    const checkout = await adapter.prepare(attach(link), { thread_id: "thr_1", held });
    expect(checkout).toMatchObject({ mode: "isolated", path: linked, branch: "feature" });
  });

  it("is granted when no open thread holds it", async () => {
    const held = [
      { thread_id: "thr_other", placement: attach(join(fx.base, "elsewhere")) },
      { thread_id: "thr_root", placement: root },
      { thread_id: "thr_new", placement: fromMain },
      // An id the adapter never makes a folder of, though joined to its folder it would name
      // the linked tree.
      { thread_id: "../linked tree", placement: null },
    ];
    expect(await adapter.check(attach(linked), { thread_id: "thr_1", held })).toEqual({
      ok: true,
    });
    expect(await adapter.check(attach(linked), { thread_id: "thr_1" })).toEqual({ ok: true });
  });

  it("refuses a branch name git does not accept before looking further", async () => {
    const placement = place({ type: "existing_worktree", path: linked, branch: "a..b" });
    await expectRefused(adapter, placement, {
      reason: "invalid_branch_name",
      field: "placement.branch",
    });
  });
});

describe("refusing closed", () => {
  const isolated = (linked: string): Placement[] => [
    fromMain,
    fromOriginMain,
    place({ type: "existing_worktree", path: linked }),
  ];

  it("refuses every placement in a folder that is not a git repository", async () => {
    const plain = join(fx.base, "plain");
    await mkdir(plain);
    const inPlain = gitCheckout({ root: plain });
    const before = await snapshot(fx);
    for (const placement of [root, ...isolated(join(fx.base, "x"))]) {
      await expectRefused(inPlain, placement, { reason: "not_a_repository", field: "placement" });
    }
    const missing = gitCheckout({ root: join(fx.base, "missing") });
    await expectRefused(missing, fromMain, { reason: "not_a_repository", field: "placement" });
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses a folder inside a repository that is not its root", async () => {
    const sub = join(fx.root, "sub");
    await mkdir(sub);
    const inSub = gitCheckout({ root: sub });
    const before = await snapshot(fx);
    for (const placement of [root, fromMain]) {
      await expectRefused(inSub, placement, { reason: "not_a_repository", field: "placement" });
    }
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses isolation when the root has a detached HEAD", async () => {
    const linked = join(fx.base, "linked");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
    await git(fx.root, "switch", "-q", "--detach", "main");
    const before = await snapshot(fx);
    for (const placement of isolated(linked)) {
      await expectRefused(adapter, placement, { reason: "detached_head", field: "placement" });
    }
    expect(await snapshot(fx)).toEqual(before);
  });

  it("refuses isolation in a repository with submodules", async () => {
    const lib = await makeRepository(join(fx.base, "lib"));
    await git(fx.root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "lib");
    await git(fx.root, "commit", "-q", "-m", "add lib");
    const before = await snapshot(fx);
    for (const placement of isolated(join(fx.base, "x"))) {
      await expectRefused(adapter, placement, { reason: "submodules", field: "placement" });
    }
    expect(await snapshot(fx)).toEqual(before);
    expect((await adapter.prepare(root, request)).mode).toBe("shared");
  });

  it("refuses isolation with a submodule that has no .gitmodules entry", async () => {
    const head = await git(fx.root, "rev-parse", "HEAD");
    await git(fx.root, "update-index", "--add", "--cacheinfo", `160000,${head},vendored`);
    const before = await snapshot(fx);
    await expectRefused(adapter, fromMain, { reason: "submodules", field: "placement" });
    expect(await snapshot(fx)).toEqual(before);
  });
});
