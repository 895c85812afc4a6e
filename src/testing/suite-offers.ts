import { expect, it } from "vitest";
import type { Envelope } from "../model/envelope.ts";
import type { OfferAnswer, OfferEntry, ThreadOffer } from "../model/offers.ts";
import type { Thread } from "../model/threads.ts";
import type { AppendBatch, Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import { batch, envelope, scoped, threadIn } from "./suite-records.ts";

const AT = "2026-11-30T09:00:00.000Z";

const offer = (title: string): ThreadOffer => ({
  title,
  summary: `${title}, in short`,
  rationale: null,
  prompt: `Do ${title}.`,
  files: [],
});
const [zeta, alpha, beta, gamma, delta] = [
  offer("Zeta"),
  offer("Alpha"),
  offer("Beta"),
  offer("Gamma"),
  offer("Delta"),
];
const dismissed: OfferAnswer = { status: "dismissed", at: AT, surface: "page" };
const standing: OfferAnswer = { status: "standing", at: AT, surface: null };
const startedAs = (threadId: string): OfferAnswer => ({
  status: "started",
  thread_id: threadId,
  checkout: "isolated",
  at: AT,
  surface: "cli",
});

// The envelope of an offer made by a thread's agent, as `make_offer` records it.
const made = (ws: string, seq: number, thread_id: string, offer_id: string, o: ThreadOffer) => {
  const event: Envelope["event"] = { type: "offer_made", thread_id, offer_id, offer: o };
  return { ...envelope(ws, seq, event), thread_id };
};

const withOffers = (thread: Thread, offered: Thread["offered"], offers: Thread["offers"] = {}) => ({
  ...thread,
  offered,
  offers,
});

// t1 has offered nothing (an answer to an offer never stored does not count); t2 offered
// `zeta` then `alpha` (an order no sort of the ids gives); t3's one offer was dismissed.
const t1 = withOffers(threadIn("t1", "open"), {}, { legacy: standing });
const t2 = withOffers(threadIn("t2", "open"), { zeta, alpha });
const t3 = withOffers(threadIn("t3", "ended"), { o1: gamma }, { o1: dismissed });
// Then: t4 is started from t2's `alpha`; t2 offers `beta`; t1 makes its first offer.
const t4 = { ...threadIn("t4", "open"), proposed_by: { thread_id: "t2", offer_id: "alpha" } };
const t2Later = withOffers(t2, { zeta, alpha, beta }, { alpha: startedAs("t4") });
const t1Later = withOffers(t1, { m: delta }, t1.offers);

/** The first append of the offers' history, at head 0. */
export function firstOffers(ws: string): AppendBatch {
  return batch({
    envelopes: [
      scoped(ws, 1, { thread_id: "t1" }),
      scoped(ws, 2, { thread_id: "t2" }),
      made(ws, 3, "t2", "zeta", zeta),
      made(ws, 4, "t2", "alpha", alpha),
      scoped(ws, 5, { thread_id: "t3" }),
      made(ws, 6, "t3", "o1", gamma),
    ],
    threads: [t1, t2, t3],
  });
}

// The second, at head 6: the threads keep their places, t4 comes last.
const secondOffers = (ws: string) =>
  batch({
    envelopes: [
      scoped(ws, 7, { thread_id: "t4" }),
      made(ws, 8, "t2", "beta", beta),
      made(ws, 9, "t1", "m", delta),
    ],
    threads: [t4, t2Later, t1Later],
  });

const entry = (
  thread_id: string,
  offer_id: string,
  o: ThreadOffer,
  answer: OfferAnswer | null = null,
): OfferEntry => ({ thread_id, offer_id, offer: o, answer, starting: null });

async function expectFirst(store: Store, ws: string): Promise<void> {
  const t2s = [entry("t2", "zeta", zeta), entry("t2", "alpha", alpha)];
  expect(await store.offers(ws, {})).toEqual([...t2s, entry("t3", "o1", gamma, dismissed)]);
  expect(await store.offers(ws, { threadId: "t2" })).toEqual(t2s);
  expect(await store.offers(ws, { threadId: "t1" })).toEqual([]);
  expect(await store.offers(ws, { threadId: "t9" })).toEqual([]);
}

async function expectBoth(store: Store, ws: string): Promise<void> {
  const t2s = [
    entry("t2", "zeta", zeta),
    entry("t2", "alpha", alpha, startedAs("t4")),
    entry("t2", "beta", beta),
  ];
  expect(await store.offers(ws, {})).toEqual([
    entry("t1", "m", delta),
    ...t2s,
    entry("t3", "o1", gamma, dismissed),
  ]);
  expect(await store.offers(ws, { threadId: "t2" })).toEqual(t2s);
  expect(await store.offers(ws, { threadId: "t1" })).toEqual([entry("t1", "m", delta)]);
  expect(await store.offers(ws, { threadId: "t4" })).toEqual([]);
  expect(await store.offers(ws, { threadId: "t9" })).toEqual([]);
  // The threads are listed whole as they were written, offers and all.
  expect(await store.threads(ws, {})).toEqual([t1Later, t2Later, t3, t4]);
}

/** Offers listed with their answers, by thread in creation order, each in the order made. */
export function offerTests<S extends Store>({ adapter, fresh, withStore }: SuiteContext<S>): void {
  it(
    "lists the offers made, with their answers, in the order made, by thread",
    withStore(async (store) => {
      const [ws, other] = [fresh(), fresh()];
      expect(await store.offers(ws, {})).toEqual([]);
      expect(await store.append(ws, 0, firstOffers(ws))).toEqual({ ok: true, head: 6 });
      await expectFirst(store, ws);
      expect(await store.append(ws, 6, secondOffers(ws))).toEqual({ ok: true, head: 9 });
      await expectBoth(store, ws);
      // Another workspace's offers under the same thread and offer ids never appear.
      await store.append(other, 0, batch({ threads: [withOffers(t2, { alpha: beta })] }));
      await expectBoth(store, ws);
      expect(await store.offers(other, {})).toEqual([entry("t2", "alpha", beta)]);
    }),
  );

  if (adapter.openMigrated === undefined) return;
  const migrated = adapter.openMigrated.bind(adapter);
  it("lists the offers of a store written at its previous schema, and goes on", async () => {
    const ws = fresh();
    const store = await migrated(ws, firstOffers(ws));
    try {
      await expectFirst(store, ws);
      expect(await store.append(ws, 6, secondOffers(ws))).toEqual({ ok: true, head: 9 });
      await expectBoth(store, ws);
    } finally {
      await store.close();
    }
  });
}
