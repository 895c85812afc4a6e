import { expect, it } from "vitest";
import type { Proposal } from "../model/proposals.ts";
import {
  NO_NEEDS,
  type PendingRef,
  pendingKey,
  type RejectedRef,
  rejectedKey,
} from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import { declaredTest } from "./suite-capabilities.ts";
import type { SuiteContext } from "./suite-context.ts";
import { appEvent, batch, envelope, proposal, rejectedProposal } from "./suite-records.ts";

const inThread = (p: Proposal, thread_id: string | null): Proposal => ({ ...p, thread_id });

// Two threads' pending proposals on `n1` (and one of no thread), and two rejections there
// sharing hunk `h1`, the older also recording `h2`.
const p1 = proposal("p1", "pending");
const p2 = rejectedProposal("p2", ["h1", "h2"]);
const p3 = rejectedProposal("p3", ["h1"]);
const p4 = inThread(proposal("p4", "pending"), "t2");
const p5 = inThread(proposal("p5", "pending"), null);

const ref = (hunk_id: string, artifact_id = "n1"): RejectedRef => ({ artifact_id, hunk_id });
const of = (thread_id: string, artifact_id = "n1"): PendingRef => ({ artifact_id, thread_id });

// What loading each ref gives: the rejections filed under its hunk, a thread's pending ones.
async function listed(store: Store, ws: string) {
  const rejected = [ref("h1"), ref("h2"), ref("h3"), ref("h1", "n2")];
  const pending = [of("t1"), of("t2"), of("t1", "n2")];
  const loaded = await store.load(ws, { ...NO_NEEDS, rejected, pending });
  return {
    rejected: rejected.map((r) => loaded.rejected.get(rejectedKey(r))?.map((p) => p.id)),
    pending: pending.map((r) => loaded.pending.get(pendingKey(r))?.map((p) => p.id)),
  };
}

/**
 * What a proposal loads (ADR 0062): a thread's pending proposals on an artifact, and the
 * rejections on an artifact that recorded a hunk, in the order the proposals were made, kept
 * as later appends change them and when the store is opened again.
 */
export function rejectionIndexTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh, withStore } = suite;
  it(
    "loads a thread's pending proposals on an artifact and the rejections that recorded a hunk",
    withStore(async (store) => {
      const ws = fresh();
      const first = batch({
        envelopes: [envelope(ws, 1, appEvent(1))],
        proposals: [p1, p2, p3, p4, p5],
      });
      expect(await store.append(ws, 0, first)).toEqual({ ok: true, head: 1 });
      expect(await listed(store, ws)).toEqual({
        rejected: [["p2", "p3"], ["p2"], [], []],
        pending: [["p1"], ["p4"], []],
      });
      // A later rejection is listed in the order the proposals were made, not answered.
      const later = batch({
        envelopes: [envelope(ws, 2, appEvent(2))],
        proposals: [rejectedProposal("p1", ["h3", "h1"])],
      });
      expect(await store.append(ws, 1, later)).toEqual({ ok: true, head: 2 });
      expect(await listed(store, ws)).toEqual({
        rejected: [["p1", "p2", "p3"], ["p2"], ["p1"], []],
        pending: [[], ["p4"], []],
      });
      const loaded = await store.load(ws, { ...NO_NEEDS, rejected: [ref("h3")] });
      expect(loaded.rejected.get(rejectedKey(ref("h3")))).toEqual([
        rejectedProposal("p1", ["h3", "h1"]),
      ]);
    }),
  );

  declaredTest(
    suite,
    "durable",
    "keeps the rejections by hunk when opened again",
    async (reopen) => {
      const store = await adapter.open();
      const ws = fresh();
      await store.append(
        ws,
        0,
        batch({ envelopes: [envelope(ws, 1, appEvent(1))], proposals: [p1, p2, p3, p4] }),
      );
      const again = await reopen(store);
      await store.close();
      try {
        expect(await listed(again, ws)).toEqual({
          rejected: [["p2", "p3"], ["p2"], [], []],
          pending: [["p1"], ["p4"], []],
        });
      } finally {
        await again.close();
      }
    },
  );
}
