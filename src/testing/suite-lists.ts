import { expect, it } from "vitest";
import type { PendingDecision } from "../model/decisions.ts";
import type { Run } from "../model/runs.ts";
import { NO_NEEDS } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { pendingOf } from "../stores/pending.ts";
import type { AppendBatch, Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import { batch, decision, runIn, scoped, threadIn } from "./suite-records.ts";

// Two appends of threads and runs, with decisions pending in some of them. The envelopes name
// each thread and run in the order they were made, as a workspace's would.
const t1 = threadIn("t1", "open", decision("d1"));
const t2 = threadIn("t2", "open");
const t3 = threadIn("t3", "ended");
const r1 = runIn("r1", "t2", "paused", decision("d2"));
const r2 = runIn("r2", "t1", "running");
const r3 = runIn("r3", "t1", "paused", decision("d3"));
// The second append: a new thread and run, t1 ended (its decision retired), r2 deciding.
const t4 = threadIn("t4", "open", decision("d4"));
const t1Ended = threadIn("t1", "ended");
const r4 = runIn("r4", "t3", "completed");
const r2Paused = runIn("r2", "t1", "paused", decision("d5"));

/** The first append of the lists' history, at head 0. */
export function firstLists(ws: string): AppendBatch {
  return batch({
    envelopes: [
      scoped(ws, 1, { thread_id: "t1" }),
      scoped(ws, 2, { thread_id: "t2", run_id: "r1" }),
      scoped(ws, 3, { thread_id: "t3" }),
      scoped(ws, 4, { thread_id: "t1", run_id: "r2" }),
      scoped(ws, 5, { thread_id: "t1", run_id: "r3" }),
    ],
    threads: [t1, t2, t3],
    runs: [r1, r2, r3],
  });
}

// The second, at head 5: t1 comes again after t4 and keeps its place, as r2 does.
const secondLists = (ws: string) =>
  batch({
    envelopes: [
      scoped(ws, 6, { thread_id: "t4" }),
      scoped(ws, 7, { thread_id: "t3", run_id: "r4" }),
      scoped(ws, 8, { thread_id: "t1", run_id: "r2" }),
    ],
    threads: [t4, t1Ended],
    runs: [r4, r2Paused],
  });

const pending = (owners: readonly (Thread | Run)[]): PendingDecision[] =>
  owners.map((owner) => pendingOf(owner)).filter((p) => p !== null);

// What every list says after the first append only.
async function expectFirst(store: Store, ws: string): Promise<void> {
  expect(await store.threads(ws, {})).toEqual([t1, t2, t3]);
  expect(await store.threads(ws, { status: "open" })).toEqual([t1, t2]);
  expect(await store.runs(ws, {})).toEqual([r1, r2, r3]);
  expect(await store.runs(ws, { threadId: "t1" })).toEqual([r2, r3]);
  expect(await store.decisions(ws, {})).toEqual(pending([t1, r1, r3]));
  expect(await store.decisions(ws, { threadId: "t1" })).toEqual(pending([t1, r3]));
}

// What every list and `load`'s `deciding` say after both appends.
async function expectBoth(store: Store, ws: string): Promise<void> {
  expect(await store.threads(ws, {})).toEqual([t1Ended, t2, t3, t4]);
  expect(await store.threads(ws, { status: "open" })).toEqual([t2, t4]);
  expect(await store.threads(ws, { status: "ended" })).toEqual([t1Ended, t3]);
  expect(await store.threads(ws, { status: "deleted" })).toEqual([]);
  expect(await store.runs(ws, {})).toEqual([r1, r2Paused, r3, r4]);
  expect(await store.runs(ws, { threadId: "t1" })).toEqual([r2Paused, r3]);
  expect(await store.runs(ws, { threadId: "t1", status: "paused" })).toEqual([r2Paused, r3]);
  expect(await store.runs(ws, { threadId: "t1", status: "running" })).toEqual([]);
  expect(await store.runs(ws, { status: "paused" })).toEqual([r1, r2Paused, r3]);
  expect(await store.runs(ws, { status: "completed" })).toEqual([r4]);
  expect(await store.runs(ws, { threadId: "t9" })).toEqual([]);
  expect(await store.decisions(ws, {})).toEqual(pending([t4, r1, r2Paused, r3]));
  expect(await store.decisions(ws, { threadId: "t1" })).toEqual(pending([r2Paused, r3]));
  expect(await store.decisions(ws, { threadId: "t4" })).toEqual(pending([t4]));
  expect(await store.decisions(ws, { threadId: "t2" })).toEqual(pending([r1]));
  expect(await store.decisions(ws, { threadId: "t9" })).toEqual([]);
  const loaded = await store.load(ws, { ...NO_NEEDS, deciding: ["t1", "t2", "t3", "t9"] });
  expect([...loaded.deciding]).toEqual([
    ["t1", [r2Paused, r3]],
    ["t2", [r1]],
    ["t3", []],
    ["t9", []],
  ]);
}

/** Threads, runs and pending decisions listed by filter, in creation order. */
export function listTests<S extends Store>({ adapter, fresh, withStore }: SuiteContext<S>): void {
  it(
    "lists threads, runs and pending decisions in creation order, by filter",
    withStore(async (store) => {
      const [ws, other] = [fresh(), fresh()];
      expect(await store.threads(ws, {})).toEqual([]);
      expect(await store.runs(ws, {})).toEqual([]);
      expect(await store.decisions(ws, {})).toEqual([]);
      expect((await store.load(ws, { ...NO_NEEDS, deciding: ["t1"] })).deciding.get("t1")).toEqual(
        [],
      );
      expect(await store.append(ws, 0, firstLists(ws))).toEqual({ ok: true, head: 5 });
      await expectFirst(store, ws);
      expect(await store.append(ws, 5, secondLists(ws))).toEqual({ ok: true, head: 8 });
      await expectBoth(store, ws);
      // Another workspace's threads and runs of the same ids never appear.
      await store.append(other, 0, batch({ threads: [t4], runs: [r1] }));
      await expectBoth(store, ws);
      expect(await store.threads(other, {})).toEqual([t4]);
      expect(await store.decisions(other, {})).toEqual(pending([t4, r1]));
    }),
  );

  if (adapter.openMigrated === undefined) return;
  const migrated = adapter.openMigrated.bind(adapter);
  it("lists the threads and runs of a store written at its previous schema, and goes on", async () => {
    const ws = fresh();
    const store = await migrated(ws, firstLists(ws));
    try {
      await expectFirst(store, ws);
      // Threads and runs written after the migration come after those from before it.
      expect(await store.append(ws, 5, secondLists(ws))).toEqual({ ok: true, head: 8 });
      await expectBoth(store, ws);
    } finally {
      await store.close();
    }
  });
}
