import { describe, expect, it } from "vitest";
import { isWorkspaceError, orThrow, type WorkspaceError } from "../../src/model/errors.ts";
import { forbidden, notFound } from "../../src/model/rejections.ts";
import { ok, refuse } from "../../src/model/result.ts";
import { fixtureWorkspace } from "../workspace/helpers.ts";

const alice = { kind: "user", id: "alice" } as const;

function thrown(run: () => unknown): WorkspaceError {
  try {
    run();
  } catch (error) {
    if (isWorkspaceError(error)) return error;
    throw error;
  }
  throw new Error("expected a throw");
}

describe("orThrow", () => {
  it("hands back a success as it is, narrowed", async () => {
    const ws = fixtureWorkspace();
    const written = orThrow(await ws.commit({ type: "create_thread", thread_id: "t1" }, alice));
    expect(written.outcome.type).toBe("recorded");
    expect(orThrow(ok(3))).toEqual({ ok: true, value: 3 });
  });

  it("throws a refused write as WorkspaceError refused, carrying the rejection", async () => {
    const ws = fixtureWorkspace();
    const refused = await ws.commit(
      { type: "set_focus", thread_id: "t9", artifact_ids: [] },
      alice,
    );
    const error = thrown(() => orThrow(refused));
    expect(error.code).toBe("refused");
    expect(error.rejection).toEqual(notFound("thread", "t9"));
    expect(error.message).toBe("thread t9 does not exist");
    expect(error.stage).toBeNull();
    expect(await ws.head()).toBe(0);
  });

  it("names a host service's stage and keeps its error as the cause", () => {
    const cause = new Error("no runner available");
    const error = thrown(() =>
      orThrow({ ok: false, stage: "dispatch", thread_id: "t1", error: cause } as const),
    );
    expect(error).toMatchObject({ code: "refused", stage: "dispatch", rejection: null, cause });
    expect(error.message).toBe("dispatch: no runner available");
    const check = thrown(() => orThrow({ ok: false, stage: "check", rejection: forbidden("no") }));
    expect(check.message).toBe("check: no");
    expect(thrown(() => orThrow(refuse(forbidden("not yours")))).rejection?.type).toBe("forbidden");
  });
});
