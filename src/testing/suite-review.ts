import { expect, it } from "vitest";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import type { ActorInput } from "../model/actors.ts";
import { sequentialIds } from "../model/ids.ts";
import { NO_NEEDS } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import type { Workspace } from "../workspace/api.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import { declaredTest } from "./suite-capabilities.ts";
import type { SuiteContext } from "./suite-context.ts";
import { alice } from "./suite-records.ts";

// What a person's review writes, through a workspace on the store: answers to many proposals
// in one command, a revert, a comment on a hunk and an accept of some hunks. Each is checked
// as the store reads it back, not as the workspace kept it.

const agent = (thread_id: string, run_id: string) =>
  ({ kind: "agent", thread_id, run_id }) as const;
const [t1, t2, t3] = [agent("t1", "r1"), agent("t2", "r2"), agent("t3", "r3")];
const TEXT = "Ship on Friday.\nTests pass.\nDocs later.\n";

/** A workspace on the store with three agents' threads and memo `m1`, counting its appends. */
interface Review {
  readonly ws: Workspace;
  readonly id: string;
  appends(): number;
}

/** The store, with its appends counted: a command that lands in one append moves this by one. */
export function counting<S extends Store>(store: S): { store: S; appends: () => number } {
  let appends = 0;
  const counted = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key !== "append") return value.bind(target);
      return (...args: unknown[]) => {
        appends += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { store: counted, appends: () => appends };
}

async function review(store: Store, id: string): Promise<Review> {
  const { store: counted, appends } = counting(store);
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store: counted,
    id,
    newId: sequentialIds(),
  });
  for (const { thread_id } of [t1, t2, t3]) {
    await ws.commit({ type: "create_thread", thread_id }, alice);
  }
  await ws.commit(
    { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: TEXT } },
    alice,
  );
  return { ws, id, appends };
}

// An agent's edit of `m1` (at version 1 unless said), which the memo's policy makes a proposal.
async function propose(ws: Workspace, agent: ActorInput, text: string, base = 1): Promise<string> {
  const made = await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "m1",
      base_version: base,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: text }] },
    },
    agent,
  );
  if (!made.ok || made.outcome.type !== "proposed") throw new Error("expected a proposal");
  return made.outcome.proposal_id;
}

/** The proposals a batch answered, and the head before it. */
interface Answered {
  readonly ids: readonly [string, string, string];
  readonly head: number;
}

/** Two accepts (the second rebased onto the first) and a reject, answered in one command. */
async function answerBatch(r: Review): Promise<Answered> {
  const ids = [
    await propose(r.ws, t1, "Ship on Monday.\nTests pass.\nDocs later.\n"),
    await propose(r.ws, t2, "Ship on Friday.\nTests pass.\nDocs now.\n"),
    await propose(r.ws, t3, "Ship on Friday.\nTests run.\nDocs later.\n"),
  ] as const;
  const [first, second, third] = ids;
  const head = await r.ws.head();
  const before = r.appends();
  const answered = await r.ws.commit(
    {
      type: "respond_to_proposals",
      responses: [
        { proposal_id: first, decision: "accept" },
        { proposal_id: second, decision: "accept", surface: "page" },
        { proposal_id: third, decision: "reject", reason: "tests stay" },
      ],
    },
    alice,
  );
  expect(answered).toMatchObject({ ok: true, outcome: { type: "batch", seq: head + 5 } });
  expect(r.appends() - before).toBe(1);
  return { ids, head };
}

/** A person's edit (v2) and an agent's accepted proposal (v3), each reverted (v4, v5). */
async function revertBoth(r: Review): Promise<string> {
  const edited = await r.ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "m1",
      base_version: 1,
      patch: { kind: "text_edits", field: "text", edits: [{ old: "Friday", new: "Monday" }] },
    },
    alice,
  );
  expect(edited.ok).toBe(true);
  const proposed = await propose(r.ws, t1, "Ship on Monday.\nTests pass.\nDocs now.\n", 2);
  await r.ws.commit(
    { type: "respond_to_proposal", proposal_id: proposed, decision: "accept" },
    alice,
  );
  for (const [version, reason] of [
    [2, "Friday stands"],
    [3, null],
  ] as const) {
    const before = r.appends();
    const reverted = await r.ws.commit(
      { type: "revert_revision", artifact_id: "m1", version, reason, surface: "cli" },
      alice,
    );
    expect(reverted).toMatchObject({
      ok: true,
      outcome: { type: "applied", version: version + 2 },
    });
    expect(r.appends() - before).toBe(1);
  }
  return proposed;
}

/** A comment on one hunk of a proposal, then an accept of its other hunk alone. */
async function commentAndAcceptPart(r: Review): Promise<{ id: string; hunks: string[] }> {
  const id = await propose(r.ws, t1, "Ship on Monday.\nTests pass.\nDocs now.\n");
  const preview = await r.ws.previewProposal(id);
  if (!preview.ok) throw new Error("expected a preview");
  const hunks = preview.value.hunks.map((hunk) => hunk.id);
  expect(hunks).toHaveLength(2);
  const [monday, docs] = hunks as [string, string];
  const commented = await r.ws.commit(
    {
      type: "comment_on_proposal",
      proposal_id: id,
      comment_id: "c1",
      hunk_id: monday,
      text: "Not Monday.",
    },
    alice,
  );
  expect(commented).toMatchObject({ ok: true, outcome: { type: "commented", comment_id: "c1" } });
  const accepted = await r.ws.commit(
    { type: "respond_to_proposal", proposal_id: id, decision: "accept", hunks: [docs] },
    alice,
  );
  expect(accepted).toMatchObject({ ok: true, outcome: { type: "resolved", version: 2 } });
  return { id, hunks };
}

async function expectBatchStored(store: Store, id: string, { ids, head }: Answered) {
  const [first, second, third] = ids;
  expect(await store.head(id)).toBe(head + 5);
  const log = await store.read(id, { after: head });
  expect(log.map((e) => e.event.type)).toEqual([
    "artifact_changed",
    "proposal_resolved",
    "artifact_changed",
    "proposal_resolved",
    "proposal_resolved",
  ]);
  expect(log[3]?.event).toMatchObject({ proposal_id: second, version: 3, rebased_from: 1 });
  const loaded = await store.load(id, { ...NO_NEEDS, proposals: [...ids], artifacts: ["m1"] });
  expect(loaded.proposals.get(first)).toMatchObject({
    status: "accepted",
    resolution: { decision: "accept", version: 2, by: alice },
  });
  expect(loaded.proposals.get(second)).toMatchObject({
    status: "accepted",
    resolution: { decision: "accept", version: 3, surface: "page" },
  });
  expect(loaded.proposals.get(third)).toMatchObject({
    status: "rejected",
    resolution: { decision: "reject", reason: "tests stay" },
  });
  expect(loaded.artifacts.get("m1")).toMatchObject({
    version: 3,
    data: { text: "Ship on Monday.\nTests pass.\nDocs now.\n" },
  });
  const revisions = await store.revisions(id, "m1");
  expect(revisions.map((r) => [r.version, r.proposal_id])).toEqual([
    [1, null],
    [2, first],
    [3, second],
  ]);
  expect(await store.proposals(id, { status: "pending" })).toEqual([]);
  const rejected = await store.proposals(id, { status: "rejected", artifactId: "m1" });
  expect(rejected.map((p) => p.id)).toEqual([third]);
}

async function expectRevertsStored(store: Store, id: string, proposed: string) {
  const revisions = await store.revisions(id, "m1");
  expect(revisions.map((r) => [r.version, r.reverts, r.proposal_id])).toEqual([
    [1, null, null],
    [2, null, null],
    [3, null, proposed],
    [4, 2, null],
    [5, 3, null],
  ]);
  expect(revisions[3]?.actor).toEqual(alice);
  expect(revisions[4]?.data).toEqual({ text: TEXT });
  const loaded = await store.load(id, { ...NO_NEEDS, artifacts: ["m1"] });
  expect(loaded.artifacts.get("m1")).toMatchObject({ version: 5, data: { text: TEXT } });
  const log = await store.read(id, { after: (await store.head(id)) - 2 });
  expect(log.map((e) => e.event)).toMatchObject([
    {
      type: "artifact_changed",
      version: 4,
      reverts: 2,
      reverted: { author: alice, proposal_id: null, reason: "Friday stands", surface: "cli" },
    },
    {
      type: "artifact_changed",
      version: 5,
      reverts: 3,
      reverted: { author: t1, proposal_id: proposed, reason: null, surface: "cli" },
    },
  ]);
  // The revert of the agent's change is in the agent's thread, so its thread's log has it.
  const thread = await store.read(id, { after: 0, threadId: "t1" });
  expect(thread.at(-1)?.event).toMatchObject({ type: "artifact_changed", reverts: 3 });
}

async function expectPartStored(store: Store, id: string, part: { id: string; hunks: string[] }) {
  const [monday, docs] = part.hunks;
  const loaded = await store.load(id, { ...NO_NEEDS, proposals: [part.id], artifacts: ["m1"] });
  const proposal = loaded.proposals.get(part.id);
  expect(proposal?.comments).toEqual([
    {
      id: "c1",
      proposal_id: part.id,
      kind: "comment",
      hunk_id: monday,
      text: "Not Monday.",
      reply_to: null,
      by: alice,
      at: expect.any(String),
    },
  ]);
  expect(proposal?.status).toBe("accepted");
  const outcome = proposal?.resolution?.hunks;
  expect(outcome?.landed.map((hunk) => hunk.id)).toEqual([docs]);
  expect(outcome?.not_landed.map((hunk) => hunk.id)).toEqual([monday]);
  expect(loaded.artifacts.get("m1")).toMatchObject({
    version: 2,
    data: { text: "Ship on Friday.\nTests pass.\nDocs now.\n" },
  });
  const revisions = await store.revisions(id, "m1");
  expect(revisions.map((r) => r.proposal_id)).toEqual([null, part.id]);
  const log = await store.read(id, { after: 0 });
  expect(log.map((e) => e.event)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: "proposal_commented", comment_id: "c1", hunk_id: monday }),
    ]),
  );
}

// Everything a workspace's review left in the store, as its lists read it.
async function stored(store: Store, id: string) {
  return {
    head: await store.head(id),
    log: await store.read(id, { after: 0 }),
    revisions: await store.revisions(id, "m1"),
    proposals: await store.proposals(id, {}),
    artifacts: await store.artifacts(id),
  };
}

/**
 * A person's review on the store, through a workspace: answers to many proposals land in one
 * append, reverts and their revisions, a comment on a hunk and an accept of some hunks, each
 * read back from the store; and, where the store is durable, all of it the same when opened
 * again, a workspace going on from it.
 */
export function reviewTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh, withStore } = suite;
  it(
    "lands answers to many proposals in one append, and reads back each answer",
    withStore(async (store) => {
      const r = await review(store, fresh());
      await expectBatchStored(store, r.id, await answerBatch(r));
    }),
  );
  it(
    "lands reverts, each read back with the version it reverts and whose change it undid",
    withStore(async (store) => {
      const r = await review(store, fresh());
      await expectRevertsStored(store, r.id, await revertBoth(r));
    }),
  );
  it(
    "keeps a comment on a hunk and an accept of some of a proposal's hunks",
    withStore(async (store) => {
      const r = await review(store, fresh());
      await expectPartStored(store, r.id, await commentAndAcceptPart(r));
    }),
  );
  declaredTest(suite, "durable", "keeps what a review wrote when opened again", async (reopen) => {
    const store = await adapter.open();
    const [batchWs, revertWs, partWs] = [fresh(), fresh(), fresh()];
    const answered = await answerBatch(await review(store, batchWs));
    const proposed = await revertBoth(await review(store, revertWs));
    const part = await commentAndAcceptPart(await review(store, partWs));
    const before = await Promise.all([batchWs, revertWs, partWs].map((id) => stored(store, id)));
    const again = await reopen(store);
    await store.close();
    try {
      expect(await Promise.all([batchWs, revertWs, partWs].map((id) => stored(again, id)))).toEqual(
        before,
      );
      await expectBatchStored(again, batchWs, answered);
      await expectRevertsStored(again, revertWs, proposed);
      await expectPartStored(again, partWs, part);
      // A workspace on the store opened again reverts the revert, from the revisions it kept.
      const ws = createWorkspace({ registry: fixtureRegistry(), store: again, id: revertWs });
      const redo = await ws.commit(
        { type: "revert_revision", artifact_id: "m1", version: 5 },
        alice,
      );
      expect(redo).toMatchObject({ ok: true, outcome: { type: "applied", version: 6 } });
      const revisions = await again.revisions(revertWs, "m1");
      expect(revisions.at(-1)).toMatchObject({
        version: 6,
        reverts: 5,
        data: { text: "Ship on Friday.\nTests pass.\nDocs now.\n" },
      });
    } finally {
      await again.close();
    }
  });
}
