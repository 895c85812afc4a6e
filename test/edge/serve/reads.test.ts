// The JSON reads the client needs, on a real node:http server.
import { afterEach, describe, expect, it } from "vitest";
import type { ActorInput } from "../../../src/model/actors.ts";
import { as, post, serve } from "./harness.ts";

let open: Awaited<ReturnType<typeof serve>> | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const alice = { kind: "user", id: "alice" } as const;
const agent1 = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

async function seeded() {
  open = await serve({ basePath: "/api/ws/" });
  const { workspace } = open;
  await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
  await workspace.commit(
    { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "Ship on Friday." } },
    alice,
  );
  await workspace.commit(
    { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "a" } },
    alice,
  );
  await workspace.commit({ type: "archive_artifact", artifact_id: "n1", base_version: 1 }, alice);
  await workspace.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent1);
  const proposed = await workspace.commit(
    {
      type: "edit_artifact",
      artifact_id: "m1",
      base_version: 1,
      patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
    },
    agent1,
  );
  await workspace.commit({ type: "post_message", thread_id: "t2", content: "for t2" }, alice);
  if (!proposed.ok || proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  return { ...open, proposalId: proposed.outcome.proposal_id, base: `${open.url}/api/ws` };
}

async function get(url: string, token: string | null = "alice") {
  const response = await fetch(url, as(token));
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("the JSON reads", () => {
  it("read by id and as lists, under the base path", async () => {
    const { base, proposalId } = await seeded();
    expect(await get(`${base}/head`)).toEqual({ status: 200, body: { head_seq: 8 } });
    expect((await get(`${base}/artifacts/m1`)).body).toMatchObject({
      id: "m1",
      version: 1,
      data: { text: "Ship on Friday." },
    });
    expect(((await get(`${base}/artifacts`)).body as { id: string }[]).map((a) => a.id)).toEqual([
      "m1",
      "n1",
    ]);
    expect(
      ((await get(`${base}/artifacts?include_archived=false`)).body as { id: string }[]).map(
        (a) => a.id,
      ),
    ).toEqual(["m1"]);
    expect(
      ((await get(`${base}/artifacts?kind=note`)).body as { id: string }[]).map((a) => a.id),
    ).toEqual(["n1"]);
    expect(((await get(`${base}/artifacts/n1/revisions`)).body as unknown[]).length).toBe(2);
    expect((await get(`${base}/artifacts/n1/revisions/2`)).body).toMatchObject({ version: 2 });
    expect((await get(`${base}/proposals/${proposalId}`)).body).toMatchObject({
      id: proposalId,
      status: "pending",
    });
    expect(((await get(`${base}/proposals?status=pending`)).body as unknown[]).length).toBe(1);
    expect(((await get(`${base}/proposals?artifact_id=n1`)).body as unknown[]).length).toBe(0);
    expect((await get(`${base}/proposals/${proposalId}/preview`)).body).toMatchObject({
      behind: 0,
      mergeable: true,
    });
    expect(((await get(`${base}/threads`)).body as { id: string }[]).map((t) => t.id)).toEqual([
      "t1",
      "t2",
    ]);
    expect((await get(`${base}/threads/t1`)).body).toMatchObject({ id: "t1" });
    expect((await get(`${base}/runs/r1`)).body).toMatchObject({ id: "r1", status: "running" });
    expect(((await get(`${base}/runs?status=running`)).body as unknown[]).length).toBe(1);
    expect(await get(`${base}/decisions`)).toEqual({ status: 200, body: [] });
    expect(await get(`${base}/offers?thread_id=t1`)).toEqual({ status: 200, body: [] });
  });

  it("answer what is not there with 404 and the not_found rejection", async () => {
    const { base } = await seeded();
    expect(await get(`${base}/artifacts/nope`)).toEqual({
      status: 404,
      body: {
        type: "error",
        message: "artifact nope does not exist",
        rejection: {
          type: "not_found",
          message: "artifact nope does not exist",
          entity: "artifact",
          id: "nope",
        },
      },
    });
    expect((await get(`${base}/proposals/p9/preview`)).status).toBe(404);
    expect((await get(`${base}/artifacts/n1/revisions/x`)).status).toBe(404);
    expect((await get(`${base}/runs/r9`)).status).toBe(404);
    expect((await get(`${base}/nothing/here`)).status).toBe(404);
    expect((await get(`${open?.url}/elsewhere`)).status).toBe(404);
  });

  it("refuse bad query parameters as validation_failed naming each one (422)", async () => {
    const { base } = await seeded();
    const bad = await get(`${base}/events?after_seq=x&limit=-1`);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      rejection: {
        type: "validation_failed",
        errors: [{ loc: ["query", "after_seq"] }, { loc: ["query", "limit"] }],
      },
    });
    expect((await get(`${base}/proposals?status=maybe`)).status).toBe(422);
    expect((await get(`${base}/events?limit=20000`)).status).toBe(422);
    const write = await fetch(`${base}/artifacts`, as("alice", { method: "DELETE" }));
    expect([write.status, write.headers.get("allow")]).toEqual([405, "GET"]);
  });

  it("page proposals with after and limit, as { items, next }; without them, the list as before", async () => {
    const { base, proposalId, workspace } = await seeded();
    const whole = (await get(`${base}/proposals?status=pending`)).body;
    expect(whole).toEqual(await workspace.proposals({ status: "pending" }));
    expect(await get(`${base}/proposals?status=pending&limit=1`)).toEqual({
      status: 200,
      body: { items: whole, next: null },
    });
    expect((await get(`${base}/proposals?limit=5&artifact_id=m1`)).body).toEqual(
      await workspace.proposalPage({ artifactId: "m1", limit: 5 }),
    );
    expect((await get(`${base}/proposals?after=${proposalId}`)).body).toEqual({
      items: [],
      next: null,
    });
    for (const limit of ["0", "1001", "x", "-1"]) {
      const bad = await get(`${base}/proposals?limit=${limit}`);
      expect(bad.status, limit).toBe(422);
      expect(bad.body).toMatchObject({
        rejection: { type: "validation_failed", errors: [{ loc: ["query", "limit"] }] },
      });
    }
  });

  it("read the log as a hello's threads filter it, after a position, up to a limit", async () => {
    const { base } = await seeded();
    const seqs = async (query: string, token = "alice") =>
      ((await get(`${base}/events?${query}`, token)).body as { seq: number }[]).map((e) => e.seq);
    expect(await seqs("")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await seqs("after_seq=3&limit=2")).toEqual([4, 5]);
    // t1's thread_created and run_started, and every artifact and proposal event.
    expect(await seqs("thread_id=t1")).toEqual([1, 3, 4, 5, 6, 7]);
    expect(await seqs("thread_id=t1&limit=3&after_seq=3")).toEqual([4, 5, 6]);
  });

  it("keep a thread's agent to its own thread, and answer the viewer's own notes", async () => {
    const { base, workspace } = await seeded();
    expect(
      ((await get(`${base}/threads`, "agent1")).body as { id: string }[]).map((t) => t.id),
    ).toEqual(["t1"]);
    expect(await get(`${base}/threads/t2`, "agent2")).toMatchObject({ status: 200 });
    expect(await get(`${base}/threads/t1`, "agent2")).toMatchObject({
      status: 403,
      body: { rejection: { type: "forbidden", action: "read", actor_kind: "agent" } },
    });
    expect((await get(`${base}/runs/r1`, "agent2")).status).toBe(403);
    expect((await get(`${base}/runs?thread_id=t1`, "agent2")).status).toBe(403);
    expect((await get(`${base}/decisions?thread_id=t1`, "agent2")).status).toBe(403);
    const events = (await get(`${base}/events`, "agent2")).body as {
      thread_id: string | null;
      event: { type: string };
    }[];
    expect(events.some((e) => e.event.type === "message_posted")).toBe(true);
    expect(events.filter((e) => e.thread_id === "t1" && e.event.type === "thread_created")).toEqual(
      [],
    );
    // The agent hears of Alice's answer to its proposal in its notes.
    const [proposal] = await workspace.proposals();
    await post(`${base}`, "alice", {
      command_id: "c1",
      command: { type: "respond_to_proposal", proposal_id: proposal?.id, decision: "reject" },
    });
    const notes = await get(`${base}/notes?after=8`, "agent1");
    expect(notes.body).toMatchObject({ cursor: 9 });
    expect((notes.body as { text: string }).text).toMatch(/rejected your proposal/);
    // Moving the cursor is a write, asked with JSON: a form posted by a page of another site
    // (which a browser sends without asking first) moves nothing.
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
    expect((await fetch(`${base}/notes/next`, as("agent1", form))).status).toBe(415);
    const json = { method: "POST", headers: { "content-type": "application/json" }, body: "{}" };
    const next = await fetch(`${base}/notes/next`, as("agent1", json));
    expect(((await next.json()) as { notes: unknown[] }).notes.length).toBeGreaterThan(0);
    const again = await fetch(`${base}/notes/next`, as("agent1", json));
    expect(await again.json()).toMatchObject({ notes: [], text: "" });
  });

  it("refuse everyone unauthenticated with 401, and a failing authenticate with 500", async () => {
    const { base } = await seeded();
    expect(await get(`${base}/threads`, null)).toEqual({
      status: 401,
      body: { type: "error", message: "unauthenticated" },
    });
    expect((await get(`${base}/threads`, "mallory")).status).toBe(401);
    await open?.close();
    open = await serve({
      authenticate: () => {
        throw new Error("the identity provider is down");
      },
    });
    expect(await get(`${open.url}/head`)).toEqual({
      status: 500,
      body: { type: "error", message: "authentication failed on the server" },
    });
    await open.close();
    // An identity provider that answers what no actor is, as untyped host code could.
    const wizard = { kind: "wizard" } as unknown as ActorInput;
    open = await serve({ authenticate: () => wizard });
    expect((await get(`${open.url}/head`)).status).toBe(500);
  });
});
