// A person's review over the live protocol: the browser client answers many proposals in one
// respond_to_proposals and reverts a revision, reading each outcome as the workspace gives it;
// a client holding an agent's token is refused both (ADRs 0050 and 0051).
import { afterEach, describe, expect, it } from "vitest";
import type { WorkspaceClient } from "../../../src/edge/client/api.ts";
import { createClient } from "../../../src/edge/client/client.ts";
import type { Workspace } from "../../../src/workspace/api.ts";
import { serve } from "../serve/harness.ts";

type Served = Awaited<ReturnType<typeof serve>>;
let open: Served | null = null;
let clients: WorkspaceClient[] = [];
afterEach(async () => {
  for (const c of clients) c.close();
  clients = [];
  await open?.close();
  open = null;
});

const alice = { kind: "user", id: "alice" } as const;
const agents = [
  { kind: "agent", thread_id: "t1", run_id: "r1" },
  { kind: "agent", thread_id: "t2", run_id: "r2" },
] as const;
const TEXT = "Ship on Friday.\nTests pass.\nDocs later.\n";

// A served workspace with memo m1 and a proposal of each agent's on it, both at version 1.
async function served(): Promise<{ url: string; workspace: Workspace; ids: string[] }> {
  open = await serve();
  const { workspace, url } = open;
  for (const thread_id of ["t1", "t2"]) {
    await workspace.commit({ type: "create_thread", thread_id }, alice);
  }
  await workspace.commit(
    { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: TEXT } },
    alice,
  );
  const edits = [
    ["Friday", "Monday"],
    ["Docs later.", "Docs now."],
  ] as const;
  const ids: string[] = [];
  for (const [i, [old, text]] of edits.entries()) {
    const proposed = await workspace.commit(
      {
        type: "edit_artifact",
        artifact_id: "m1",
        base_version: 1,
        patch: { kind: "text_edits", field: "text", edits: [{ old, new: text }] },
      },
      agents[i] ?? alice,
    );
    if (!proposed.ok || proposed.outcome.type !== "proposed") {
      throw new Error("expected a proposal");
    }
    ids.push(proposed.outcome.proposal_id);
  }
  return { url, workspace, ids };
}

function client(url: string, token: string): WorkspaceClient {
  const c = createClient({ url, headers: { authorization: `Bearer ${token}` } });
  clients.push(c);
  return c;
}

describe("review commands over the protocol", () => {
  it("a client answers many proposals at once and reads each answer's outcome", async () => {
    const { url, workspace, ids } = await served();
    const [first = "", second = ""] = ids;
    const c = client(url, "alice");
    const head = await c.head();
    const answered = await c.commit({
      type: "respond_to_proposals",
      responses: [
        { proposal_id: first, decision: "accept" },
        { proposal_id: second, decision: "accept", surface: "page" },
        { proposal_id: "prp_none", decision: "reject", reason: "gone" },
      ],
    });
    expect(answered).toEqual({
      ok: true,
      outcome: {
        type: "batch",
        seq: head + 4,
        all_or_nothing: false,
        items: [
          {
            ok: true,
            proposal_id: first,
            outcome: {
              type: "resolved",
              seq: null,
              proposal_id: first,
              decision: "accept",
              version: 2,
            },
          },
          {
            ok: true,
            proposal_id: second,
            outcome: {
              type: "resolved",
              seq: null,
              proposal_id: second,
              decision: "accept",
              version: 3,
            },
          },
          {
            ok: false,
            proposal_id: "prp_none",
            rejection: expect.objectContaining({ type: "not_found", id: "prp_none" }),
          },
        ],
      },
    });
    expect(await c.head()).toBe(head + 4);
    expect((await c.artifact("m1"))?.data).toEqual({
      text: "Ship on Monday.\nTests pass.\nDocs now.\n",
    });
    expect((await c.proposal(second))?.resolution).toMatchObject({ version: 3, surface: "page" });
    // The client reads what the workspace has, item for item.
    expect(await c.proposals()).toEqual(await workspace.proposals());
  });

  it("a batch sent with all_or_nothing comes back refused, naming the answer, with nothing written", async () => {
    const { url, ids } = await served();
    const [first = ""] = ids;
    const c = client(url, "alice");
    const head = await c.head();
    const refused = await c.commit({
      type: "respond_to_proposals",
      all_or_nothing: true,
      responses: [
        { proposal_id: first, decision: "accept" },
        { proposal_id: "prp_none", decision: "accept" },
      ],
    });
    expect(refused).toMatchObject({ ok: false, rejection: { type: "not_found" } });
    expect(refused.rejection?.message).toMatch(/^responses\.1 \(proposal prp_none\): /);
    expect(await c.head()).toBe(head);
    expect((await c.proposal(first))?.status).toBe("pending");
  });

  it("a client reverts a revision and reads the revert back", async () => {
    const { url, workspace, ids } = await served();
    const [first = ""] = ids;
    await workspace.commit(
      { type: "respond_to_proposal", proposal_id: first, decision: "accept" },
      alice,
    );
    const c = client(url, "alice");
    const reverted = await c.commit({
      type: "revert_revision",
      artifact_id: "m1",
      version: 2,
      reason: "Friday stands",
      surface: "page",
    });
    expect(reverted).toEqual({
      ok: true,
      outcome: { type: "applied", seq: await c.head(), artifact_id: "m1", version: 3 },
    });
    expect((await c.artifact("m1"))?.data.text).toBe(TEXT);
    expect(await c.revision("m1", 3)).toMatchObject({ reverts: 2, proposal_id: null });
    const [event] = await c.log({ after: (await c.head()) - 1 });
    expect(event?.event).toMatchObject({
      type: "artifact_changed",
      reverts: 2,
      reverted: { author: agents[0], proposal_id: first, reason: "Friday stands", surface: "page" },
    });
    const creation = await c.commit({ type: "revert_revision", artifact_id: "m1", version: 1 });
    expect(creation).toMatchObject({ ok: false, rejection: { type: "invalid_state" } });
  });

  it("a client with an agent's token is refused both commands, and nothing is written", async () => {
    const { url, workspace, ids } = await served();
    const [first = "", second = ""] = ids;
    await workspace.commit(
      { type: "respond_to_proposal", proposal_id: first, decision: "accept" },
      alice,
    );
    const c = client(url, "agent1");
    const head = await c.head();
    const batch = await c.commit({
      type: "respond_to_proposals",
      responses: [{ proposal_id: second, decision: "accept" }],
    });
    expect(batch).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "respond_to_proposals", actor_kind: "agent" },
    });
    const revert = await c.commit({ type: "revert_revision", artifact_id: "m1", version: 2 });
    expect(revert).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "revert_revision", actor_kind: "agent" },
    });
    expect(await c.head()).toBe(head);
    expect((await c.proposal(second))?.status).toBe("pending");
  });
});
