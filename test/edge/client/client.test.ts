// The browser client, run in Node against a real server: reads, commits, subscriptions that
// see each other's writes and resume across dropped connections and restarts, live output.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ClientOptions, WorkspaceClient } from "../../../src/edge/client/api.ts";
import { createClient } from "../../../src/edge/client/client.ts";
import { isClientError } from "../../../src/edge/client/errors.ts";
import { protocolHandler } from "../../../src/edge/serve/handler.ts";
import { nodeListener } from "../../../src/edge/serve/node-http.ts";
import { memoryStore, type Store, WorkspaceError } from "../../../src/entries/index.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import { bearer, eventually, serve } from "../serve/harness.ts";

type Served = Awaited<ReturnType<typeof serve>>;
let open: Served | null = null;
const clients: WorkspaceClient[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await open?.close();
  open = null;
});

const alice = { kind: "user", id: "alice" } as const;
const fast = { minMs: 20, maxMs: 100 };

function client(url: string, token: string, options: Partial<ClientOptions> = {}): WorkspaceClient {
  const made = createClient({
    url,
    headers: { authorization: `Bearer ${token}` },
    reconnect: fast,
    ...options,
  });
  clients.push(made);
  return made;
}

const collect = (into: Envelope[]) => (envelope: Envelope) => into.push(envelope);
const seqs = (envelopes: readonly Envelope[]) => envelopes.map((e) => e.seq);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("createClient: reads and commits", () => {
  it("reads what the workspace holds, null for what it does not", async () => {
    open = await serve();
    const { workspace, url } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit(
      { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "a" } },
      alice,
    );
    const proposed = await workspace.commit(
      {
        type: "edit_artifact",
        artifact_id: "m1",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old: "a", new: "b" }] },
      },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    if (!proposed.ok || proposed.outcome.type !== "proposed")
      throw new Error("expected a proposal");
    const c = client(url, "alice");
    expect(await c.artifact("m1")).toEqual(await workspace.artifact("m1"));
    expect(await c.artifact("nope")).toBeNull();
    expect(await c.artifacts()).toEqual(await workspace.artifacts());
    expect(await c.revisions("m1")).toEqual(await workspace.revisions("m1"));
    expect(await c.revision("m1", 1)).toEqual(await workspace.revision("m1", 1));
    expect(await c.revision("m1", 9)).toBeNull();
    expect(await c.proposals({ status: "pending" })).toEqual(
      await workspace.proposals({ status: "pending" }),
    );
    // A page always: its limit is sent (the server's default when left out).
    expect(await c.proposalPage()).toEqual(await workspace.proposalPage());
    expect(await c.proposalPage({ status: "pending", limit: 1 })).toEqual(
      await workspace.proposalPage({ status: "pending", limit: 1 }),
    );
    expect(await c.proposalPage({ after: proposed.outcome.proposal_id })).toEqual({
      items: [],
      next: null,
    });
    await expect(c.proposalPage({ limit: 0 })).rejects.toMatchObject({
      code: "refused",
      rejection: { type: "validation_failed" },
    });
    expect(await c.proposal(proposed.outcome.proposal_id)).toEqual(
      await workspace.proposal(proposed.outcome.proposal_id),
    );
    expect(await c.previewProposal(proposed.outcome.proposal_id)).toEqual(
      await workspace.previewProposal(proposed.outcome.proposal_id),
    );
    expect(await c.previewProposal("p9")).toMatchObject({
      ok: false,
      rejection: { type: "not_found" },
    });
    expect(await c.threads()).toEqual(await workspace.threads());
    expect(await c.thread("t9")).toBeNull();
    expect(await c.runs()).toEqual([]);
    expect(await c.decisions()).toEqual([]);
    expect(await c.offers({ threadId: "t1" })).toEqual([]);
    expect(await c.log({ after: 1 })).toEqual(await workspace.log({ after: 1 }));
    expect(await c.head()).toBe(3);
    expect(await c.notes({ after: 0 })).toEqual(await workspace.notes({ viewer: alice, after: 0 }));
    expect((await c.nextNotes()).cursor).toBe(3);
  });

  it("commits as the signed-in actor: outcomes and rejections as values, errors as ClientError codes", async () => {
    open = await serve();
    const c = client(open.url, "alice");
    expect(await c.commit({ type: "create_thread", thread_id: "t1" })).toEqual({
      ok: true,
      outcome: { type: "recorded", seq: 1, run_id: null },
    });
    expect(await c.commit({ type: "create_thread", thread_id: "t1" })).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state" },
    });
    expect((await open.workspace.log()).map((e) => e.actor)).toEqual([
      { kind: "user", id: "alice", name: "Alice" },
    ]);
    const nobody = client(open.url, "mallory");
    const refused = await nobody.threads().catch((error: unknown) => error);
    expect(isClientError(refused) && [refused.code, refused.status]).toEqual([
      "unauthenticated",
      401,
    ]);
    const agent = client(open.url, "agent2");
    const forbidden = await agent.thread("t1").catch((error: unknown) => error);
    expect(isClientError(forbidden) && [forbidden.code, forbidden.rejection?.type]).toEqual([
      "refused",
      "forbidden",
    ]);
    const gone = createClient({ url: "http://127.0.0.1:9", reconnect: fast });
    const unreachable = await gone.head().catch((error: unknown) => error);
    expect(isClientError(unreachable) && unreachable.code).toBe("unreachable");
  });

  it("sends a command again under the same id when its answer is lost: it is carried out once", async () => {
    open = await serve();
    let dropped = 0;
    const lossy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/commands") && dropped === 0) {
        dropped += 1;
        await response.text();
        throw new TypeError("fetch failed: the connection was reset");
      }
      return response;
    };
    const c = client(open.url, "alice", { fetch: lossy });
    const result = await c
      .commit({ type: "post_message", thread_id: "t1", content: "x" })
      .catch(() => null);
    expect(dropped).toBe(1);
    expect(result).toMatchObject({ ok: false, rejection: { type: "not_found" } });
    const created = await c.commit(
      { type: "create_thread", thread_id: "t1" },
      { commandId: "mine" },
    );
    expect(
      await c.commit({ type: "create_thread", thread_id: "t1" }, { commandId: "mine" }),
    ).toEqual(created);
    expect(await open.workspace.head()).toBe(1);
  });

  it("sends a command again when the server answers that the store lost the write's answer: it lands once", async () => {
    const inner = memoryStore();
    let lose = true;
    const store: Store = {
      ...inner,
      async append(...args) {
        const result = await inner.append(...args);
        if (lose && args[2].envelopes.length > 0) {
          lose = false;
          throw new WorkspaceError("unknown_outcome", "the connection was lost");
        }
        return result;
      },
    };
    open = await serve({ workspaceOptions: { store }, onError: () => {} });
    const c = client(open.url, "alice");
    const made = await c.commit({ type: "create_thread", thread_id: "t1" });
    expect(made).toEqual({ ok: true, outcome: { type: "recorded", seq: 1, run_id: null } });
    expect(lose).toBe(false);
    expect(await open.workspace.head()).toBe(1);
    // A fault that is not worth retrying reaches the caller typed, with its code.
    const full: Store = {
      ...inner,
      append: async () => {
        throw new WorkspaceError("disk_full", "no room");
      },
    };
    const other = await serve({ workspaceOptions: { store: full }, onError: () => {} });
    cleanups.push(() => other.close());
    const refused = await client(other.url, "alice")
      .commit({ type: "create_thread", thread_id: "t9" })
      .catch((error: unknown) => error);
    expect(isClientError(refused) && [refused.code, refused.status, refused.fault]).toEqual([
      "server_error",
      507,
      "disk_full",
    ]);
  });
});

describe("createClient: subscribe", () => {
  it("lets two clients see each other's writes, each once and in order", async () => {
    open = await serve();
    const a = client(open.url, "alice");
    const b = client(open.url, "bob");
    const seenByA: Envelope[] = [];
    const seenByB: Envelope[] = [];
    const subA = a.subscribe(0, collect(seenByA));
    const subB = b.subscribe(0, collect(seenByB));
    await a.commit({ type: "create_thread", thread_id: "t1" });
    await b.commit({ type: "post_message", thread_id: "t1", content: "from Bob" });
    await a.commit({ type: "post_message", thread_id: "t1", content: "from Alice" });
    await subA.settled();
    await subB.settled();
    expect(seenByA).toEqual(await open.workspace.log());
    expect(seenByB).toEqual(seenByA);
    expect(seenByB.map((e) => e.actor.kind === "user" && e.actor.id)).toEqual([
      "alice",
      "bob",
      "alice",
    ]);
  });

  it("resumes after the server drops its connections: no event lost or repeated", async () => {
    open = await serve();
    const { workspace, server } = open;
    const seen: Envelope[] = [];
    const errors: unknown[] = [];
    const c = client(open.url, "alice", { onError: (error) => errors.push(error) });
    const sub = c.subscribe(0, collect(seen));
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    for (let round = 0; round < 5; round++) {
      // Connected and caught up, then cut in the middle of a burst of writes.
      await eventually(() => seen.length === 1 + round * 10);
      for (let i = 0; i < 10; i++) {
        await workspace.commit(
          { type: "post_message", thread_id: "t1", content: `${round}.${i}` },
          alice,
        );
        if (i === 4) server.closeAllConnections();
      }
    }
    await sub.settled();
    expect(seqs(seen)).toEqual(range(1, 51));
    expect(errors.length).toBeGreaterThan(0);
  });

  it("resumes across a restart of the server on the same address", async () => {
    open = await serve();
    const { workspace, url } = open;
    const seen: Envelope[] = [];
    const c = client(url, "alice");
    const sub = c.subscribe(0, collect(seen));
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await sub.settled();
    await open.close();
    open = null;
    // Written while no server was up.
    await workspace.commit({ type: "post_message", thread_id: "t1", content: "while down" }, alice);
    const port = Number(new URL(url).port);
    const again = await restart(workspace, port);
    cleanups.push(again.close);
    await workspace.commit({ type: "post_message", thread_id: "t1", content: "after" }, alice);
    await eventually(() => seen.length === 3, 10_000);
    expect(seqs(seen)).toEqual([1, 2, 3]);
    expect(seen.map((e) => (e.event as { content?: string }).content)).toEqual([
      undefined,
      "while down",
      "after",
    ]);
  });

  it("starts over on a reset welcome: onReset, then the log from its start", async () => {
    open = await serve();
    const { workspace } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
    const seen: Envelope[] = [];
    let resets = 0;
    const c = client(open.url, "alice");
    const sub = c.subscribe(40, collect(seen), { onReset: () => (resets += 1) });
    await sub.settled();
    expect([resets, seqs(seen)]).toEqual([1, [1, 2]]);
  });

  it("follows only the threads asked for, besides the workspace's own events", async () => {
    open = await serve();
    const { workspace } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit({ type: "create_thread", thread_id: "t2" }, alice);
    await workspace.commit(
      { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "" } },
      alice,
    );
    const seen: Envelope[] = [];
    const sub = client(open.url, "alice").subscribe(0, collect(seen), { threads: ["t2"] });
    await sub.settled();
    expect(seqs(seen)).toEqual([2, 3]);
    sub.close();
  });
});

describe("createClient: live", () => {
  it("hears a run's live output, watched on the stream, once each across a reconnect", async () => {
    open = await serve();
    const { workspace, live, server } = open;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    live.publish("r1", { type: "text_delta", part: 0, delta: "Hel" });
    const c = client(open.url, "alice");
    const heard: string[] = [];
    const stop = c.live("r1", (event) =>
      heard.push(event.type === "text_delta" ? event.delta : event.type),
    );
    await eventually(() => heard.length === 1);
    live.publish("r1", { type: "text_delta", part: 0, delta: "lo" });
    await eventually(() => heard.length === 2);
    // The stream is dropped; on reconnect the run is watched again, and its backlog skipped.
    server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 300));
    live.publish("r1", { type: "part_ended", part: 0 });
    await eventually(() => heard.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(["Hel", "lo", "part_ended"]);
    // A second run, watched on the open stream.
    await workspace.record(
      { type: "run_started", run_id: "r2", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r2" },
    );
    const other: string[] = [];
    c.live("r2", (event) => other.push(event.type));
    await new Promise((resolve) => setTimeout(resolve, 100));
    live.publish("r2", { type: "part_started", part: 0, part_kind: "text" });
    await eventually(() => other.length === 1);
    stop();
    live.publish("r1", { type: "text_delta", part: 1, delta: "unheard" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(3);
    expect(await workspace.head()).toBe(3); // live output wrote nothing
  });
});

/** The workspace served again, on the port it had. */
async function restart(workspace: Served["workspace"], port: number) {
  const handler = protocolHandler(workspace, { authenticate: bearer });
  const server: Server = createServer(nodeListener(handler));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  expect((server.address() as AddressInfo).port).toBe(port);
  return {
    async close() {
      handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
