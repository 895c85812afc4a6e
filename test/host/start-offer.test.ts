import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gitCheckout } from "../../src/checkout/git-checkout.ts";
import { CheckoutError, placementProblem } from "../../src/checkout/port.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  type CheckoutGrant,
  isolatedCheckout,
  type StartOfferPorts,
  type StartOfferRequest,
  startOffer,
} from "../../src/host/start-offer.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import { type ThreadOfferInput, ThreadOfferSchema } from "../../src/model/offers.ts";
import { offerCard } from "../../src/offers/card.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { type Fixture, git, makeFixture } from "../checkout/git-fixture.ts";
import { startChild } from "../stores/fixtures/child.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";
import { agent, alice, fixtureWorkspace } from "../workspace/helpers.ts";

const offerInput: ThreadOfferInput = {
  title: "Tests for the settings loader",
  summary: "Cover the loader's handling of malformed files.",
  prompt: "Write tests for src/settings/loader.ts covering malformed input.",
  files: ["src/settings/loader.ts"],
};
const offer = ThreadOfferSchema.parse(offerInput);
const request = { offering_thread_id: "t1", offer_id: "call_1", offer: offerInput };

/** One port call, with the log's event types (after setup) at the moment it was made. */
type Call =
  | { port: "checkout"; thread_id: string; saved: boolean; log: string[] }
  | { port: "confirm"; thread_id: string; path: string; title: string; log: string[] }
  | { port: "dispatch"; thread_id: string; message_id: string; log: string[] };

interface HostOptions {
  /** What `checkout` grants, or what it throws. */
  readonly checkout: CheckoutGrant | { readonly throws: unknown };
  /** The person's answer to the shared-checkout question. */
  readonly consent?: boolean;
  /** What `dispatch` throws, if anything. */
  readonly dispatchThrows?: unknown;
}

/**
 * The host's ports as plain recorders: each call is appended to `calls` together with what
 * the log held at that moment, so a test sees both the order and what was written first.
 */
function hostPorts(ws: Workspace, after: number, options: HostOptions) {
  const calls: Call[] = [];
  const logNow = async () => (await ws.log({ after })).map((e) => e.event.type);
  const ports: StartOfferPorts = {
    async checkout({ thread_id }) {
      const saved = (await ws.thread(thread_id)) !== null;
      calls.push({ port: "checkout", thread_id, saved, log: await logNow() });
      if ("throws" in options.checkout) throw options.checkout.throws;
      return options.checkout;
    },
    async confirmSharedCheckout({ thread_id, offer, path }) {
      calls.push({ port: "confirm", thread_id, path, title: offer.title, log: await logNow() });
      return options.consent ?? false;
    },
    async dispatch({ thread_id, message_id }) {
      calls.push({ port: "dispatch", thread_id, message_id, log: await logNow() });
      if (options.dispatchThrows !== undefined) throw options.dispatchThrows;
    },
  };
  return { calls, ports };
}

const isolated: CheckoutGrant = { mode: "isolated", path: "/work/trees/thr_1" };
const shared: CheckoutGrant = { mode: "shared", path: "/work/project" };

let ws: Workspace;
let setupHead: number;
const types = async () => (await ws.log({ after: setupHead })).map((e) => e.event.type);
const cardNow = async () => {
  const offering = await ws.thread("t1");
  const answer = offering?.offers.call_1;
  const started = answer?.status === "started" ? await ws.thread(answer.thread_id) : null;
  return offerCard(offer, answer, started !== null);
};

beforeEach(async () => {
  ws = fixtureWorkspace();
  await ws.commit({ type: "create_thread", thread_id: "t1", title: "Parser fix" }, alice);
  setupHead = await ws.head();
});

describe("starting an offer with an isolated checkout", () => {
  it("creates and saves the thread, checks out, posts the prompt, records the answer, dispatches", async () => {
    const host = hostPorts(ws, setupHead, { checkout: isolated });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });

    expect(result).toEqual({
      ok: true,
      thread_id: "thr_1",
      message_id: "msg_1",
      checkout: isolated,
    });
    expect(host.calls).toEqual([
      { port: "checkout", thread_id: "thr_1", saved: true, log: ["thread_created"] },
      {
        port: "dispatch",
        thread_id: "thr_1",
        message_id: "msg_1",
        log: ["thread_created", "message_posted", "offer_answered"],
      },
    ]);
    const log = await ws.log({ after: setupHead });
    expect(log.map((e) => [e.event, e.actor.kind])).toEqual([
      [
        {
          type: "thread_created",
          thread_id: "thr_1",
          title: "Tests for the settings loader",
          proposed_by: { thread_id: "t1", offer_id: "call_1" },
        },
        "user",
      ],
      [
        {
          type: "message_posted",
          thread_id: "thr_1",
          message_id: "msg_1",
          content: offer.prompt,
          run_id: null,
          kind: "message",
        },
        "user",
      ],
      [
        {
          type: "offer_answered",
          thread_id: "t1",
          offer_id: "call_1",
          answer: {
            status: "started",
            thread_id: "thr_1",
            checkout: "isolated",
            at: expect.any(String),
            surface: null,
          },
        },
        "user",
      ],
    ]);
    expect((await ws.thread("thr_1"))?.proposed_by).toEqual({
      thread_id: "t1",
      offer_id: "call_1",
    });
    expect(await cardNow()).toMatchObject({
      state: "started",
      checkout: "isolated",
      link: { thread_id: "thr_1" },
    });
  });

  it("uses the thread id the host chose", async () => {
    const host = hostPorts(ws, setupHead, { checkout: isolated });
    const result = await startOffer(ws, {
      request: { ...request, thread_id: "thr_mine" },
      actor: alice,
      ports: host.ports,
    });
    expect(result).toMatchObject({ ok: true, thread_id: "thr_mine" });
    expect(host.calls.map((c) => [c.port, c.thread_id])).toEqual([
      ["checkout", "thr_mine"],
      ["dispatch", "thr_mine"],
    ]);
  });
});

describe("starting an offer when only the shared checkout is granted", () => {
  it("asks for consent before anything is sent or dispatched, then records shared", async () => {
    const host = hostPorts(ws, setupHead, { checkout: shared, consent: true });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });

    expect(result).toEqual({
      ok: true,
      thread_id: "thr_1",
      message_id: "msg_1",
      checkout: shared,
    });
    expect(host.calls).toEqual([
      { port: "checkout", thread_id: "thr_1", saved: true, log: ["thread_created"] },
      {
        port: "confirm",
        thread_id: "thr_1",
        path: "/work/project",
        title: "Tests for the settings loader",
        log: ["thread_created"],
      },
      {
        port: "dispatch",
        thread_id: "thr_1",
        message_id: "msg_1",
        log: ["thread_created", "message_posted", "offer_answered"],
      },
    ]);
    // Consent came before any message and before dispatch.
    const confirm = host.calls.findIndex((c) => c.port === "confirm");
    expect(confirm).toBeLessThan(host.calls.findIndex((c) => c.port === "dispatch"));
    expect(host.calls[confirm]?.log).not.toContain("message_posted");
    expect(await types()).toEqual(["thread_created", "message_posted", "offer_answered"]);
    expect((await ws.thread("t1"))?.offers.call_1).toEqual({
      status: "started",
      thread_id: "thr_1",
      checkout: "shared",
      at: expect.any(String),
      surface: null,
    });
    const card = await cardNow();
    expect(card).toMatchObject({ state: "started", checkout: "shared" });
    expect(card.state === "started" && card.line).toMatch(/shared checkout/);
  });

  it("parks the prompt as a draft when declined: nothing sent or dispatched, offer standing", async () => {
    const host = hostPorts(ws, setupHead, { checkout: shared, consent: false });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });

    expect(result).toEqual({ ok: false, stage: "consent", thread_id: "thr_1" });
    expect(host.calls.map((c) => c.port)).toEqual(["checkout", "confirm"]);
    expect(await types()).toEqual(["thread_created", "draft_saved", "offer_released"]);
    const started = await ws.thread("thr_1");
    expect(started?.draft).toBe(offer.prompt);
    expect((await ws.thread("t1"))?.offers).toEqual({});
    expect(await cardNow()).toMatchObject({ state: "standing", emphasis: "ask" });
  });
});

describe("starting an offer when the checkout fails", () => {
  it("leaves an empty thread: nothing sent, nothing dispatched, no answer, the claim released", async () => {
    const problem = placementProblem("detached_head", "placement", "HEAD is detached");
    const error = new CheckoutError(problem);
    const host = hostPorts(ws, setupHead, { checkout: { throws: error } });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });

    expect(result).toEqual({ ok: false, stage: "checkout", thread_id: "thr_1", error, problem });
    expect(host.calls.map((c) => c.port)).toEqual(["checkout"]);
    expect(await types()).toEqual(["thread_created", "offer_released"]);
    const started = await ws.thread("thr_1");
    expect(started?.draft).toBeNull();
    expect(await ws.thread("t1")).toMatchObject({ offers: {}, starting: {} });
    expect(await cardNow()).toMatchObject({ state: "standing" });
    // Released: the offer can be started again, into a new thread.
    const again = hostPorts(ws, setupHead, { checkout: isolated });
    const retried = await startOffer(ws, { request, actor: alice, ports: again.ports });
    expect(retried).toMatchObject({ ok: true, thread_id: "thr_2" });
  });

  it("carries no problem when the port throws something other than a CheckoutError", async () => {
    const error = new Error("the host's checkout IPC went away");
    const host = hostPorts(ws, setupHead, { checkout: { throws: error } });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });
    expect(result).toEqual({
      ok: false,
      stage: "checkout",
      thread_id: "thr_1",
      error,
      problem: null,
    });
    expect(await types()).toEqual(["thread_created", "offer_released"]);
  });
});

describe("starting an offer when dispatch fails", () => {
  it("reports it after the prompt and the answer were written", async () => {
    const error = new Error("no runner available");
    const host = hostPorts(ws, setupHead, { checkout: isolated, dispatchThrows: error });
    const result = await startOffer(ws, { request, actor: alice, ports: host.ports });

    expect(result).toEqual({
      ok: false,
      stage: "dispatch",
      thread_id: "thr_1",
      message_id: "msg_1",
      checkout: isolated,
      error,
    });
    expect(host.calls.map((c) => c.port)).toEqual(["checkout", "dispatch"]);
    expect(await types()).toEqual(["thread_created", "message_posted", "offer_answered"]);
  });
});

describe("a start refused before anything is written", () => {
  async function expectNothingWritten(
    input: StartOfferRequest,
    rejection: Record<string, unknown>,
    actor: ActorInput = alice,
  ): Promise<void> {
    const host = hostPorts(ws, setupHead, { checkout: isolated });
    const result = await startOffer(ws, { request: input, actor, ports: host.ports });
    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: expect.objectContaining(rejection),
    });
    expect(host.calls).toEqual([]);
    expect(await ws.head()).toBe(setupHead);
  }

  it("an invalid offer, naming the field", async () => {
    const { summary: _, ...withoutSummary } = offerInput;
    await expectNothingWritten(
      { ...request, offer: withoutSummary as ThreadOfferInput },
      {
        type: "validation_failed",
        errors: [expect.objectContaining({ type: "missing", loc: ["offer", "summary"] })],
      },
    );
  });

  it("a blank title", async () => {
    await expectNothingWritten(
      { ...request, offer: { ...offerInput, title: "   " } },
      {
        type: "validation_failed",
        errors: [expect.objectContaining({ loc: ["offer", "title"] })],
      },
    );
  });

  it("an offering thread that does not exist", async () => {
    await expectNothingWritten(
      { ...request, offering_thread_id: "t_gone" },
      { type: "not_found", entity: "thread", id: "t_gone" },
    );
  });

  it("an agent as the person", async () => {
    await expectNothingWritten(request, { type: "forbidden" }, agent);
  });

  it("a thread id already in use", async () => {
    await expectNothingWritten({ ...request, thread_id: "t1" }, { type: "invalid_state" });
  });

  it("a host port left out, before anything is written", async () => {
    const { ports } = hostPorts(ws, setupHead, { checkout: isolated });
    const { confirmSharedCheckout: _, ...partial } = ports;
    const result = await startOffer(ws, {
      request,
      actor: alice,
      ports: partial as StartOfferPorts,
    });
    expect(result).toEqual({
      ok: false,
      stage: "check",
      rejection: {
        type: "validation_failed",
        message: "invalid ports",
        errors: [
          {
            type: "missing",
            loc: ["ports", "confirmSharedCheckout"],
            msg: "a function is required",
          },
        ],
      },
    });
    expect(await ws.head()).toBe(setupHead);
  });

  it("an offer already started", async () => {
    const { ports } = hostPorts(ws, setupHead, { checkout: isolated });
    const first = await startOffer(ws, { request, actor: alice, ports });
    expect(first.ok).toBe(true);
    setupHead = await ws.head();
    await expectNothingWritten(request, {
      type: "already_started",
      offer_id: "call_1",
      thread_id: "thr_1",
    });
  });
});

describe("starting an offer in a real git repository", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterAll(() => fixture.cleanup());

  it("gives the started thread its own worktree", async () => {
    const dispatched: string[] = [];
    const ports: StartOfferPorts = {
      checkout: isolatedCheckout(gitCheckout({ root: fixture.root }), "main"),
      confirmSharedCheckout: async () => {
        throw new Error("an isolated grant must not ask for consent");
      },
      dispatch: async ({ thread_id, message_id }) => {
        dispatched.push(`${thread_id}:${message_id}`);
      },
    };
    const result = await startOffer(ws, { request, actor: alice, ports });

    const directory = join(fixture.defaultWorktrees, "thr_1");
    expect(result).toEqual({
      ok: true,
      thread_id: "thr_1",
      message_id: "msg_1",
      checkout: { mode: "isolated", path: directory },
    });
    expect(dispatched).toEqual(["thr_1:msg_1"]);
    expect((await stat(directory)).isDirectory()).toBe(true);
    const worktrees = await git(fixture.root, "worktree", "list", "--porcelain");
    expect(worktrees).toContain(`worktree ${directory}\n`);
    expect(worktrees).toContain("branch refs/heads/aw/thr_1");
    expect((await ws.thread("t1"))?.offers.call_1).toMatchObject({ checkout: "isolated" });
  });
});

describe("an offer starts once", () => {
  const ports = (dispatched: string[]): StartOfferPorts => ({
    checkout: async ({ thread_id }) => ({ mode: "isolated", path: `/trees/${thread_id}` }),
    confirmSharedCheckout: async () => false,
    dispatch: async ({ thread_id }) => {
      dispatched.push(thread_id);
    },
  });

  it("two starts at once in one process: one thread, one dispatch, the other already_started", async () => {
    const dispatched: string[] = [];
    const results = await Promise.all(
      ["a", "b"].map((who) =>
        startOffer(ws, {
          request: { ...request, thread_id: `thr_${who}` },
          actor: { kind: "user", id: who },
          ports: ports(dispatched),
        }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const winner = winners[0]?.ok ? winners[0].thread_id : "";
    expect(results.filter((r) => !r.ok)).toEqual([
      {
        ok: false,
        stage: "check",
        rejection: expect.objectContaining({ type: "already_started", thread_id: winner }),
      },
    ]);
    expect(dispatched).toEqual([winner]);
    expect((await types()).filter((t) => t === "thread_created")).toHaveLength(1);
  });

  it("two processes on one SQLite file: one thread, one dispatch", async () => {
    const { file } = tempFiles("offer-race");
    const path = file();
    const store = sqliteStore({ path });
    const shared = createWorkspace({ registry: fixtureRegistry(), store });
    await shared.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const children = ["1", "2"].map((index) => startChild("offer-starter.ts", [path, index]));
    await Promise.all(children.map((child) => child.waitFor("ready")));
    for (const child of children) child.process.stdin?.write("go\n");
    await Promise.all(children.map((child) => child.exited));
    const lines = children.flatMap((child) => child.lines);
    const results = lines
      .filter((line) => line.startsWith("result "))
      .map((line) => JSON.parse(line.slice("result ".length)) as { ok: boolean });
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      expect.objectContaining({
        stage: "check",
        rejection: expect.objectContaining({ type: "already_started" }),
      }),
    ]);
    expect(lines.filter((line) => line.startsWith("dispatched "))).toHaveLength(1);
    const created = (await shared.log()).filter((e) => e.event.type === "thread_created");
    expect(created).toHaveLength(2); // t1, and the one started thread
    await shared.close();
  });
});

describe("starting an offer stored whole", () => {
  it("starts the stored offer when the request leaves it out, and refuses one never made", async () => {
    const made = await ws.commit(
      { type: "make_offer", thread_id: "t1", offer_id: "call_1", offer: offerInput },
      agent,
    );
    expect(made.ok).toBe(true);
    const host = hostPorts(ws, setupHead, { checkout: isolated });
    const { offer: _, ...stored } = request;
    const result = await startOffer(ws, { request: stored, actor: alice, ports: host.ports });
    expect(result).toMatchObject({ ok: true, thread_id: "thr_1" });
    const posted = (await ws.log({ threadId: "thr_1" })).find(
      (e) => e.event.type === "message_posted",
    );
    expect(posted?.event).toMatchObject({ content: offer.prompt });

    const missing = await startOffer(ws, {
      request: { ...stored, offer_id: "call_9" },
      actor: alice,
      ports: host.ports,
    });
    expect(missing).toMatchObject({
      ok: false,
      stage: "check",
      rejection: { type: "not_found", entity: "offer", id: "call_9" },
    });
  });
});
