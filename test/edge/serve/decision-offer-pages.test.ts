// GET /decisions and GET /offers page as GET /proposals does: with `after` or `limit` the
// page `{ items, next }`, without them the array; a bad limit is 422 naming it.
import { afterEach, describe, expect, it } from "vitest";
import type { WorkspaceClient } from "../../../src/edge/client/api.ts";
import { createClient } from "../../../src/edge/client/client.ts";
import { as, serve } from "./harness.ts";

let open: Awaited<ReturnType<typeof serve>> | null = null;
let reader: WorkspaceClient | null = null;
afterEach(async () => {
  reader?.close();
  reader = null;
  await open?.close();
  open = null;
});

const alice = { kind: "user", id: "alice" } as const;
const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };

// Three pending decisions (threads t1 and t2, then run r1 of t1) and three offers (t1's two,
// then t2's).
async function seeded() {
  open = await serve({ basePath: "/api/ws/" });
  const { workspace } = open;
  for (const thread_id of ["t1", "t2"]) {
    await workspace.commit({ type: "create_thread", thread_id }, alice);
  }
  const agent = (thread_id: string) => ({ kind: "agent", thread_id, run_id: null }) as const;
  await workspace.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent("t1"));
  const ask = {
    type: "request_decision",
    decision_id: "d1",
    prompt: "Go?",
    options: null,
  } as const;
  await workspace.commit({ ...ask, scope: { kind: "thread", id: "t1" } }, agent("t1"));
  await workspace.commit({ ...ask, scope: { kind: "thread", id: "t2" } }, agent("t2"));
  await workspace.commit({ ...ask, scope: { kind: "run", id: "r1" } }, agent("t1"));
  for (const [thread_id, offer_id] of [
    ["t1", "o1"],
    ["t1", "o2"],
    ["t2", "o3"],
  ] as const) {
    await workspace.commit({ type: "make_offer", thread_id, offer_id, offer }, agent(thread_id));
  }
  return { ...open, base: `${open.url}/api/ws` };
}

async function get(url: string, token = "alice") {
  const response = await fetch(url, as(token));
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("paged decisions and offers over HTTP", () => {
  it("answer the array without after or limit, and the page with either", async () => {
    const { base, workspace } = await seeded();
    const decisions = await workspace.decisions();
    expect(decisions).toHaveLength(3);
    expect((await get(`${base}/decisions`)).body).toEqual(decisions);
    expect(await get(`${base}/decisions?limit=2`)).toEqual({
      status: 200,
      body: { items: decisions.slice(0, 2), next: "thread:t2" },
    });
    expect((await get(`${base}/decisions?after=thread:t2`)).body).toEqual({
      items: decisions.slice(2),
      next: null,
    });
    expect((await get(`${base}/decisions?thread_id=t1&limit=1`)).body).toEqual(
      await workspace.decisionPage({ threadId: "t1", limit: 1 }),
    );
    const offers = await workspace.offers();
    expect((await get(`${base}/offers`)).body).toEqual(offers);
    expect((await get(`${base}/offers?limit=2`)).body).toEqual({
      items: offers.slice(0, 2),
      next: "t1:o2",
    });
    expect((await get(`${base}/offers?after=t1%3Ao2&limit=5`)).body).toEqual({
      items: offers.slice(2),
      next: null,
    });
    expect((await get(`${base}/offers?after=nope`)).body).toEqual({ items: [], next: null });
  });

  it("keep a thread's agent to its own thread's page", async () => {
    const { base, workspace } = await seeded();
    expect((await get(`${base}/decisions?limit=5`, "agent2")).body).toEqual(
      await workspace.decisionPage({ threadId: "t2", limit: 5 }),
    );
    expect((await get(`${base}/offers?thread_id=t1&limit=5`, "agent2")).status).toBe(403);
  });

  it("refuse a bad limit as validation_failed naming it (422)", async () => {
    const { base } = await seeded();
    for (const route of ["decisions", "offers"]) {
      for (const limit of ["0", "1001", "x", "-1"]) {
        const bad = await get(`${base}/${route}?limit=${limit}`);
        expect(bad.status, `${route} ${limit}`).toBe(422);
        expect(bad.body).toMatchObject({
          rejection: { type: "validation_failed", errors: [{ loc: ["query", "limit"] }] },
        });
      }
    }
  });

  it("read through the client's decisionPage and offerPage, a page always", async () => {
    const { url, workspace } = await seeded();
    reader = createClient({ url: `${url}/api/ws`, headers: { authorization: "Bearer alice" } });
    expect(await reader.decisionPage()).toEqual(await workspace.decisionPage());
    const first = await reader.decisionPage({ limit: 1 });
    expect(first).toEqual(await workspace.decisionPage({ limit: 1 }));
    expect(first.next).toBe("thread:t1");
    expect(await reader.decisionPage({ after: first.next ?? "", limit: 5 })).toEqual(
      await workspace.decisionPage({ after: "thread:t1", limit: 5 }),
    );
    expect(await reader.offerPage({ threadId: "t1", limit: 1 })).toEqual({
      items: (await workspace.offers({ threadId: "t1" })).slice(0, 1),
      next: "t1:o1",
    });
    expect(await reader.offerPage({ after: "t1:o1" })).toEqual(
      await workspace.offerPage({ after: "t1:o1" }),
    );
    await expect(reader.offerPage({ limit: 0 })).rejects.toMatchObject({
      code: "refused",
      rejection: { type: "validation_failed" },
    });
  });
});
