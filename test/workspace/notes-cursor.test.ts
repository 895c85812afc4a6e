import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStore, type Store, type Workspace } from "../../src/entries/index.ts";
import { agent, alice, fixtureWorkspace } from "./helpers.ts";

const KEY = "agent:t1";

async function world(store: Store): Promise<Workspace> {
  const ws = fixtureWorkspace({ store });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  for (const [id, kind, data] of [
    ["n1", "note", { text: "v0" }],
    ["c1", "checklist", { items: { a: { title: "A" } } }],
  ] as const) {
    await ws.commit({ type: "create_artifact", artifact_id: id, kind, data }, alice);
  }
  return ws;
}

// Replaces the note's text with `text`, at its current version.
async function editNote(ws: Workspace, who: typeof agent | typeof alice, text: string) {
  const version = (await ws.artifact("n1"))?.version ?? 0;
  const patch = {
    kind: "json_patch" as const,
    ops: [{ op: "add" as const, path: "/text", value: text }],
  };
  const done = await ws.commit(
    { type: "edit_artifact", artifact_id: "n1", base_version: version, patch },
    who,
  );
  if (!done.ok) throw new Error(done.rejection.message);
}

describe("the durable notes cursor", () => {
  it("hears nothing of the viewer's own commits, and leaves the stored cursor where it was", async () => {
    const store = memoryStore();
    const ws = await world(store);
    await ws.nextNotes({ viewer: agent });
    for (let i = 1; i <= 3; i++) {
      await editNote(ws, agent, `mine ${i}`);
      const delivery = await ws.nextNotes({ viewer: agent });
      expect(delivery).toEqual({ notes: [], text: "", cursor: await ws.head() });
    }
    // The stored cursor stayed where the last note left it: over the agent's own commits,
    // moving it would change nothing a later read tells.
    expect(await store.cursor("ws_test", KEY)).toBe(3);
    await editNote(ws, alice, "theirs");
    const heard = await ws.nextNotes({ viewer: agent });
    expect(heard.notes).toMatchObject([{ type: "change", artifact_id: "n1", actors: ["Alice"] }]);
    expect(await store.cursor("ws_test", KEY)).toBe(await ws.head());
  });

  it("delivers each note once across instances, restarts and stale remembered cursors", async () => {
    const store = memoryStore();
    const first = await world(store);
    await first.nextNotes({ viewer: agent });
    await editNote(first, agent, "mine");
    expect((await first.nextNotes({ viewer: agent })).notes).toEqual([]);
    // Another process on the same store: it reads the agent's own commit again, and hears
    // of nothing in it.
    const second = fixtureWorkspace({ store });
    expect((await second.nextNotes({ viewer: agent })).notes).toEqual([]);
    await editNote(second, alice, "theirs");
    expect((await second.nextNotes({ viewer: agent })).notes).toHaveLength(1);
    // The first instance remembers a cursor the second moved since: it hears nothing again.
    expect((await first.nextNotes({ viewer: agent })).notes).toEqual([]);
    await editNote(first, alice, "more");
    expect((await first.nextNotes({ viewer: agent })).notes).toHaveLength(1);
    expect((await second.nextNotes({ viewer: agent })).notes).toEqual([]);
  });

  it("parses a viewer again when its fields change, and refuses one that is not an actor", async () => {
    const ws = await world(memoryStore());
    const viewer: { kind: string; thread_id: string } = { kind: "agent", thread_id: "t1" };
    await ws.nextNotes({ viewer: viewer as typeof agent });
    viewer.kind = "robot";
    await expect(ws.nextNotes({ viewer: viewer as typeof agent })).rejects.toMatchObject({
      code: "invalid_argument",
    });
  });
});

type Step =
  | { readonly op: "agent_note" | "agent_checklist" | "notes" | "restart"; readonly via: 0 | 1 }
  | { readonly op: "alice_note" }
  | { readonly op: "answer"; readonly accept: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom("agent_note" as const, "agent_checklist" as const, "notes" as const),
    via: fc.constantFrom(0 as const, 1 as const),
  }),
  fc.record({ op: fc.constant("restart" as const), via: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ op: fc.constant("alice_note" as const) }),
  fc.record({ op: fc.constant("answer" as const), accept: fc.boolean() }),
);

// One step of the agent's and Alice's work; `notes` checks what the agent hears.
async function run(s: Step, ws: Workspace[], store: Store, heard: { cursor: number }, i: number) {
  const on = ws[s.op === "alice_note" || s.op === "answer" ? 0 : s.via] as Workspace;
  if (s.op === "agent_note") await editNote(on, agent, `agent ${i}`);
  if (s.op === "alice_note") await editNote(on, alice, `alice ${i}`);
  if (s.op === "agent_checklist") {
    const version = (await on.artifact("c1"))?.version ?? 0;
    const ops = [{ op: "add" as const, path: "/title", value: `t${i}` }];
    await on.commit(
      {
        type: "edit_artifact",
        artifact_id: "c1",
        base_version: version,
        patch: { kind: "json_patch", ops },
      },
      agent,
    );
  }
  if (s.op === "answer") {
    const [pending] = await on.proposals({ status: "pending" });
    if (pending === undefined) return;
    const decision = s.accept ? ("accept" as const) : ("reject" as const);
    await on.commit(
      { type: "respond_to_proposal", proposal_id: pending.id, decision, changes: null },
      alice,
    );
  }
  if (s.op === "restart") ws[s.via] = fixtureWorkspace({ store });
  if (s.op === "notes") {
    // What the agent hears is what the log after the last delivery tells, read at once.
    const expected = await on.notes({ viewer: agent, after: heard.cursor });
    const delivery = await on.nextNotes({ viewer: agent });
    expect(delivery).toEqual(expected);
    heard.cursor = delivery.cursor;
  }
}

describe("the durable notes cursor, over any work", () => {
  it("tells each delivery exactly what the log since the last one tells", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const store = memoryStore();
        const ws = [await world(store), fixtureWorkspace({ store })];
        const heard = { cursor: 0 };
        await run({ op: "notes", via: 0 }, ws, store, heard, 0);
        for (const [i, s] of steps.entries()) await run(s, ws, store, heard, i + 1);
        await run({ op: "notes", via: 1 }, ws, store, heard, steps.length + 1);
      }),
      { seed: 23, numRuns: 60 },
    );
  });
});
