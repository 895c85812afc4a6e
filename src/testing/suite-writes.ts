import { expect, it } from "vitest";
import { type Needs, NO_NEEDS, pendingKey, rejectedKey, revisionKey } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import {
  appEvent,
  batch,
  decision,
  envelope,
  note,
  proposal,
  rejectedProposal,
  revision,
  run,
  thread,
} from "./suite-records.ts";

// A thread's pending proposals on `n1`, and the rejections there that recorded hunk `h1`.
const N1_T1 = { artifact_id: "n1", thread_id: "t1" };
const N1_H1 = { artifact_id: "n1", hunk_id: "h1" };

/** An empty store, and what one append writes read back as written. */
export function writeTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "starts empty",
    withStore(async (store) => {
      const ws = fresh();
      expect(await store.head(ws)).toBe(0);
      expect(await store.read(ws, { after: 0 })).toEqual([]);
      const loaded = await store.load(ws, {
        ...NO_NEEDS,
        artifacts: ["n1"],
        proposals: ["p1"],
        threads: ["t1"],
        runs: ["r1"],
        messages: ["m1"],
        revisions: [{ artifact_id: "n1", version: 1 }],
        pending: [{ artifact_id: "n1", thread_id: "t1" }],
        rejected: [{ artifact_id: "n1", hunk_id: "h1" }],
      });
      expect(loaded.artifacts.get("n1")).toBeNull();
      expect(loaded.proposals.get("p1")).toBeNull();
      expect(loaded.threads.get("t1")).toBeNull();
      expect(loaded.runs.get("r1")).toBeNull();
      expect(loaded.messages.get("m1")).toBe(false);
      expect(loaded.revisions.get(revisionKey({ artifact_id: "n1", version: 1 }))).toBeNull();
      expect(loaded.pending.get(pendingKey({ artifact_id: "n1", thread_id: "t1" }))).toEqual([]);
      expect(loaded.rejected.get(rejectedKey({ artifact_id: "n1", hunk_id: "h1" }))).toEqual([]);
      expect(await store.revisions(ws, "n1")).toEqual([]);
      expect(await store.proposals(ws, {})).toEqual([]);
      expect(await store.artifacts(ws)).toEqual([]);
    }),
  );

  it(
    "appends envelopes and entities, and reads them back as written",
    withStore(async (store) => {
      const ws = fresh();
      const first = batch({
        envelopes: [envelope(ws, 1, appEvent(1)), envelope(ws, 2, appEvent(2))],
        artifacts: [note(1, "a")],
        revisions: [revision(1, "a")],
        proposals: [proposal("p1", "pending"), rejectedProposal("p2", ["h1"])],
        threads: [thread],
        runs: [run],
        messages: ["m1"],
      });
      expect(await store.append(ws, 0, first)).toEqual({ ok: true, head: 2 });
      expect(await store.head(ws)).toBe(2);
      expect(await store.read(ws, { after: 0 })).toEqual(first.envelopes);
      const loaded = await store.load(ws, {
        ...NO_NEEDS,
        artifacts: ["n1"],
        proposals: ["p1", "p2"],
        threads: ["t1"],
        runs: ["r1"],
        messages: ["m1", "m2"],
        revisions: [{ artifact_id: "n1", version: 1 }],
        pending: [N1_T1, { artifact_id: "n2", thread_id: "t1" }],
        rejected: [N1_H1, { artifact_id: "n2", hunk_id: "h1" }],
      });
      expect(loaded.artifacts.get("n1")).toEqual(note(1, "a"));
      expect(loaded.proposals.get("p2")).toEqual(rejectedProposal("p2", ["h1"]));
      expect(loaded.threads.get("t1")).toEqual(thread);
      expect(loaded.runs.get("r1")).toEqual(run);
      expect(loaded.messages.get("m1")).toBe(true);
      expect(loaded.messages.get("m2")).toBe(false);
      expect(loaded.revisions.get(revisionKey({ artifact_id: "n1", version: 1 }))).toEqual(
        revision(1, "a"),
      );
      expect(loaded.pending.get(pendingKey(N1_T1))).toEqual([proposal("p1", "pending")]);
      expect(loaded.pending.get(pendingKey({ artifact_id: "n2", thread_id: "t1" }))).toEqual([]);
      expect(loaded.rejected.get(rejectedKey(N1_H1))).toEqual([rejectedProposal("p2", ["h1"])]);
      expect(loaded.rejected.get(rejectedKey({ artifact_id: "n2", hunk_id: "h1" }))).toEqual([]);
    }),
  );
}

/** Each kind of entity `needs` can ask for, loaded when it is the only one asked for. */
export function loadAloneTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "loads each kind of entity when it is the only one asked for",
    withStore(async (store) => {
      const ws = fresh();
      const deciding = { ...run, decision: { pending: decision("d1"), closed: {} } };
      await store.append(
        ws,
        0,
        batch({
          envelopes: [envelope(ws, 1, appEvent(1))],
          artifacts: [note(1, "a")],
          revisions: [revision(1, "a")],
          proposals: [proposal("p1", "pending"), rejectedProposal("p2", ["h1"])],
          threads: [thread],
          runs: [deciding],
          messages: ["m1"],
        }),
      );
      const alone = (needs: Partial<Needs>) => store.load(ws, { ...NO_NEEDS, ...needs });
      const ref = { artifact_id: "n1", version: 1 };
      expect((await alone({ artifacts: ["n1"] })).artifacts.get("n1")).toEqual(note(1, "a"));
      expect((await alone({ proposals: ["p1"] })).proposals.get("p1")).toEqual(
        proposal("p1", "pending"),
      );
      expect((await alone({ threads: ["t1"] })).threads.get("t1")).toEqual(thread);
      expect((await alone({ runs: ["r1"] })).runs.get("r1")).toEqual(deciding);
      expect((await alone({ messages: ["m1"] })).messages.get("m1")).toBe(true);
      expect((await alone({ revisions: [ref] })).revisions.get(revisionKey(ref))).toEqual(
        revision(1, "a"),
      );
      expect((await alone({ pending: [N1_T1] })).pending.get(pendingKey(N1_T1))).toEqual([
        proposal("p1", "pending"),
      ]);
      expect((await alone({ rejected: [N1_H1] })).rejected.get(rejectedKey(N1_H1))).toEqual([
        rejectedProposal("p2", ["h1"]),
      ]);
      expect((await alone({ deciding: ["t1"] })).deciding.get("t1")).toEqual([deciding]);
    }),
  );
}

/** Later appends: entities overwritten, revisions kept, the log position compared and swapped. */
export function appendTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "overwrites entities with later versions and keeps every revision in order",
    withStore(async (store) => {
      const ws = fresh();
      await store.append(
        ws,
        0,
        batch({
          envelopes: [envelope(ws, 1, appEvent(1))],
          artifacts: [note(1, "a")],
          revisions: [revision(1, "a")],
          proposals: [proposal("p1", "pending")],
        }),
      );
      await store.append(
        ws,
        1,
        batch({
          envelopes: [envelope(ws, 2, appEvent(2))],
          artifacts: [note(2, "b")],
          revisions: [revision(2, "b")],
          proposals: [proposal("p1", "accepted")],
        }),
      );
      expect(
        (await store.load(ws, { ...NO_NEEDS, artifacts: ["n1"] })).artifacts.get("n1"),
      ).toEqual(note(2, "b"));
      expect(await store.revisions(ws, "n1")).toEqual([revision(1, "a"), revision(2, "b")]);
      expect(await store.proposals(ws, { status: "pending" })).toEqual([]);
      expect(await store.proposals(ws, { status: "accepted", artifactId: "n1" })).toEqual([
        proposal("p1", "accepted"),
      ]);
      expect(await store.artifacts(ws)).toEqual([note(2, "b")]);
    }),
  );

  it(
    "refuses an append at a stale position and writes nothing",
    withStore(async (store) => {
      const ws = fresh();
      await store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(1))] }));
      const refused = await store.append(
        ws,
        0,
        batch({ envelopes: [envelope(ws, 1, appEvent(9))], threads: [thread] }),
      );
      expect(refused).toEqual({ ok: false, head: 1 });
      expect(await store.read(ws, { after: 0 })).toEqual([envelope(ws, 1, appEvent(1))]);
      expect((await store.load(ws, { ...NO_NEEDS, threads: ["t1"] })).threads.get("t1")).toBeNull();
    }),
  );

  it(
    "lets exactly one of many concurrent appends at one position win",
    withStore(async (store) => {
      const ws = fresh();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(i))] })),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await store.head(ws)).toBe(1);
    }),
  );
}
