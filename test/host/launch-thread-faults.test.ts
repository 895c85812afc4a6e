// A launch whose write throws a store fault after its checkout was prepared: the worktree and
// branch are released (nothing left behind), except when the outcome is unknown.
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import type { CheckoutAdapter } from "../../src/checkout/port.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { type LaunchPorts, launchThread } from "../../src/host/launch-thread.ts";
import { isWorkspaceError, WorkspaceError } from "../../src/model/errors.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { Store } from "../../src/stores/port.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import { withFaults } from "../../src/testing/faults.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { copyFixture, type Fixture, git, makeFixture, snapshot } from "../checkout/git-fixture.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "thr_src", run_id: "run_1" } as const;
const { file } = tempFiles("launch-faults");

let template: Fixture;
let fx: Fixture;
let calls: string[];
let dispatched: string[];

beforeAll(async () => {
  template = await makeFixture();
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  fx = await copyFixture(template);
  calls = [];
  dispatched = [];
});
afterEach(() => fx.cleanup());

/** The git checkout adapter, each call recorded; `beforePrepare` runs first at prepare. */
function ports(beforePrepare: () => void = () => {}): LaunchPorts {
  const git = gitCheckout({ root: fx.root });
  const checkout: CheckoutAdapter = {
    check: (placement, request) => {
      calls.push("check");
      return git.check(placement, request);
    },
    prepare: (placement, request) => {
      calls.push("prepare");
      beforePrepare();
      return git.prepare(placement, request);
    },
    release: (placement, prepared) => {
      calls.push("release");
      return git.release(placement, prepared);
    },
  };
  return {
    checkout,
    dispatch: async ({ thread_id }) => {
      dispatched.push(thread_id);
    },
  };
}

async function workspaceOn(store: Store): Promise<Workspace> {
  const ws = createWorkspace({ registry: fixtureRegistry(), store, newId: sequentialIds() });
  const created = await ws.commit({ type: "create_thread", thread_id: "thr_src" }, alice);
  expect(created.ok).toBe(true);
  return ws;
}

const request = {
  source_thread_id: "thr_src",
  thread_id: "thr_new",
  message_id: "msg_new",
  title: "Fix the flaky test",
  prompt: "Find out why it fails one run in ten.",
  placement: { type: "new_worktree", base_ref: "main" },
} as const;

async function launchError(ws: Workspace, launchPorts: LaunchPorts): Promise<unknown> {
  return launchThread(ws, { request, actor: agent, ports: launchPorts }).then(
    (result) => result,
    (error: unknown) => error,
  );
}

describe("a launch whose write throws", () => {
  it("releases the worktree and branch when the append fails (an injected fault)", async () => {
    // The fault is armed once the workspace is seeded: the launch's own append is the first
    // to fail at its first row.
    const options = { path: file() };
    const seeded = sqliteStore(options);
    const setup = await workspaceOn(seeded);
    await setup.close();
    const ws = createWorkspace({
      registry: fixtureRegistry(),
      store: sqliteStore(withFaults(options, { failAtRow: 1 })),
    });
    const before = await snapshot(fx);

    const error = await launchError(ws, ports());

    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/injected fault/);
    expect(calls).toEqual(["check", "prepare", "release"]);
    expect(dispatched).toEqual([]);
    expect(await snapshot(fx)).toEqual(before);
    expect(await ws.thread("thr_new")).toBeNull();
    await ws.close();
  });

  it("releases them when the store's file was replaced (store_replaced)", async () => {
    const path = file();
    const ws = await workspaceOn(sqliteStore({ path }));
    const before = await snapshot(fx);
    // The database file goes away between the checks and the write.
    const error = await launchError(
      ws,
      ports(() => rmSync(path)),
    );

    expect(isWorkspaceError(error) && error.code).toBe("store_replaced");
    expect(calls).toEqual(["check", "prepare", "release"]);
    expect(dispatched).toEqual([]);
    expect(await snapshot(fx)).toEqual(before);
    await ws.close();
  });

  it("keeps them when the outcome is unknown: the thread may exist", async () => {
    const inner = sqliteStore({ path: file() });
    const lost: Store = {
      ...inner,
      append: async () => {
        throw new WorkspaceError("unknown_outcome", "the connection was lost mid-append");
      },
    };
    const ws = await workspaceOn(inner);
    const launching = createWorkspace({ registry: fixtureRegistry(), store: lost });

    const error = await launchError(launching, ports());

    expect(isWorkspaceError(error) && error.code).toBe("unknown_outcome");
    expect(isWorkspaceError(error) && error.attempt?.item).toMatchObject({ thread_id: "thr_new" });
    expect(calls).toEqual(["check", "prepare"]);
    expect(dispatched).toEqual([]);
    expect(await git(fx.root, "branch", "--list", "aw/thr_new")).toContain("aw/thr_new");
    await ws.close();
  });
});
