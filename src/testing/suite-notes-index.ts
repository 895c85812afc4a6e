import { expect, it } from "vitest";
import type { About } from "../model/about.ts";
import type { Actor } from "../model/actors.ts";
import type { Envelope } from "../model/envelope.ts";
import { EventSchema, scopeOf } from "../model/event.ts";
import type { Store } from "../stores/port.ts";
import { declaredTest } from "./suite-capabilities.ts";
import type { SuiteContext } from "./suite-context.ts";
import { alice, batch } from "./suite-records.ts";

const agent: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };
const bob: Actor = { kind: "user", id: "bob", name: null };
const patch = { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: "x" }] };

// Ten events, each filed under the subjects of its comment (a: artifact, t: thread, p: to).
const EVENTS: readonly (readonly [Actor, Record<string, unknown>])[] = [
  // a:a1 t:t1
  [
    alice,
    {
      type: "artifact_created",
      artifact_id: "a1",
      kind: "note",
      version: 1,
      data: {},
      thread_id: "t1",
    },
  ],
  // a:a2 t:t2
  [
    alice,
    {
      type: "artifact_created",
      artifact_id: "a2",
      kind: "note",
      version: 1,
      data: {},
      thread_id: "t2",
    },
  ],
  // none
  [alice, { type: "app_event", name: "tick" }],
  // a:a1
  [
    alice,
    {
      type: "artifact_changed",
      artifact_id: "a1",
      kind: "note",
      version: 2,
      patch,
      summary: "edited",
    },
  ],
  // a:a2
  [
    agent,
    {
      type: "proposal_created",
      proposal_id: "p1",
      change: {
        type: "edit_artifact",
        artifact_id: "a2",
        base_version: 1,
        patch,
        proposal_id: "p1",
      },
    },
  ],
  // a:a2 p:agent:t1
  [
    alice,
    {
      type: "proposal_resolved",
      proposal_id: "p1",
      decision: "reject",
      proposed_by: agent,
      artifact_id: "a2",
    },
  ],
  // t:t1
  [
    alice,
    { type: "message_posted", thread_id: "t1", message_id: "m1", content: "hi", kind: "notice" },
  ],
  // a:a2 p:agent:t1
  [
    alice,
    {
      type: "artifact_changed",
      artifact_id: "a2",
      kind: "note",
      version: 2,
      patch,
      summary: "reverted",
      reverts: 1,
      reverted: { author: agent },
    },
  ],
  // a:a1 p:user:bob
  [
    alice,
    {
      type: "proposal_commented",
      proposal_id: "p2",
      artifact_id: "a1",
      proposed_by: bob,
      comment_id: "c1",
      text: "see",
    },
  ],
  // t:t2
  [
    alice,
    { type: "deferred_answered", run_id: "r1", thread_id: "t2", tool_call_id: "q1", answer: "yes" },
  ],
];

/** A workspace's log of the suite's ten events about artifacts, threads and participants. */
export function subjectLog(workspaceId: string): Envelope[] {
  return EVENTS.map(([actor, input], i) => {
    const event = EventSchema.parse(input);
    return {
      seq: i + 1,
      id: `evt_${workspaceId}_${i + 1}`,
      ts: "2026-12-04T09:00:00.000Z",
      workspace_id: workspaceId,
      ...scopeOf(event),
      actor,
      traceparent: null,
      event,
    };
  });
}

// What reads by subject give of that log: the filter, from where, and the positions read.
const READS: readonly (readonly [About, number, number | undefined, readonly number[]])[] = [
  [{ artifacts: ["a1"] }, 0, undefined, [1, 4, 9]],
  [{ artifacts: ["a1", "a2"] }, 0, undefined, [1, 2, 4, 5, 6, 8, 9]],
  [{ artifacts: ["a1", "a2"] }, 1, 2, [2, 4]],
  [{ artifacts: [], threadId: "t1" }, 0, undefined, [1, 7]],
  [{ artifacts: [], threadId: "t2" }, 2, undefined, [10]],
  [{ artifacts: [], participant: "agent:t1" }, 0, undefined, [6, 8]],
  // An envelope under several of the subjects asked for is read once.
  [{ artifacts: ["a2"], threadId: "t2", participant: "agent:t1" }, 0, undefined, [2, 5, 6, 8, 10]],
  [{ artifacts: ["a1"], participant: "user:bob" }, 4, undefined, [9]],
  [{ artifacts: ["nothing"], threadId: "t9" }, 0, undefined, []],
  [{ artifacts: ["a1", "a2"] }, 10, undefined, []],
];

// Each read by subject gives those envelopes of `log`, in order.
async function expectReads(store: Store, workspaceId: string, log: readonly Envelope[]) {
  for (const [about, after, limit, seqs] of READS) {
    const options = limit === undefined ? { after, about } : { after, about, limit };
    const read = await store.read(workspaceId, options);
    expect(read, JSON.stringify(options)).toEqual(seqs.map((seq) => log[seq - 1]));
  }
}

/** Reads by subject (`about`): by the store's index, fresh, reopened, and after migrating. */
export function notesIndexTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh, withStore } = suite;
  it(
    "reads the envelopes about subjects, in order, each once, from a position, with a limit",
    withStore(async (store) => {
      const [ws, other] = [fresh(), fresh()];
      const log = subjectLog(ws);
      // Half in one append, half in another, and another workspace with the same subjects.
      await store.append(ws, 0, batch({ envelopes: log.slice(0, 5) }));
      await store.append(ws, 5, batch({ envelopes: log.slice(5) }));
      await store.append(other, 0, batch({ envelopes: subjectLog(other) }));
      await expectReads(store, ws, log);
      expect(await store.read(fresh(), { after: 0, about: { artifacts: ["a1"] } })).toEqual([]);
    }),
  );

  declaredTest(suite, "durable", "reads by subject when opened again", async (reopen) => {
    const store = await adapter.open();
    const ws = fresh();
    const log = subjectLog(ws);
    await store.append(ws, 0, batch({ envelopes: log }));
    const again = await reopen(store);
    await store.close();
    try {
      await expectReads(again, ws, log);
    } finally {
      await again.close();
    }
  });

  if (adapter.openMigrated === undefined) return;
  const migrated = adapter.openMigrated.bind(adapter);
  it("reads by subject the envelopes of a store written at its previous schema, and goes on", async () => {
    const ws = fresh();
    const log = subjectLog(ws);
    const store = await migrated(ws, batch({ envelopes: log.slice(0, 6) }));
    try {
      expect(await store.append(ws, 6, batch({ envelopes: log.slice(6) }))).toEqual({
        ok: true,
        head: 10,
      });
      await expectReads(store, ws, log);
    } finally {
      await store.close();
    }
  });
}
