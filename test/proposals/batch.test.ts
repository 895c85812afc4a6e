// Answering many proposals in one command, on a memory workspace: each answer decided against
// what the earlier ones wrote, all that succeed in one append, refusals reported in place or
// refusing the whole batch, repeats answered as recorded, and agents kept out.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  memoryStore,
} from "../../src/entries/index.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { renderNotes } from "../../src/notes/render.ts";

const plan = defineArtifactType({
  kind: "plan",
  schema: z.strictObject({ text: z.string().default("") }),
  writePolicy: "propose",
});
const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const ann = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const bob = { kind: "agent", thread_id: "t2", run_id: "r2" } as const;
const TEXT = "Ship on Friday.\nTests pass.\nDocs later.\n";

async function setup() {
  const store = memoryStore();
  let appends = 0;
  const counted = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "append" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        appends += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
  const ws = createWorkspace({
    registry: createRegistry({ artifactTypes: [plan] }),
    store: counted,
    newId: sequentialIds(),
  });
  for (const thread_id of ["t1", "t2"])
    await ws.commit({ type: "create_thread", thread_id }, alice);
  await ws.commit(
    { type: "create_artifact", artifact_id: "p1", kind: "plan", data: { text: TEXT } },
    alice,
  );
  const propose = async (agent: typeof ann | typeof bob, old: string, text: string) => {
    const made = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "p1",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old, new: text }] },
      },
      agent,
    );
    if (!made.ok || made.outcome.type !== "proposed") throw new Error("expected a proposal");
    return made.outcome.proposal_id;
  };
  await ws.nextNotes({ viewer: ann });
  await ws.nextNotes({ viewer: bob });
  return { ws, propose, appends: () => appends };
}

describe("respond_to_proposals", () => {
  it("rebases each accept onto what the earlier ones wrote, in one append", async () => {
    const { ws, propose, appends } = await setup();
    const first = await propose(ann, "Friday", "Monday");
    const second = await propose(bob, "Docs later.", "Docs now.");
    const before = appends();
    const head = await ws.head();
    const answered = await ws.commit(
      {
        type: "respond_to_proposals",
        responses: [
          { proposal_id: first, decision: "accept" },
          { proposal_id: second, decision: "accept" },
        ],
      },
      alice,
    );
    expect(answered).toMatchObject({
      ok: true,
      outcome: {
        type: "batch",
        seq: head + 4,
        all_or_nothing: false,
        items: [
          { ok: true, proposal_id: first, outcome: { type: "resolved", version: 2 } },
          { ok: true, proposal_id: second, outcome: { type: "resolved", version: 3 } },
        ],
      },
    });
    expect(appends() - before).toBe(1);
    expect((await ws.artifact("p1"))?.data).toEqual({
      text: "Ship on Monday.\nTests pass.\nDocs now.\n",
    });
    const log = await ws.log({ after: head });
    expect(log.map((e) => e.event.type)).toEqual([
      "artifact_changed",
      "proposal_resolved",
      "artifact_changed",
      "proposal_resolved",
    ]);
    expect(log[3]?.event).toMatchObject({ rebased_from: 1, version: 3 });
    expect(renderNotes((await ws.nextNotes({ viewer: bob })).notes)).toContain(
      `Alice accepted your proposal ${second} for p1, now v3 (rebased: it was based on v1`,
    );
  });

  it("reports a conflicting answer in its place and lands the others", async () => {
    const { ws, propose } = await setup();
    const first = await propose(ann, "Friday", "Monday");
    const second = await propose(bob, "Friday", "Sunday");
    const third = await propose(bob, "Tests pass.", "Tests run.");
    const answered = await ws.commit(
      {
        type: "respond_to_proposals",
        responses: [
          { proposal_id: first, decision: "accept" },
          { proposal_id: second, decision: "accept" },
          { proposal_id: third, decision: "accept" },
        ],
      },
      alice,
    );
    if (!answered.ok || answered.outcome.type !== "batch") throw new Error("expected a batch");
    expect(answered.outcome.items.map((i) => i.ok)).toEqual([true, false, true]);
    expect(answered.outcome.items[1]).toMatchObject({
      proposal_id: second,
      rejection: { type: "conflict", proposal_id: second, base: 1, head: 2 },
    });
    expect((await ws.proposal(second))?.status).toBe("pending");
    expect((await ws.artifact("p1"))?.data).toEqual({
      text: "Ship on Monday.\nTests run.\nDocs later.\n",
    });
  });

  it("with all_or_nothing, refuses the whole batch naming the answer, and writes nothing", async () => {
    const { ws, propose, appends } = await setup();
    const first = await propose(ann, "Friday", "Monday");
    const second = await propose(bob, "Friday", "Sunday");
    const head = await ws.head();
    const before = appends();
    const answered = await ws.commit(
      {
        type: "respond_to_proposals",
        all_or_nothing: true,
        responses: [
          { proposal_id: first, decision: "accept" },
          { proposal_id: second, decision: "accept" },
        ],
      },
      alice,
    );
    expect(answered).toMatchObject({
      ok: false,
      rejection: { type: "conflict", proposal_id: second },
    });
    if (answered.ok) throw new Error("expected a refusal");
    expect(answered.rejection.message).toMatch(/^responses\.1 \(proposal prp_\d+\): proposal/);
    expect(await ws.head()).toBe(head);
    expect(appends()).toBe(before);
    expect((await ws.proposal(first))?.status).toBe("pending");
    expect((await ws.artifact("p1"))?.version).toBe(1);
  });

  it("answers a repeated batch as recorded, writing nothing", async () => {
    const { ws, propose } = await setup();
    const first = await propose(ann, "Friday", "Monday");
    const second = await propose(bob, "Docs later.", "Docs now.");
    const batch = {
      type: "respond_to_proposals" as const,
      responses: [
        { proposal_id: first, decision: "accept" as const },
        { proposal_id: second, decision: "reject" as const, reason: "not yet" },
      ],
    };
    const once = await ws.commit(batch, alice);
    expect(once.ok).toBe(true);
    const head = await ws.head();
    const again = await ws.commit({ ...batch, responses: [...batch.responses] }, alice);
    expect(again).toMatchObject({
      ok: true,
      outcome: {
        type: "batch",
        items: [
          { ok: true, outcome: { decision: "accept", version: 2 } },
          { ok: true, outcome: { decision: "reject", version: null } },
        ],
      },
    });
    expect(await ws.head()).toBe(head);
    // A different answer to a resolved proposal is refused, as a single answer is.
    const other = await ws.commit(
      { type: "respond_to_proposals", responses: [{ proposal_id: first, decision: "reject" }] },
      alice,
    );
    expect(other).toMatchObject({
      ok: true,
      outcome: { items: [{ ok: false, rejection: { type: "invalid_state" } }] },
    });
  });

  it("is refused to an agent, and each answer keeps the single answer's rules", async () => {
    const { ws, propose } = await setup();
    const first = await propose(ann, "Friday", "Monday");
    const head = await ws.head();
    const byAgent = await ws.commit(
      { type: "respond_to_proposals", responses: [{ proposal_id: first, decision: "accept" }] },
      bob,
    );
    expect(byAgent).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "respond_to_proposals", actor_kind: "agent" },
    });
    const missing = await ws.commit(
      {
        type: "respond_to_proposals",
        responses: [{ proposal_id: "prp_none", decision: "accept" }],
      },
      alice,
    );
    expect(missing).toMatchObject({
      ok: true,
      outcome: { items: [{ ok: false, rejection: { type: "not_found", id: "prp_none" } }] },
    });
    expect(await ws.head()).toBe(head);
  });

  it("parses the list: at least one answer, at most 100, each named by its field", async () => {
    const { ws } = await setup();
    const none = await ws.commit({ type: "respond_to_proposals", responses: [] }, alice);
    expect(none).toMatchObject({
      ok: false,
      rejection: { type: "validation_failed", errors: [{ loc: ["responses"] }] },
    });
    const many = Array.from({ length: 101 }, (_, i) => ({
      proposal_id: `prp_${i}`,
      decision: "accept" as const,
    }));
    const tooMany = await ws.commit({ type: "respond_to_proposals", responses: many }, alice);
    expect(tooMany).toMatchObject({ ok: false, rejection: { type: "validation_failed" } });
    const typed = await ws.commit(
      {
        type: "respond_to_proposals",
        // @ts-expect-error a decision the schema does not know, as a caller from outside may send
        responses: [{ proposal_id: "p", decision: "maybe" }],
      },
      alice,
    );
    expect(typed).toMatchObject({
      ok: false,
      rejection: { errors: [{ loc: ["responses", 0, "decision"] }] },
    });
  });
});
