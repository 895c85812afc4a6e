import { expect, it } from "vitest";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import { replay } from "../decide/replay.ts";
import type { Actor } from "../model/actors.ts";
import { sequentialIds } from "../model/ids.ts";
import type { Store } from "../stores/port.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import { declaredTest } from "./suite-capabilities.ts";
import type { SuiteContext } from "./suite-context.ts";
import { alice, appEvent, batch, envelope } from "./suite-records.ts";

/** Watchers and a workspace's subscribers hear of every append. */
export function feedTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "tells watchers of appends, and stops when asked",
    withStore(async (store) => {
      const ws = fresh();
      const heads: number[] = [];
      const stop = store.watch(ws, (head) => heads.push(head));
      await store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(1))] }));
      await expect.poll(() => heads.at(-1), { timeout: 5000 }).toBe(1);
      stop();
      await store.append(ws, 1, batch({ envelopes: [envelope(ws, 2, appEvent(2))] }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heads.at(-1)).toBe(1);
    }),
  );

  it(
    "feeds a subscriber every envelope once, in order, from any position",
    withStore(async (store) => {
      const ws = createWorkspace({
        registry: fixtureRegistry(),
        store,
        id: fresh(),
        newId: sequentialIds(),
      });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      const seen: number[] = [];
      const subscription = ws.subscribe(0, (e) => seen.push(e.seq));
      const writes = Array.from({ length: 20 }, (_, i) =>
        ws.commit({ type: "post_message", thread_id: "t1", content: `m${i}` }, alice),
      );
      await Promise.all(writes);
      await subscription.settled();
      expect(seen).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      const late: number[] = [];
      const second = ws.subscribe(15, (e) => late.push(e.seq));
      await second.settled();
      expect(late).toEqual([16, 17, 18, 19, 20, 21]);
      subscription.close();
      second.close();
    }),
  );
}

/** Appends made through another store on the same place reach this one's watchers. */
export function crossProcessTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh } = suite;
  const name = "tells watchers of appends made by another process on the same place";
  declaredTest(suite, "crossProcess", name, async (reopen) => {
    const store = await adapter.open();
    const other = await reopen(store);
    try {
      const ws = fresh();
      const heads: number[] = [];
      const stop = store.watch(ws, (head) => heads.push(head));
      await other.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(1))] }));
      await other.append(ws, 1, batch({ envelopes: [envelope(ws, 2, appEvent(2))] }));
      await expect.poll(() => heads.at(-1), { timeout: 5000 }).toBe(2);
      stop();
      expect(await store.read(ws, { after: 0 })).toHaveLength(2);
    } finally {
      await other.close();
      await store.close();
    }
  });
}

/** The log replays to the entities the store keeps. */
export function replayTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "replays its log to the entities it stores",
    withStore(async (store) => {
      const id = fresh();
      const ws = createWorkspace({
        registry: fixtureRegistry(),
        store,
        id,
        newId: sequentialIds(),
      });
      const agent: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      await ws.commit(
        {
          type: "create_artifact",
          artifact_id: "c1",
          kind: "checklist",
          data: { items: { a: { title: "A" } } },
        },
        alice,
      );
      const proposed = await ws.commit(
        {
          type: "edit_artifact",
          artifact_id: "c1",
          base_version: 1,
          patch: {
            kind: "json_patch",
            ops: [{ op: "replace", path: "/items/a/done", value: true }],
          },
        },
        agent,
      );
      await ws.commit(
        {
          type: "respond_to_proposal",
          proposal_id:
            proposed.ok && proposed.outcome.type === "proposed" ? proposed.outcome.proposal_id : "",
          decision: "accept",
        },
        alice,
      );
      const replayed = replay(await ws.log());
      expect(replayed.artifacts.get("c1")).toEqual(await ws.artifact("c1"));
      expect(replayed.revisions.get("c1")?.slice()).toEqual(await ws.revisions("c1"));
      expect([...replayed.proposals.values()]).toEqual(await ws.proposals());
      expect(replayed.threads.get("t1")).toEqual(await ws.thread("t1"));
    }),
  );
}
