import { mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { directoryCheckout } from "../../src/checkout/directory-checkout.ts";
import { isCheckoutError } from "../../src/checkout/port.ts";
import { type Placement, PlacementSchema } from "../../src/model/placement.ts";

const request = { thread_id: "thr_1" };

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "aw-directory-"));
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe("directoryCheckout", () => {
  it("grants the folder itself, shared, by its real path", async () => {
    const link = join(base, "link");
    await symlink(base, link);
    const adapter = directoryCheckout(link);
    expect(await adapter.check({ type: "root" }, request)).toEqual({ ok: true });
    expect(await adapter.prepare({ type: "root" }, request)).toEqual({
      mode: "shared",
      path: await realpath(base),
      branch: null,
      commit: null,
    });
  });

  it("refuses every isolated placement as invalid_placement, in check and prepare", async () => {
    const adapter = directoryCheckout(base);
    const placements: Placement[] = [
      PlacementSchema.parse({ type: "new_worktree", base_ref: "main" }),
      PlacementSchema.parse({ type: "existing_worktree", path: base }),
    ];
    for (const placement of placements) {
      const verdict = await adapter.check(placement, request);
      expect(verdict).toEqual({
        ok: false,
        problem: {
          reason: "invalid_placement",
          field: "placement.type",
          message: expect.any(String),
        },
      });
      const thrown = await adapter.prepare(placement, request).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isCheckoutError(thrown) && thrown.problem).toEqual(verdict.problem);
    }
  });
});
