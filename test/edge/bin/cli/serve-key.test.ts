// The serve key stays with the person. Browsers do not keep cookies apart by port, so every
// other server on 127.0.0.1 the person's browser opens (an agent's dev server) would be sent
// a cookie for `/`. The page lives under a secret path of its own; its cookie is scoped to
// it; the landing redirects only there; and nothing is served anywhere else.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, startPageServer } from "../../../../src/edge/bin/cli/serve-server.ts";
import type { PageAssets } from "../../../../src/edge/serve/review/assets.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { open, seedFile } from "../../page/fixtures/seed.ts";

const assets: PageAssets = {
  from: "test",
  get: async (name) =>
    name === "index.html" ? new TextEncoder().encode("<!doctype html><title>t</title>") : null,
};

let ws: Workspace;
let server: PageServer;
let other: PageServer;
const warned: string[] = [];

beforeAll(async () => {
  ws = open(await seedFile());
  const base = {
    workspace: ws,
    person: { kind: "user", id: "alice" } as const,
    host: null,
    assets,
    port: 0,
    warn: (line: string) => warned.push(line),
  };
  server = await startPageServer(base);
  other = await startPageServer(base);
});

afterAll(async () => {
  await server.close();
  await other.close();
  await ws.close();
  expect(warned).toEqual([]);
});

/** A GET of the raw request target `path` (sent as is, `..` and `//` included). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(server.origin);
  return new Promise<{
    status: number;
    location: string | null;
    cookie: string | null;
    body: string;
  }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          cookie: res.headers["set-cookie"]?.join("\n") ?? null,
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const pagePath = () => new URL(server.page).pathname;
const bearer = () => ({ authorization: `Bearer ${server.key}` });

describe("the page's secret path", () => {
  it("is printed in the address, is the run's own, and is where everything is served", async () => {
    expect(server.page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[\w-]{22}\/$/);
    expect(server.url).toBe(`${server.page}?key=${server.key}`);
    expect(new URL(other.page).pathname).not.toBe(pagePath());
    const head = await fetch(`${server.page}api/head`, { headers: bearer() });
    expect(head.status).toBe(200);
  });

  it("is the only path served: anywhere else is a bare 404, with the key or without", async () => {
    const secret = pagePath().slice(3, -1);
    const elsewhere = [
      "/",
      "/api/head",
      "/review/info",
      "/assets/review.js",
      "/s/",
      `/s/${secret}x/`,
      `/s/${secret.slice(0, -1)}/`,
      `/S/${secret}/`,
      new URL(other.page).pathname,
    ];
    for (const path of elsewhere) {
      for (const headers of [{}, bearer()]) {
        const answer = await rawGet(path, headers);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 404,
          body: JSON.stringify({ type: "error", message: "not found" }),
        });
      }
    }
  });
});

describe("the landing and its cookie", () => {
  it("sets a cookie only scripts cannot read, sent only to the page's own path", async () => {
    const landing = await rawGet(`${pagePath()}?key=${server.key}`);
    expect(landing.status).toBe(303);
    expect(landing.location).toBe(pagePath());
    const path = pagePath().slice(0, -1);
    expect(landing.cookie).toMatch(
      new RegExp(`^aw_serve_[\\w-]{12}=${server.key}; HttpOnly; SameSite=Strict; Path=${path}$`),
    );
    // Named for the run, and nothing of the key in the name.
    const name = (landing.cookie ?? "").split("=")[0] ?? "";
    expect(name).not.toContain(server.key.slice(0, 8));
    const kept = { cookie: (landing.cookie ?? "").split(";")[0] as string };
    expect((await fetch(`${server.page}api/head`, { headers: kept })).status).toBe(200);
    expect((await fetch(`${other.page}api/head`, { headers: kept })).status).toBe(401);
  });

  it("redirects only to the page's path, whatever path the landing came to", async () => {
    const key = server.key;
    const secret = pagePath();
    for (const target of [
      `${secret}?key=${key}`,
      `${secret.slice(0, -1)}?key=${key}`,
      `${secret}/evil.example/?key=${key}`,
      `${secret}review/info?next=//evil.example/&key=${key}`,
      `${secret}%2F%2Fevil.example?key=${key}`,
    ]) {
      const answer = await rawGet(target);
      expect({ target, status: answer.status, location: answer.location }).toEqual({
        target,
        status: 303,
        location: secret,
      });
    }
  });

  it("does not land from outside the page's path: //evil.example/ and ../ are 404, no redirect", async () => {
    const key = server.key;
    for (const target of [
      `//evil.example/?key=${key}`,
      `///evil.example/?key=${key}`,
      `${pagePath()}../x?key=${key}`,
      `/?key=${key}`,
    ]) {
      const answer = await rawGet(target);
      expect({
        target,
        status: answer.status,
        location: answer.location,
        cookie: answer.cookie,
      }).toEqual({ target, status: 404, location: null, cookie: null });
    }
  });

  it("refuses a wrong key with 401 and sets nothing", async () => {
    const answer = await rawGet(`${pagePath()}?key=${other.key}`);
    expect({ status: answer.status, cookie: answer.cookie }).toEqual({ status: 401, cookie: null });
  });

  it("is not hidden by a cookie of the same name set for a wider path by someone else", async () => {
    const landing = await rawGet(`${pagePath()}?key=${server.key}`);
    const ours = (landing.cookie ?? "").split(";")[0] as string;
    const name = ours.split("=")[0] as string;
    // The browser sends the more specific path's cookie first; a tossed one may come first too.
    for (const cookie of [`${name}=tossed; ${ours}`, `${ours}; ${name}=tossed`]) {
      expect((await fetch(`${server.page}api/head`, { headers: { cookie } })).status).toBe(200);
    }
    const tossedOnly = { cookie: `${name}=tossed` };
    expect((await fetch(`${server.page}api/head`, { headers: tossedOnly })).status).toBe(401);
  });
});
