// launchThread never throws for any thread id or branch name an agent can send: against a
// real git repository, every answer is a launch or a typed refusal, and a refusal left the
// workspace, the repository and its worktrees as they were. One the launch rules refuse ran
// no port at all.
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import type { CheckoutAdapter } from "../../src/checkout/port.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  type DispatchRequest,
  type LaunchRequest,
  type LaunchResult,
  launchThread,
} from "../../src/host/launch-thread.ts";
import { branchNameFault, worktreeNameFault } from "../../src/launch/ref-names.ts";
import { RejectionSchema } from "../../src/model/rejections.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { copyFixture, type Fixture, git, makeFixture, snapshot } from "../checkout/git-fixture.ts";

const agent = { kind: "agent", thread_id: "thr_src", run_id: "run_1" } as const;

let template: Fixture;
let fx: Fixture;
let workspace: Workspace;
let calls: string[];
let dispatched: DispatchRequest[];
let adapter: CheckoutAdapter;
let linked: string;

beforeAll(async () => {
  template = await makeFixture();
  fx = await copyFixture(template);
  linked = join(fx.base, "linked");
  await git(fx.root, "worktree", "add", "-q", linked, "feature");
  workspace = createWorkspace({ registry: fixtureRegistry() });
  const user = { kind: "user", id: "alice" } as const;
  await workspace.commit({ type: "create_thread", thread_id: "thr_src", title: "Source" }, user);
  const real = gitCheckout({ root: fx.root });
  adapter = {
    check: (placement, request) => {
      calls.push("check");
      return real.check(placement, request);
    },
    prepare: (placement, request) => {
      calls.push("prepare");
      return real.prepare(placement, request);
    },
    release: (placement, checkout) => {
      calls.push("release");
      return real.release(placement, checkout);
    },
  };
});
afterAll(async () => {
  await fx.cleanup();
  await template.cleanup();
});

// Short strings of these meet every ref rule often; plain ids reach git and launch.
const PIECES = ["a", "b", "1", ".", "..", "/", "-", "_", "@", "{", "@{", ".lock", "HEAD", " "];
const tricky = fc.string({
  unit: fc.constantFrom(...PIECES, "~", ":", "\\", "\t", "é"),
  maxLength: 6,
});
const anyText = fc.string({ unit: "binary", maxLength: 12 });
const plainId = fc.stringMatching(/^thr_[a-z0-9]{1,6}$/);
const threadIds = fc.oneof(plainId, tricky, anyText);
const branches = fc.option(fc.oneof(fc.stringMatching(/^topic\/[a-z]{1,6}$/), tricky, anyText), {
  nil: undefined,
});
const placements = fc.oneof(
  fc.record({
    type: fc.constant("new_worktree" as const),
    base_ref: fc.oneof(fc.constantFrom("main", "feature"), tricky),
    branch: branches,
  }),
  fc.record({
    type: fc.constant("existing_worktree" as const),
    path: fc.constantFrom("../linked", "../nowhere"),
    branch: branches,
  }),
);

/** The names of the request the launch rules judge, and whether they refuse one. */
function rulesRefuse(request: LaunchRequest): boolean {
  const placement = request.placement;
  if (placement === undefined || placement.type === "root") return false;
  const branch = placement.branch;
  if (branch !== undefined && branchNameFault(branch) !== null) return true;
  if (placement.type !== "new_worktree") return false;
  return (
    worktreeNameFault(request.thread_id ?? "") !== null ||
    branchNameFault(placement.base_ref) !== null
  );
}

let launches = 0;
// What the fixture looked like after the last launch: nothing else changes it in between.
let last: unknown;

describe("launchThread with arbitrary thread ids and branch names", () => {
  it("answers a launch or a typed refusal, and a refusal changed nothing", {
    timeout: 180_000,
  }, async () => {
    calls = [];
    dispatched = [];
    last = await snapshot(fx);
    const ports = {
      checkout: adapter,
      dispatch: async (d: DispatchRequest) => void dispatched.push(d),
    };
    await fc.assert(
      fc.asyncProperty(threadIds, placements, async (thread_id, placement) => {
        launches += 1;
        const request: LaunchRequest = {
          source_thread_id: "thr_src",
          thread_id,
          message_id: `msg_${launches}`,
          title: "Launched",
          prompt: "Do the thing.",
          placement: Object.fromEntries(
            Object.entries(placement).filter(([, value]) => value !== undefined),
          ) as LaunchRequest["placement"],
        };
        const head = await workspace.head();
        const before = last;
        const sent = dispatched.length;
        calls.length = 0;

        const result: LaunchResult = await launchThread(workspace, {
          request,
          actor: agent,
          ports,
        });
        const after = await snapshot(fx);
        last = after;

        if (result.ok) {
          expect(await workspace.thread(thread_id)).not.toBeNull();
          expect(dispatched.length).toBe(sent + 1);
          return;
        }
        expect({ thread_id, placement, stage: result.stage }).toEqual({
          thread_id,
          placement,
          stage: "check",
        });
        expect(RejectionSchema.safeParse(result.rejection).success).toBe(true);
        expect(calls.filter((call) => call !== "check")).toEqual([]);
        if (rulesRefuse(request)) expect(calls).toEqual([]);
        expect(await workspace.head()).toBe(head);
        expect(after).toEqual(before);
        expect(dispatched.length).toBe(sent);
      }),
      { numRuns: 25 },
    );
  });
});
