// A partial accept over the live protocol: the browser client reads a preview's hunks as the
// workspace has them, and a respond_to_proposal carrying `hunks` goes through (ADR 0048).
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../../src/edge/client/client.ts";
import { serve } from "../serve/harness.ts";

type Served = Awaited<ReturnType<typeof serve>>;
let open: Served | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

describe("hunks over the protocol", () => {
  it("a preview's hunks reach the client, and an accept of some of them lands", async () => {
    open = await serve();
    const { workspace, url } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit(
      { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "a\nb\nc\n" } },
      alice,
    );
    const proposed = await workspace.commit(
      {
        type: "edit_artifact",
        artifact_id: "m1",
        base_version: 1,
        patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: "A\nb\nC\n" }] },
      },
      agent,
    );
    if (!proposed.ok || proposed.outcome.type !== "proposed")
      throw new Error("expected a proposal");
    const id = proposed.outcome.proposal_id;
    const c = createClient({ url, headers: { authorization: "Bearer alice" } });
    try {
      const preview = await c.previewProposal(id);
      if (!preview.ok) throw new Error("expected a preview");
      expect(preview).toEqual(await workspace.previewProposal(id));
      expect(preview.value.hunks.map((hunk) => hunk.kind === "text" && hunk.added)).toEqual([
        ["A\n"],
        ["C\n"],
      ]);
      const last = preview.value.hunks[1]?.id as string;
      const stale = await c.commit({
        type: "respond_to_proposal",
        proposal_id: id,
        decision: "accept",
        hunks: ["hk_gone"],
      });
      expect(stale).toMatchObject({
        ok: false,
        rejection: { type: "stale_hunks", hunk_ids: ["hk_gone"] },
      });
      const answered = await c.commit({
        type: "respond_to_proposal",
        proposal_id: id,
        decision: "accept",
        hunks: [last],
      });
      expect(answered).toMatchObject({ ok: true, outcome: { type: "resolved", version: 2 } });
      expect((await workspace.artifact("m1"))?.data.text).toBe("a\nb\nC\n");
      expect((await c.proposal(id))?.resolution?.hunks?.landed.map((hunk) => hunk.id)).toEqual([
        last,
      ]);
    } finally {
      c.close();
    }
  });
});
