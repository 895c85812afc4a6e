// The review page as a handler a host mounts in its own server, at a path of its choosing,
// behind its own authentication: in plain node:http, in a Hono app, and as a Next.js route
// (a function from Request to Response). Every request, the page's files too, is the actor
// the host authenticates, and everything the page does is done as that actor.
import { createServer } from "node:http";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import type { Authenticate, ProtocolHandler } from "../../../../src/edge/serve/api.ts";
import { nodeListener } from "../../../../src/edge/serve/node-http.ts";
import type { PageAssets } from "../../../../src/edge/serve/review/assets.ts";
import { mountReview, reviewHandler } from "../../../../src/edge/serve/review/handler.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { open, SEEDED, seedFile } from "../../page/fixtures/seed.ts";
import { listen } from "../harness.ts";

/** The page's files, without bundling it for every test (one test serves the real ones). */
const assets: PageAssets = {
  from: "test",
  get: async (name) =>
    name === "index.html" ? new TextEncoder().encode("<!doctype html><title>t</title>") : null,
};

/** A host's session cookie: `session=<user>`, for alice and bob; an agent's for thr_1. */
const byCookie: Authenticate = (request) => {
  const session = /(?:^|;\s*)session=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (session === "alice" || session === "bob") return { kind: "user", id: session };
  if (session === "agent") return { kind: "agent", thread_id: "thr_1", run_id: "run_1" };
  if (session === "other") return { kind: "agent", thread_id: "thr_other", run_id: null };
  return null;
};

const ports = {
  checkout: async ({ thread_id }: { thread_id: string }) =>
    ({ mode: "isolated", path: `/trees/${thread_id}` }) as const,
  confirmSharedCheckout: async () => false,
  dispatch: async () => {},
};

const cookie = (who: string) => ({ cookie: `session=${who}` });
const json = (who: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { ...cookie(who), "content-type": "application/json" },
  body: JSON.stringify(body),
});

let ws: Workspace;
let handler: ProtocolHandler;
const errors: unknown[] = [];

beforeAll(async () => {
  ws = open(await seedFile());
  handler = mountReview(
    ws,
    {
      authenticate: byCookie,
      basePath: "/workspace/",
      offerPorts: ports,
      answerChannels: ["slack"],
      onError: (error) => errors.push(error),
    },
    assets,
  );
});

afterAll(async () => {
  handler.close();
  await ws.close();
  expect(errors).toEqual([]);
});

/** Reads an SSE body until `until` shows up in it. */
async function readUntil(response: Response, until: string): Promise<string> {
  const reader = response.body?.getReader();
  let text = "";
  while (reader !== undefined && !text.includes(until)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  await reader?.cancel();
  return text;
}

describe("the review handler in plain node:http", () => {
  let url = "";
  let close = async () => {};
  beforeAll(async () => {
    const server = createServer(nodeListener(handler));
    url = await listen(server);
    close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
  });
  afterAll(() => close());

  it("serves the page under its mount point, and only to whom the host authenticates", async () => {
    const bare = await fetch(`${url}/workspace?x=1`, {
      headers: cookie("alice"),
      redirect: "manual",
    });
    expect(bare.status).toBe(308);
    expect(bare.headers.get("location")).toBe("/workspace/?x=1");
    const page = await fetch(`${url}/workspace/`, { headers: cookie("alice") });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain("<!doctype html>");
    for (const path of ["/workspace/", "/workspace/review/info", "/workspace/api/head"]) {
      const refused = await fetch(`${url}${path}`);
      expect({ path, status: refused.status }).toEqual({ path, status: 401 });
    }
    expect((await fetch(`${url}/elsewhere`, { headers: cookie("alice") })).status).toBe(404);
    expect((await fetch(`${url}/workspace/nothing`, { headers: cookie("alice") })).status).toBe(
      404,
    );
  });

  it("says who the page acts as, per request, and what this host gave it", async () => {
    const info = async (who: string) =>
      (await fetch(`${url}/workspace/review/info`, { headers: cookie(who) })).json();
    expect(await info("alice")).toEqual({
      workspace: "default",
      person: "alice",
      channels: ["slack"],
      can_start: true,
    });
    expect(await info("bob")).toMatchObject({ person: "bob" });
    expect(await info("agent")).toMatchObject({ person: "agent:thr_1" });
  });

  it("serves the protocol under api/, its commands run as the authenticated actor", async () => {
    const frame = {
      type: "command",
      command_id: "cmd_hello",
      command: { type: "post_message", thread_id: "thr_1", content: "Hello.", kind: "message" },
    };
    const answer = await fetch(`${url}/workspace/api/commands`, json("bob", frame));
    expect(await answer.json()).toMatchObject({ type: "command_result", ok: true });
    const [last] = await ws.log({ after: (await ws.head()) - 1 });
    expect(last?.actor).toMatchObject({ kind: "user", id: "bob" });
    const stream = await fetch(`${url}/workspace/api/stream?protocol=artifactr.v1&from_head=true`, {
      headers: cookie("bob"),
    });
    expect(await readUntil(stream, "replay_complete")).toContain('"type":"welcome"');
  });

  it("accepts what was saved in the page's editor as the authenticated person; an agent may not", async () => {
    const accept = `${url}/workspace/review/proposals/${SEEDED.toEdit}/accept`;
    const text = "Hire two people by April.\n";
    const saved = { text, field: "text", base_version: 1 };
    const byAgent = await (await fetch(accept, json("agent", saved))).json();
    expect(byAgent).toMatchObject({ ok: false, rejection: { type: "forbidden" } });
    const byBob = await (await fetch(accept, json("bob", saved))).json();
    expect(byBob).toMatchObject({ ok: true, outcome: { type: "resolved", version: 2 } });
    const proposal = await ws.proposal(SEEDED.toEdit);
    expect(proposal?.resolution).toMatchObject({
      by: { kind: "user", id: "bob" },
      surface: "page",
    });
  });
});

describe("the review handler in Hono", () => {
  const app = new Hono();
  app.all("/workspace/*", (c) => handler(c.req.raw));

  it("serves the page, its routes and the protocol (SSE and POST) through app.request", async () => {
    const bare = await app.request("/workspace", { headers: cookie("alice") });
    expect(bare.headers.get("location")).toBe("/workspace/");
    const page = await app.request("/workspace/", { headers: cookie("alice") });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await app.request("/workspace/")).status).toBe(401);
    const cards = await (
      await app.request("/workspace/review/offers", { headers: cookie("alice") })
    ).json();
    expect(cards).toMatchObject([
      { offer_id: "call_tests", card: { state: "standing" } },
      { offer_id: "call_docs", card: { state: "standing" } },
    ]);
    // A thread's agent sees its own thread's offers, no other's.
    const cardsOf = async (who: string) =>
      (await (await app.request("/workspace/review/offers", { headers: cookie(who) })).json()) as {
        offer_id: string;
      }[];
    expect((await cardsOf("agent")).map((card) => card.offer_id)).toEqual([
      "call_tests",
      "call_docs",
    ]);
    expect(await cardsOf("other")).toEqual([]);
    const stream = await app.request("/workspace/api/stream?protocol=artifactr.v1&from_head=true", {
      headers: cookie("alice"),
    });
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const welcomed = readUntil(stream, "Set aside from Hono");
    const frame = {
      type: "command",
      command_id: "cmd_hono",
      command: { type: "post_message", thread_id: "thr_1", content: "Set aside from Hono." },
    };
    const posted = await app.request("/workspace/api/commands", json("alice", frame));
    expect(await posted.json()).toMatchObject({ type: "command_result", ok: true });
    expect(await welcomed).toContain('"content":"Set aside from Hono."');
  });

  it("starts an offer through the host's ports, as the authenticated person", async () => {
    const request = { thread_id: "thr_1", offer_id: "call_tests" };
    const started = await (
      await app.request("/workspace/review/offers/start", json("alice", request))
    ).json();
    expect(started).toMatchObject({ ok: true, checkout: { mode: "isolated" } });
    const offer = (await ws.thread("thr_1"))?.offers.call_tests;
    expect(offer).toMatchObject({ status: "started", checkout: "isolated" });
  });
});

describe("the review handler as a Next.js route", () => {
  it("is the route's GET and POST: a function from Request to Response", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry(), id: "next" });
    // app/review/[[...path]]/route.ts: export const GET = review, POST = review;
    const review = mountReview(
      workspace,
      {
        authenticate: () => ({ kind: "user", id: "carol" }),
        basePath: "/review",
        allowedHosts: ["app.example"],
      },
      assets,
    );
    const [GET, POST] = [review, review];
    const origin = "https://app.example";
    expect((await GET(new Request(`${origin}/review/`))).status).toBe(200);
    const info = await (await GET(new Request(`${origin}/review/review/info`))).json();
    expect(info).toEqual({ workspace: "next", person: "carol", channels: [], can_start: false });
    const refused = await (
      await POST(
        new Request(`${origin}/review/review/offers/start`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ thread_id: "t", offer_id: "o" }),
        }),
      )
    ).json();
    expect(refused).toMatchObject({ ok: false, rejection: { type: "no_host" } });
    const frame = {
      type: "command",
      command_id: "c1",
      command: { type: "create_thread", thread_id: "t1" },
    };
    const answer = await POST(
      new Request(`${origin}/review/api/commands`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(frame),
      }),
    );
    expect(await answer.json()).toMatchObject({ ok: true });
    expect((await workspace.thread("t1"))?.id).toBe("t1");
    review.close();
    expect((await GET(new Request(`${origin}/review/`))).status).toBe(503);
  });

  it("serves the real page's files, as reviewHandler finds them", async () => {
    const workspace = createWorkspace({ registry: fixtureRegistry() });
    const review = reviewHandler(workspace, { authenticate: () => ({ kind: "user", id: "d" }) });
    const html = await (await review(new Request("http://localhost/"))).text();
    expect(html).toContain('src="assets/review.js"');
    const script = await review(new Request("http://localhost/assets/review.js"));
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await script.text()).length).toBeGreaterThan(10_000);
    review.close();
  });
});
