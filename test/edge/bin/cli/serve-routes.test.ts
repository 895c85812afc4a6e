// The page's server in process, over real HTTP: the page and its files with a strict content
// policy, the protocol as the --as person, the page's own routes (the editor's document, an
// accept of what was saved, starting an offer), and what a local tool must refuse.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHost } from "../../../../src/edge/bin/cli/modules.ts";
import { type PageServer, startPageServer } from "../../../../src/edge/bin/cli/serve-server.ts";
import type { PageAssets } from "../../../../src/edge/serve/review/assets.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { open, SEEDED, seedFile } from "../../page/fixtures/seed.ts";
import { ROOT } from "./fixtures/run.ts";

const assets: PageAssets = {
  from: "test",
  get: async (name) =>
    name === "index.html" ? new TextEncoder().encode("<!doctype html><title>t</title>") : null,
};

let ws: Workspace;
let server: PageServer;
let bare: PageServer;
const warned: string[] = [];

beforeAll(async () => {
  ws = open(await seedFile());
  const host = await loadHost("test/edge/page/fixtures/host.ts", ROOT);
  const base = { workspace: ws, person: { kind: "user", id: "alice" } as const, assets };
  const warn = (line: string) => warned.push(line);
  server = await startPageServer({ ...base, host, port: 0, warn });
  bare = await startPageServer({ ...base, host: null, port: 0, warn });
});

afterAll(async () => {
  await server.close();
  await bare.close();
  await ws.close();
  expect(warned).toEqual([]);
});

// Every request carries the key of the run it goes to, as the page's own requests do.
const withKey = (url: string, init: RequestInit = {}): RequestInit => {
  const key = url.startsWith(bare.page) ? bare.key : server.key;
  const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${key}` };
  return { ...init, headers };
};
const get = (url: string, init?: RequestInit) => fetch(url, withKey(url, init));

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  get(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("the page's server", () => {
  it("serves the page with a policy that loads nothing from elsewhere; a name it lacks is 404", async () => {
    const page = await get(server.page);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect((await get(`${server.page}assets/other.js`)).status).toBe(404);
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.page).toMatch(new RegExp(`^${server.origin}s/[\\w-]{22}/$`));
    expect(server.url).toBe(`${server.page}?key=${server.key}`);
  });

  it("answers only who holds the run's key, which the printed address hands the page once", async () => {
    for (const path of ["", "assets/review.js", "review/info", "api/head"]) {
      expect((await fetch(`${server.page}${path}`)).status).toBe(401);
    }
    expect((await fetch(`${server.page}?key=${bare.key}`)).status).toBe(401);
    const landing = await fetch(server.url, { redirect: "manual" });
    expect(landing.status).toBe(303);
    const path = new URL(server.page).pathname;
    expect(landing.headers.get("location")).toBe(path);
    const cookie = landing.headers.get("set-cookie") ?? "";
    // Scoped to the page's secret path: no other server on 127.0.0.1 (cookies ignore ports)
    // is sent it, unless it knows the path.
    expect(cookie).toMatch(
      new RegExp(
        `^aw_serve_[\\w-]{12}=${server.key}; HttpOnly; SameSite=Strict; Path=${path.slice(0, -1)}$`,
      ),
    );
    const kept = { headers: { cookie: cookie.split(";")[0] as string } };
    expect((await fetch(`${server.page}api/head`, kept)).status).toBe(200);
    expect((await fetch(`${bare.page}api/head`, kept)).status).toBe(401);
  });

  it("serves the protocol under /api, every command run as the --as person", async () => {
    const frame = {
      type: "command",
      command_id: "cmd_1",
      command: { type: "post_message", thread_id: "thr_1", content: "Hello.", kind: "message" },
    };
    const answer = await post(`${server.page}api/commands`, frame);
    expect(await answer.json()).toMatchObject({ type: "command_result", ok: true });
    const [last] = (await ws.log({ after: (await ws.head()) - 1 })).slice(-1);
    expect(last?.actor).toMatchObject({ kind: "user", id: "alice" });
    expect(await (await get(`${server.page}api/head`)).json()).toEqual({
      head_seq: await ws.head(),
    });
  });

  it("refuses a request addressed to another name, and a write from another origin", async () => {
    const port = new URL(server.page).port;
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path: "/api/head", headers: { host: `evil.example:${port}` } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(403);
    const foreign = await post(`${server.page}api/commands`, {}, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    const local = `http://localhost:${port}`;
    expect((await post(`${server.page}review/offers/start`, {}, { origin: local })).status).toBe(
      400,
    );
  });

  it("says who the page acts as and what this server can do", async () => {
    const info = await (await get(`${server.page}review/info`)).json();
    expect(info).toEqual({ workspace: "default", person: "alice", channels: [], can_start: true });
    const without = await (await get(`${bare.page}review/info`)).json();
    expect(without).toMatchObject({ can_start: false });
  });

  it("lists every offer with the card the library draws for it", async () => {
    const cards = await (await get(`${server.page}review/offers`)).json();
    expect(cards).toMatchObject([
      {
        thread_id: "thr_1",
        offer_id: "call_tests",
        card: { state: "standing", title: "Loader tests" },
      },
      { thread_id: "thr_1", offer_id: "call_docs", card: { state: "standing" } },
    ]);
  });
});

describe("accepting with changes from the page", () => {
  const documentOf = async (id: string) =>
    (await get(`${server.page}review/proposals/${id}/document`)).json();

  it("opens a conflicting proposal on its text with markers; saved markers are refused, nothing written", async () => {
    const opened = await documentOf(SEEDED.conflicting);
    expect(opened).toEqual({
      ok: true,
      document: {
        field: "text",
        text: "<<<<<<< current\nLaunch: Wednesday.\n||||||| base\nLaunch: Friday.\n=======\nLaunch: Tuesday.\n>>>>>>> proposed\nBudget: 10.\n",
        base_version: 2,
        conflicted: true,
      },
    });
    const url = `${server.page}review/proposals/${SEEDED.conflicting}/accept`;
    const saved = { text: opened.document.text, field: "text", base_version: 2 };
    const refused = await (await post(url, saved)).json();
    expect(refused).toMatchObject({ ok: false, rejection: { type: "conflict_markers", line: 1 } });
    const stale = await (await post(url, { ...saved, base_version: 1 })).json();
    expect(stale).toMatchObject({ ok: false, rejection: { type: "version_conflict" } });
    expect((await ws.artifact("plan_2"))?.version).toBe(2);
  });

  it("accepts what was saved as changes against the version it was opened on", async () => {
    const url = `${server.page}review/proposals/${SEEDED.conflicting}/accept`;
    const text = "Launch: Thursday.\nBudget: 10.\n";
    const accepted = await (await post(url, { text, field: "text", base_version: 2 })).json();
    expect(accepted).toMatchObject({ ok: true, outcome: { type: "resolved", version: 3 } });
    expect((await ws.artifact("plan_2"))?.data).toEqual({ text });
    const proposal = await ws.proposal(SEEDED.conflicting);
    expect(proposal?.resolution).toMatchObject({ base_version: 2, surface: "page" });
  });

  it("refuses an unknown proposal, and a body it does not take", async () => {
    expect(await documentOf("prp_nope")).toMatchObject({
      ok: false,
      rejection: { type: "not_found" },
    });
    const url = `${server.page}review/proposals/${SEEDED.toEdit}/accept`;
    expect((await post(url, { text: 1 })).status).toBe(400);
    expect((await get(url)).status).toBe(405);
  });
});

describe("starting an offer from the page", () => {
  it("runs startOffer through the --host module's ports; without them it is refused", async () => {
    const request = { thread_id: "thr_1", offer_id: "call_tests" };
    const refused = await (await post(`${bare.page}review/offers/start`, request)).json();
    expect(refused).toMatchObject({ ok: false, rejection: { type: "no_host" } });
    const started = await (await post(`${server.page}review/offers/start`, request)).json();
    expect(started).toMatchObject({ ok: true, checkout: { mode: "isolated" } });
    expect(started.checkout.path).toBe(`/trees/${started.thread_id}`);
    const again = await (await post(`${server.page}review/offers/start`, request)).json();
    expect(again).toMatchObject({ ok: false, rejection: { type: "already_started" } });
  });
});
