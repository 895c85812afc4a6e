import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import { isCheckoutError } from "../../src/checkout/port.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "aw-git-timeout-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("counts a git command that does not finish in time as git_failed, instead of hanging", async () => {
  // A stand-in binary that never answers, as git waiting on an ssh prompt would.
  const slow = join(dir, "slow-git");
  await writeFile(slow, "#!/bin/sh\nexec sleep 30\n");
  await chmod(slow, 0o755);
  const adapter = gitCheckout({ root: dir, git: slow, timeoutMs: 200 });
  const problem = {
    reason: "git_failed",
    field: "placement",
    message: "git rev-parse --show-toplevel did not finish within 200 ms",
  };
  expect(await adapter.check({ type: "root" }, { thread_id: "thr_1" })).toEqual({
    ok: false,
    problem,
  });
  const thrown = await adapter.prepare({ type: "root" }, { thread_id: "thr_1" }).catch((e) => e);
  expect(isCheckoutError(thrown) && thrown.problem).toEqual(problem);
});
