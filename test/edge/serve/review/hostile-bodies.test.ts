// No request stops a host serving the review page: its routes that read a body (accepting
// what the editor saved, starting an offer) sent bodies chunked past their 4 MiB, cut short,
// dropped mid-way and trickled in, on a real node:http server. Each is a 413 with an `error`
// frame (the connection closed after it) or a clean close; nothing is written, nothing is
// told to `onError`, and the page's routes answer as before.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Authenticate } from "../../../../src/edge/serve/api.ts";
import { nodeListener } from "../../../../src/edge/serve/node-http.ts";
import type { PageAssets } from "../../../../src/edge/serve/review/assets.ts";
import { mountReview } from "../../../../src/edge/serve/review/handler.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { open, SEEDED, seedFile } from "../../page/fixtures/seed.ts";
import { listen } from "../harness.ts";
import { send } from "../hostile.ts";

const assets: PageAssets = { from: "test", get: async () => null };
const byCookie: Authenticate = (request) =>
  /(?:^|;\s*)session=alice/.test(request.headers.get("cookie") ?? "")
    ? { kind: "user", id: "alice" }
    : null;
const headers = { cookie: "session=alice", "content-type": "application/json" };
const MiB = 1024 * 1024;

let ws: Workspace;
let url = "";
let close = async () => {};
const reported: unknown[] = [];
const ports = {
  checkout: async ({ thread_id }: { thread_id: string }) =>
    ({ mode: "isolated", path: `/trees/${thread_id}` }) as const,
  confirmSharedCheckout: async () => false,
  dispatch: async () => {},
};

beforeAll(async () => {
  ws = open(await seedFile());
  const handler = mountReview(
    ws,
    {
      authenticate: byCookie,
      basePath: "/w",
      offerPorts: ports,
      onError: (error) => reported.push(error),
    },
    assets,
  );
  const server = createServer(nodeListener(handler));
  url = await listen(server);
  close = async () => {
    handler.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});

afterAll(async () => {
  await close();
  await ws.close();
  expect(reported).toEqual([]);
});

/** A JSON body padded with spaces to `bytes`, in pieces of at most 1 MiB. */
function padded(body: unknown, bytes: number): Buffer[] {
  const whole = Buffer.from(JSON.stringify(body).padEnd(bytes, " "));
  const pieces: Buffer[] = [];
  for (let at = 0; at < whole.length; at += MiB) pieces.push(whole.subarray(at, at + MiB));
  return pieces;
}

const acceptPath = `/w/review/proposals/${SEEDED.toEdit}/accept`;
const saved = { text: "Hire two people by April.\n", field: "text", base_version: 1 };
const start = { thread_id: "thr_1", offer_id: "call_tests" };

/** The page's routes still answer, and the proposal is still pending (nothing was accepted). */
async function stillAnswers(): Promise<void> {
  const info = await fetch(`${url}/w/review/info`, { headers });
  expect(info.status).toBe(200);
  expect((await ws.proposal(SEEDED.toEdit))?.status).toBe("pending");
  // A standing offer has no answer yet: none was started.
  expect((await ws.thread("thr_1"))?.offers.call_tests).toBeUndefined();
}

const tooLarge = {
  status: 413,
  body: { type: "error", message: `the request body is larger than ${4 * MiB} bytes` },
  connection: "close",
  error: null,
};

describe("review/proposals/:id/accept with a hostile body", () => {
  it("answers a 5 MiB save, chunked, with 413", async () => {
    const sent = await send(url, { path: acceptPath, headers, chunks: padded(saved, 5 * MiB) });
    expect(sent).toEqual(tooLarge);
    await stillAnswers();
  });

  it("lets go of a save cut short or dropped mid-way", async () => {
    const [first] = padded(saved, 2 * MiB);
    const truncated = await send(url, {
      path: acceptPath,
      headers: { ...headers, "content-length": String(2 * MiB) },
      chunks: [first as Buffer],
      gapMs: 30,
      finish: "drop",
    });
    expect(truncated.status).toBeNull();
    const dropped = await send(url, {
      path: acceptPath,
      headers,
      chunks: [JSON.stringify(saved).slice(0, 20)],
      gapMs: 30,
      finish: "drop",
    });
    expect(dropped.status).toBeNull();
    await stillAnswers();
  });
});

describe("review/offers/start with a hostile body", () => {
  it("answers an oversized start with 413, lets go of one cut short, and takes one trickled in", async () => {
    const big = await send(url, {
      path: "/w/review/offers/start",
      headers: { ...headers, "content-length": String(5 * MiB) },
      chunks: padded(start, 5 * MiB).slice(0, 1),
      gapMs: 10,
    });
    expect(big).toEqual(tooLarge);
    const cut = await send(url, {
      path: "/w/review/offers/start",
      headers,
      chunks: ['{"thread_id":'],
      gapMs: 30,
      finish: "drop",
    });
    expect(cut.status).toBeNull();
    await stillAnswers();
    const text = JSON.stringify(start);
    const slow = await send(url, {
      path: "/w/review/offers/start",
      headers,
      chunks: text.match(/.{1,4}/g) ?? [],
      gapMs: 15,
    });
    expect(slow).toMatchObject({ status: 200, body: { ok: true, checkout: { mode: "isolated" } } });
  });
});
