import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import type { CheckoutAdapter } from "../../src/checkout/port.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  type DispatchRequest,
  type LaunchPorts,
  type LaunchRequest,
  launchThread,
} from "../../src/host/launch-thread.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { copyFixture, type Fixture, git, makeFixture, snapshot } from "../checkout/git-fixture.ts";

const alice = { kind: "user", id: "alice" } as const;
const agentOf = (threadId: string): ActorInput => ({
  kind: "agent",
  thread_id: threadId,
  run_id: "run_1",
});
const sourceAgent = agentOf("thr_src");

/** The checkout adapter with every call recorded, so a test can say git was never asked. */
function recording(adapter: CheckoutAdapter): CheckoutAdapter & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    check(placement, request) {
      calls.push(`check ${placement.type}`);
      return adapter.check(placement, request);
    },
    prepare(placement, request) {
      calls.push(`prepare ${placement.type}`);
      return adapter.prepare(placement, request);
    },
    release(placement, checkout) {
      calls.push(`release ${placement.type}`);
      return adapter.release(placement, checkout);
    },
  };
}

let template: Fixture;
let fx: Fixture;
let workspace: Workspace;
let adapter: CheckoutAdapter & { calls: string[] };
let dispatched: DispatchRequest[];
let ports: LaunchPorts;
let localMain: string;
let originMain: string;

beforeAll(async () => {
  template = await makeFixture();
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  fx = await copyFixture(template);
  workspace = createWorkspace({ registry: fixtureRegistry(), newId: sequentialIds() });
  const created = await workspace.commit(
    { type: "create_thread", thread_id: "thr_src", title: "Source" },
    alice,
  );
  expect(created.ok).toBe(true);
  adapter = recording(gitCheckout({ root: fx.root }));
  dispatched = [];
  ports = {
    checkout: adapter,
    dispatch: async (request) => {
      dispatched.push(request);
    },
  };
  localMain = await git(fx.root, "rev-parse", "refs/heads/main");
  originMain = await git(fx.origin, "rev-parse", "refs/heads/main");
});
afterEach(() => fx.cleanup());

const ask = (fields: Partial<LaunchRequest> = {}): LaunchRequest => ({
  source_thread_id: "thr_src",
  thread_id: "thr_new",
  message_id: "msg_new",
  title: "Fix the flaky test",
  prompt: "Find out why test X fails one run in ten, and fix it.",
  ...fields,
});

/** The events written after log position `after`, by type and thread. */
async function eventsAfter(after: number): Promise<{ type: string; thread_id: unknown }[]> {
  return (await workspace.log({ after })).map(({ event }) => ({
    type: event.type,
    thread_id: "thread_id" in event ? event.thread_id : null,
  }));
}

/** The prompt posted to a thread, read back from the log. */
async function promptOf(threadId: string): Promise<unknown> {
  const posted = (await workspace.log()).find(
    ({ event }) => event.type === "message_posted" && event.thread_id === threadId,
  );
  return posted?.event.type === "message_posted" ? posted.event.content : undefined;
}

describe("placements", () => {
  it("makes a new worktree at the local branch's commit and dispatches once with it", async () => {
    const head = await workspace.head();
    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: ports,
    });

    const path = join(fx.defaultWorktrees, "thr_new");
    const checkout = { mode: "isolated", path, branch: "aw/thr_new", commit: localMain };
    expect(result).toEqual({
      ok: true,
      thread_id: "thr_new",
      message_id: "msg_new",
      checkout,
    });
    expect(await git(path, "rev-parse", "HEAD")).toBe(localMain);
    expect(localMain).not.toBe(originMain);
    expect(dispatched).toEqual([{ thread_id: "thr_new", message_id: "msg_new", checkout }]);
    expect(adapter.calls).toEqual(["check new_worktree", "prepare new_worktree"]);
    expect(await eventsAfter(head)).toEqual([
      { type: "thread_created", thread_id: "thr_new" },
      { type: "thread_launched", thread_id: "thr_new" },
      { type: "message_posted", thread_id: "thr_new" },
    ]);
    const thread = await workspace.thread("thr_new");
    expect(thread?.launch).toEqual({
      source_thread_id: "thr_src",
      placement: { type: "new_worktree", base_ref: "main", from_origin: false },
    });
    expect(thread?.proposed_by).toBeNull();
  });

  it("makes a new worktree at origin's commit when asked to start from origin", async () => {
    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main", from_origin: true } }),
      actor: sourceAgent,
      ports: ports,
    });

    const path = join(fx.defaultWorktrees, "thr_new");
    expect(result).toMatchObject({
      ok: true,
      checkout: { mode: "isolated", path, commit: originMain },
    });
    expect(await git(path, "rev-parse", "HEAD")).toBe(originMain);
    expect(await git(fx.root, "rev-parse", "refs/heads/main")).toBe(localMain);
    expect(dispatched.map((d) => d.checkout.path)).toEqual([path]);
  });

  it("attaches a registered worktree as it is", async () => {
    const linked = join(fx.base, "linked");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
    const feature = await git(fx.root, "rev-parse", "refs/heads/feature");
    const worktreesBefore = await git(fx.root, "worktree", "list", "--porcelain");

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "existing_worktree", path: linked, branch: "feature" } }),
      actor: sourceAgent,
      ports: ports,
    });

    const checkout = { mode: "isolated", path: linked, branch: "feature", commit: feature };
    expect(result).toEqual({
      ok: true,
      thread_id: "thr_new",
      message_id: "msg_new",
      checkout,
    });
    expect(dispatched).toEqual([{ thread_id: "thr_new", message_id: "msg_new", checkout }]);
    expect(await git(fx.root, "worktree", "list", "--porcelain")).toBe(worktreesBefore);
  });

  it("shares the project root when the placement is left out", async () => {
    const before = await snapshot(fx);
    const result = await launchThread(workspace, {
      request: ask(),
      actor: sourceAgent,
      ports: ports,
    });

    const checkout = { mode: "shared", path: fx.root, branch: "main", commit: localMain };
    expect(result).toEqual({
      ok: true,
      thread_id: "thr_new",
      message_id: "msg_new",
      checkout,
    });
    expect(dispatched).toEqual([{ thread_id: "thr_new", message_id: "msg_new", checkout }]);
    expect((await workspace.thread("thr_new"))?.launch?.placement).toEqual({ type: "root" });
    expect(await snapshot(fx)).toEqual(before);
  });
});

describe("a placement the adapter refuses is invalid_placement, and nothing is written", () => {
  let linked: string;
  beforeEach(async () => {
    linked = join(fx.base, "linked");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
    await mkdir(join(fx.base, "elsewhere"));
  });

  const cases: {
    name: string;
    placement: () => LaunchRequest["placement"];
    field: string;
    reason: string;
  }[] = [
    {
      name: "a local branch that does not exist",
      placement: () => ({ type: "new_worktree", base_ref: "nope" }),
      field: "placement.base_ref",
      reason: "missing_branch",
    },
    {
      name: "a branch origin does not have",
      placement: () => ({ type: "new_worktree", base_ref: "feature", from_origin: true }),
      field: "placement.base_ref",
      reason: "missing_origin_branch",
    },
    {
      name: "a directory that is not a registered worktree",
      placement: () => ({ type: "existing_worktree", path: join(fx.base, "elsewhere") }),
      field: "placement.path",
      reason: "unregistered_worktree",
    },
    {
      name: "the repository root as an existing worktree",
      placement: () => ({ type: "existing_worktree", path: fx.root }),
      field: "placement.path",
      reason: "main_worktree",
    },
    {
      name: "a branch checked out in another worktree",
      placement: () => ({ type: "existing_worktree", path: linked, branch: "main" }),
      field: "placement.branch",
      reason: "branch_checked_out_elsewhere",
    },
  ];

  it.each(cases)("$name", async ({ placement, field, reason }) => {
    const head = await workspace.head();
    const before = await snapshot(fx);
    const worktrees = await git(fx.root, "worktree", "list", "--porcelain");

    const result = await launchThread(workspace, {
      request: ask({ placement: placement() }),
      actor: sourceAgent,
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: { type: "invalid_placement", field, reason, message: expect.any(String) },
    });
    expect(await workspace.head()).toBe(head);
    expect(await workspace.thread("thr_new")).toBeNull();
    expect(await git(fx.root, "worktree", "list", "--porcelain")).toBe(worktrees);
    expect(await snapshot(fx)).toEqual(before);
    expect(adapter.calls.some((call) => call.startsWith("prepare"))).toBe(false);
    expect(dispatched).toEqual([]);
  });
});

describe("isolation is refused closed, with no fallback to the shared root", () => {
  it("refuses a new worktree in a folder that is not a git repository", async () => {
    const plain = join(fx.base, "plain");
    await mkdir(plain);
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: { ...ports, checkout: gitCheckout({ root: plain }) },
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "invalid_placement",
        field: "placement",
        reason: "not_a_repository",
        message: expect.any(String),
      },
    });
    expect(await workspace.head()).toBe(head);
    expect(await snapshot(fx)).toEqual(before);
    expect(dispatched).toEqual([]);
  });

  it("refuses a new worktree when the project root has a detached HEAD", async () => {
    await git(fx.root, "switch", "-q", "--detach", "main");
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "invalid_placement",
        field: "placement",
        reason: "detached_head",
        message: expect.any(String),
      },
    });
    expect(await workspace.head()).toBe(head);
    expect(await snapshot(fx)).toEqual(before);
    expect(dispatched).toEqual([]);
  });
});

describe("the rules are decided before git is asked", () => {
  /** Launches `thr_narrow` from the source with the given modes (the only way modes are set). */
  async function narrowThread(permission: string, interaction: string): Promise<void> {
    const launched = await workspace.commit(
      {
        type: "launch_thread",
        source_thread_id: "thr_src",
        thread_id: "thr_narrow",
        message_id: "msg_narrow",
        title: "Narrow",
        prompt: "Look, do not touch.",
        permission,
        interaction,
      },
      sourceAgent,
    );
    expect(launched.ok).toBe(true);
  }

  async function expectNothingTouched(head: number, before: unknown): Promise<void> {
    expect(adapter.calls).toEqual([]);
    expect(dispatched).toEqual([]);
    expect(await workspace.head()).toBe(head);
    expect(await workspace.thread("thr_new")).toBeNull();
    expect(await snapshot(fx)).toEqual(before);
  }

  it("refuses a mode broader than the caller's as forbidden, naming field, requested and ceiling", async () => {
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" }, permission: "edits" }),
      actor: sourceAgent,
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "forbidden",
        message: expect.any(String),
        field: "permission",
        requested: "edits",
        ceiling: "ask",
      },
    });
    await expectNothingTouched(head, before);
  });

  it("measures the ceiling against the source thread's own modes", async () => {
    await narrowThread("read_only", "plan");
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({
        source_thread_id: "thr_narrow",
        placement: { type: "new_worktree", base_ref: "main" },
        interaction: "build",
      }),
      actor: agentOf("thr_narrow"),
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "forbidden",
        message: expect.any(String),
        field: "interaction",
        requested: "build",
        ceiling: "plan",
      },
    });
    await expectNothingTouched(head, before);
  });

  it("gives omitted modes the source thread's, and keeps a narrower one asked for", async () => {
    await narrowThread("ask", "plan");

    const inherited = await launchThread(workspace, {
      request: ask({ source_thread_id: "thr_narrow" }),
      actor: agentOf("thr_narrow"),
      ports: ports,
    });
    const narrower = await launchThread(workspace, {
      request: ask({
        source_thread_id: "thr_narrow",
        thread_id: "thr_other",
        message_id: "msg_other",
        permission: "read_only",
      }),
      actor: agentOf("thr_narrow"),
      ports: ports,
    });

    expect(inherited.ok).toBe(true);
    expect(narrower.ok).toBe(true);
    expect((await workspace.thread("thr_narrow"))?.modes).toEqual({
      permission: "ask",
      interaction: "plan",
    });
    expect((await workspace.thread("thr_new"))?.modes).toEqual({
      permission: "ask",
      interaction: "plan",
    });
    expect((await workspace.thread("thr_other"))?.modes).toEqual({
      permission: "read_only",
      interaction: "plan",
    });
  });

  it("refuses an unknown source thread as not_found", async () => {
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({
        source_thread_id: "thr_ghost",
        placement: { type: "new_worktree", base_ref: "main" },
      }),
      actor: agentOf("thr_ghost"),
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "not_found",
        message: "thread thr_ghost does not exist",
        entity: "thread",
        id: "thr_ghost",
      },
    });
    await expectNothingTouched(head, before);
  });

  it("refuses a mode the host never declared as validation_failed on that field", async () => {
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" }, permission: "root" }),
      actor: sourceAgent,
      ports: ports,
    });

    expect(result).toMatchObject({ ok: false, stage: "check" });
    expect(result.rejection).toMatchObject({
      type: "validation_failed",
      errors: [{ loc: ["permission"], input: "root" }],
    });
    await expectNothingTouched(head, before);
  });

  it("refuses a launch from an ended thread as invalid_state", async () => {
    expect((await workspace.commit({ type: "end_thread", thread_id: "thr_src" }, alice)).ok).toBe(
      true,
    );
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: { type: "invalid_state", message: "thread thr_src has ended" },
    });
    await expectNothingTouched(head, before);
  });

  it("refuses an agent launching from another thread as forbidden", async () => {
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask(),
      actor: agentOf("thr_elsewhere"),
      ports: ports,
    });

    expect(result).toMatchObject({ ok: false, stage: "check", rejection: { type: "forbidden" } });
    await expectNothingTouched(head, before);
  });
});

describe("after the write", () => {
  it("generates missing ids once: the write and the dispatch carry the same", async () => {
    const result = await launchThread(workspace, {
      request: { source_thread_id: "thr_src", title: "Tidy", prompt: "Tidy the README." },
      actor: sourceAgent,
      ports: { ...ports, newId: sequentialIds() },
    });

    expect(result).toMatchObject({ ok: true, thread_id: "thr_1", message_id: "msg_1" });
    expect(dispatched.map(({ thread_id, message_id }) => ({ thread_id, message_id }))).toEqual([
      { thread_id: "thr_1", message_id: "msg_1" },
    ]);
    expect(await promptOf("thr_1")).toBe("Tidy the README.");
  });

  it("reports a dispatch that throws as failed at dispatch, the thread and prompt kept", async () => {
    const head = await workspace.head();
    const boom = new Error("runner is down");
    let attempts = 0;

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: {
        checkout: adapter,
        dispatch: async () => {
          attempts += 1;
          throw boom;
        },
      },
    });

    expect(result).toEqual({
      ok: false,
      stage: "dispatch",
      thread_id: "thr_new",
      error: boom,
    });
    expect(attempts).toBe(1);
    expect((await workspace.thread("thr_new"))?.title).toBe("Fix the flaky test");
    expect(await promptOf("thr_new")).toBe(ask().prompt);
    expect(await eventsAfter(head)).toEqual([
      { type: "thread_created", thread_id: "thr_new" },
      { type: "thread_launched", thread_id: "thr_new" },
      { type: "message_posted", thread_id: "thr_new" },
    ]);
    // The checkout was prepared before the dispatch was tried.
    expect(await git(join(fx.defaultWorktrees, "thr_new"), "rev-parse", "HEAD")).toBe(localMain);
  });

  it("reports a checkout that fails after the checks as failed at checkout, nothing written", async () => {
    // Another process takes the new branch's name between the check and the checkout.
    const racing: CheckoutAdapter = {
      check: adapter.check,
      async prepare(placement, request) {
        await git(fx.root, "branch", `aw/${request.thread_id}`, "main");
        return adapter.prepare(placement, request);
      },
      release: adapter.release,
    };
    const head = await workspace.head();

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: { ...ports, checkout: racing },
    });

    expect(result).toEqual({
      ok: false,
      stage: "checkout",
      problem: {
        field: "placement.branch",
        reason: "branch_exists",
        message: expect.any(String),
      },
    });
    expect(dispatched).toEqual([]);
    // Nothing left behind: no thread, no prompt.
    expect(await workspace.head()).toBe(head);
    expect(await workspace.thread("thr_new")).toBeNull();
  });

  it("fails a from_origin launch whose fetch fails at checkout, with nothing written", async () => {
    const head = await workspace.head();
    // origin goes away after the check saw its branch.
    const racing: CheckoutAdapter = {
      check: adapter.check,
      async prepare(placement, request) {
        await git(fx.root, "remote", "set-url", "origin", join(fx.root, "gone"));
        return adapter.prepare(placement, request);
      },
      release: adapter.release,
    };
    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main", from_origin: true } }),
      actor: sourceAgent,
      ports: { ...ports, checkout: racing },
    });
    expect(result).toMatchObject({
      ok: false,
      stage: "checkout",
      problem: { reason: "git_failed" },
    });
    expect(await workspace.head()).toBe(head);
    expect(dispatched).toEqual([]);
  });

  it("refuses a host that left out a port, before anything is done", async () => {
    const head = await workspace.head();
    const { dispatch: _, ...partial } = ports;
    const result = await launchThread(workspace, {
      request: ask(),
      actor: sourceAgent,
      ports: partial as LaunchPorts,
    });
    expect(result).toMatchObject({
      ok: false,
      stage: "check",
      rejection: { type: "validation_failed", errors: [{ loc: ["ports", "dispatch"] }] },
    });
    expect(adapter.calls).toEqual([]);
    expect(await workspace.head()).toBe(head);
  });

  it("returns a rejection at the write (another writer took the id), the checkout released", async () => {
    const racing: CheckoutAdapter = {
      async check(placement, request) {
        const verdict = await adapter.check(placement, request);
        await workspace.commit({ type: "create_thread", thread_id: request.thread_id }, alice);
        return verdict;
      },
      prepare: adapter.prepare,
      release: adapter.release,
    };
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask({ placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports: { ...ports, checkout: racing },
    });

    expect(result).toEqual({
      ok: false,
      stage: "write",
      rejection: { type: "invalid_state", message: "thread thr_new already exists" },
    });
    expect(adapter.calls).toEqual([
      "check new_worktree",
      "prepare new_worktree",
      "release new_worktree",
    ]);
    expect(dispatched).toEqual([]);
    expect(await snapshot(fx)).toEqual(before);
    expect(await promptOf("thr_new")).toBeUndefined();
  });
});

describe("names git would refuse are refused by the rules, before any port runs", () => {
  const newWorktree = { type: "new_worktree", base_ref: "main" } as const;
  const cases: {
    name: string;
    fields: Partial<LaunchRequest>;
    field: string;
    reason: string;
  }[] = [
    ...[
      "a..b",
      "x.lock",
      "x.",
      "-x",
      "a b",
      "a/b",
      "../up",
      "@",
      "a@{1}",
      "é",
      "x".repeat(241),
    ].map((thread_id) => ({
      name: `thread id ${JSON.stringify(thread_id.slice(0, 12))} for a new worktree`,
      fields: { thread_id, placement: newWorktree },
      field: "thread_id",
      reason: "invalid_thread_id",
    })),
    ...["a..b", "x.lock", "x.", "-x", "a b", "@", "HEAD", "a@{1}", "a~1", "/a", "a//b"].map(
      (branch) => ({
        name: `branch ${JSON.stringify(branch)} for a new worktree`,
        fields: { placement: { ...newWorktree, branch } },
        field: "placement.branch",
        reason: "invalid_branch_name",
      }),
    ),
    {
      name: "a new branch too long for a file name",
      fields: { placement: { ...newWorktree, branch: `topic/${"a".repeat(241)}` } },
      field: "placement.branch",
      reason: "invalid_branch_name",
    },
    {
      name: "a base ref that cannot be a branch",
      fields: { placement: { type: "new_worktree", base_ref: "main~1", from_origin: true } },
      field: "placement.base_ref",
      reason: "invalid_branch_name",
    },
    {
      name: "a branch an existing worktree is asked to be on",
      fields: { placement: { type: "existing_worktree", path: "../linked", branch: "x.lock" } },
      field: "placement.branch",
      reason: "invalid_branch_name",
    },
  ];

  it.each(cases)("$name", async ({ fields, field, reason }) => {
    const head = await workspace.head();
    const before = await snapshot(fx);

    const result = await launchThread(workspace, {
      request: ask(fields),
      actor: sourceAgent,
      ports,
    });

    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: { type: "invalid_placement", field, reason, message: expect.any(String) },
    });
    expect(adapter.calls).toEqual([]);
    expect(dispatched).toEqual([]);
    expect(await workspace.head()).toBe(head);
    expect(await snapshot(fx)).toEqual(before);
  });

  it("launches a thread whose id could not name a worktree at the project root", async () => {
    const result = await launchThread(workspace, {
      request: ask({ thread_id: "x.lock" }),
      actor: sourceAgent,
      ports,
    });
    expect(result).toMatchObject({ ok: true, thread_id: "x.lock", checkout: { mode: "shared" } });
  });
});

describe("an existing worktree another open thread works in", () => {
  let linked: string;
  let link: string;
  beforeEach(async () => {
    linked = join(fx.base, "linked");
    await git(fx.root, "worktree", "add", "-q", linked, "feature");
    link = join(fx.base, "link-to-linked");
    await symlink(linked, link);
  });

  const attach = (path: string, thread_id: string): LaunchRequest =>
    ask({
      thread_id,
      message_id: `msg_${thread_id}`,
      placement: { type: "existing_worktree", path },
    });

  async function expectInUse(request: LaunchRequest): Promise<void> {
    const head = await workspace.head();
    const before = await snapshot(fx);
    adapter.calls.length = 0;
    const result = await launchThread(workspace, { request, actor: sourceAgent, ports });
    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "invalid_placement",
        field: "placement.path",
        reason: "worktree_in_use",
        message: expect.any(String),
      },
    });
    expect(adapter.calls).toEqual(["check existing_worktree"]);
    expect(await workspace.head()).toBe(head);
    expect(await workspace.thread(request.thread_id ?? "")).toBeNull();
    expect(await snapshot(fx)).toEqual(before);
  }

  it("is refused, by its path, with ../ or through a symlink, until that thread ends", async () => {
    const first = await launchThread(workspace, {
      request: attach("../linked", "thr_a"),
      actor: sourceAgent,
      ports,
    });
    expect(first).toMatchObject({ ok: true, checkout: { mode: "isolated", path: linked } });

    for (const path of [linked, link, `${fx.root}/../linked`]) {
      await expectInUse(attach(path, "thr_b"));
    }
    expect(dispatched.map((d) => d.thread_id)).toEqual(["thr_a"]);

    await workspace.commit({ type: "end_thread", thread_id: "thr_a" }, alice);
    const second = await launchThread(workspace, {
      request: attach(link, "thr_b"),
      actor: sourceAgent,
      ports,
    });
    expect(second).toMatchObject({ ok: true, checkout: { mode: "isolated", path: linked } });
  });

  it("is granted once the thread holding it is deleted", async () => {
    expect(
      (await launchThread(workspace, { request: attach(link, "thr_a"), actor: sourceAgent, ports }))
        .ok,
    ).toBe(true);
    await expectInUse(attach(linked, "thr_b"));
    await workspace.commit({ type: "delete_thread", thread_id: "thr_a" }, alice);
    const result = await launchThread(workspace, {
      request: attach(linked, "thr_b"),
      actor: sourceAgent,
      ports,
    });
    expect(result.ok).toBe(true);
  });

  it("is refused when it is the new worktree made for an open thread", async () => {
    const made = await launchThread(workspace, {
      request: ask({ thread_id: "thr_a", placement: { type: "new_worktree", base_ref: "main" } }),
      actor: sourceAgent,
      ports,
    });
    expect(made.ok).toBe(true);
    await expectInUse(attach(join(fx.defaultWorktrees, "thr_a"), "thr_b"));
  });

  it("the same thread asking again is refused by the rules: it exists already", async () => {
    expect(
      (
        await launchThread(workspace, {
          request: attach(linked, "thr_a"),
          actor: sourceAgent,
          ports,
        })
      ).ok,
    ).toBe(true);
    adapter.calls.length = 0;
    const again = await launchThread(workspace, {
      request: attach(linked, "thr_a"),
      actor: sourceAgent,
      ports,
    });
    expect(again).toEqual({
      ok: false,
      stage: "check",
      rejection: { type: "invalid_state", message: "thread thr_a already exists" },
    });
    expect(adapter.calls).toEqual([]);
  });
});
