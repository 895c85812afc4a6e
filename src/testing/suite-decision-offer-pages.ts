import { expect, it } from "vitest";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import type { Decision, PendingDecision, Scope } from "../model/decisions.ts";
import type { OfferEntry, OfferRef, ThreadOffer } from "../model/offers.ts";
import type { Run } from "../model/runs.ts";
import type { Thread } from "../model/threads.ts";
import { pendingOf } from "../stores/pending.ts";
import type { DecisionFilter, OfferFilter, PageAt, Store } from "../stores/port.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import type { SuiteContext } from "./suite-context.ts";
import { batch, decision, runIn, scoped, threadIn } from "./suite-records.ts";

// Decisions over two appends. A run `tD` shares its id with a thread, so a cursor names the
// kind of its scope too. The second append answers tA's and rB's, which keep their places.
const [tA, tB, tC, tD] = [
  threadIn("tA", "open", decision("d1")),
  threadIn("tB", "open"),
  threadIn("tC", "open", decision("d2")),
  threadIn("tD", "open", decision("d3")),
];
const [rA, rB, rC, rD, rTD] = [
  runIn("rA", "tB", "paused", decision("d4")),
  runIn("rB", "tA", "paused", decision("d5")),
  runIn("rC", "tA", "running"),
  runIn("rD", "tC", "paused", decision("d6")),
  runIn("tD", "tB", "paused", decision("d7")),
];
const [tE, tAAnswered, rE, rBAnswered, rCDeciding] = [
  threadIn("tE", "open", decision("d8")),
  threadIn("tA", "open"),
  runIn("rE", "tA", "paused", decision("d9")),
  runIn("rB", "tA", "running"),
  runIn("rC", "tA", "paused", decision("d10")),
];

const named = (ws: string, from: number, owners: readonly (Thread | Run)[]) =>
  owners.map((owner, i) =>
    "thread_id" in owner
      ? scoped(ws, from + i, { thread_id: owner.thread_id, run_id: owner.id })
      : scoped(ws, from + i, { thread_id: owner.id }),
  );

// The workspace's decisions, with another workspace's written between its two appends.
async function decided(store: Store, ws: string, other: string): Promise<void> {
  const first = [tA, tB, tC, tD, rA, rB, rC, rD, rTD];
  const one = batch({ envelopes: named(ws, 1, first), threads: [tA, tB, tC, tD] });
  const runs = { runs: [rA, rB, rC, rD, rTD] };
  expect(await store.append(ws, 0, { ...one, ...runs })).toMatchObject({ ok: true });
  const theirs = [
    threadIn("tO", "open", decision("d1")),
    runIn("rO", "tO", "paused", decision("d2")),
  ];
  const between = batch({ envelopes: named(other, 1, theirs), threads: [theirs[0] as Thread] });
  expect(await store.append(other, 0, { ...between, runs: [theirs[1] as Run] })).toMatchObject({
    ok: true,
  });
  const second = [tE, tAAnswered, rE, rBAnswered, rCDeciding];
  const two = batch({ envelopes: named(ws, 10, second), threads: [tE, tAAnswered] });
  const later = { runs: [rE, rBAnswered, rCDeciding] };
  expect(await store.append(ws, 9, { ...two, ...later })).toMatchObject({ ok: true });
}

const pending = (owners: readonly (Thread | Run)[]): PendingDecision[] =>
  owners.map((owner) => pendingOf(owner)).filter((p) => p !== null);
const key = ({ scope }: PendingDecision) => `${scope.kind} ${scope.id}`;

const DECISION_FILTERS: readonly DecisionFilter[] = [
  {},
  { threadId: "tA" },
  { threadId: "tB" },
  { threadId: "tC" },
  { threadId: "tO" },
];

// Every page of a list, `limit` at a time, each after the last one's last entry.
async function pagesOf<T, C>(
  read: (at: PageAt<C>) => Promise<T[]>,
  placeOf: (entry: T) => C,
  limit: number,
): Promise<T[][]> {
  const pages: T[][] = [];
  for (let at: PageAt<C> = { limit }; pages.length <= 30; ) {
    const page = await read(at);
    pages.push(page);
    const last = page.at(-1);
    if (last === undefined) break;
    at = { limit, after: placeOf(last) };
  }
  return pages;
}

// Pages full but the last ones, an empty one after the end, disjoint, together `whole`.
function expectPaged<T>(pages: T[][], whole: T[], limit: number, keyOf: (entry: T) => string) {
  expect(pages.at(-1)).toEqual([]);
  for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
  for (const page of pages.slice(0, -2)) expect(page).toHaveLength(limit);
  const keys = pages.flat().map(keyOf);
  expect(new Set(keys).size).toBe(keys.length);
  expect(pages.flat()).toEqual(whole);
}

// Offers over two appends: oA offers a1 and a2, oC c1; then oD offers its own `a1` (an id
// only its thread makes unique), oA a3, and oB, created before oC, its first offer.
const offer = (title: string): ThreadOffer => ({
  title,
  summary: `${title}, in short`,
  rationale: null,
  prompt: `Do ${title}.`,
  files: [],
});
const offering = (id: string, offered: Record<string, ThreadOffer>, offers = {}): Thread => ({
  ...threadIn(id, "open"),
  offered,
  offers,
});
const [a1, a2, a3, b1, c1, d1] = ["a1", "a2", "a3", "b1", "c1", "d1"].map(offer) as [
  ThreadOffer,
  ThreadOffer,
  ThreadOffer,
  ThreadOffer,
  ThreadOffer,
  ThreadOffer,
];
const dismissed = { status: "dismissed", at: null, surface: null } as const;

async function offered(store: Store, ws: string, other: string): Promise<void> {
  const first = [offering("oA", { a1, a2 }), offering("oB", {}), offering("oC", { c1 })];
  const one = batch({ envelopes: named(ws, 1, first), threads: first });
  expect(await store.append(ws, 0, one)).toMatchObject({ ok: true });
  const theirs = [offering("oA", { a1: b1 }), offering("oX", { x1: b1 })];
  const between = batch({ envelopes: named(other, 1, theirs), threads: theirs });
  expect(await store.append(other, 0, between)).toMatchObject({ ok: true });
  const second = [
    offering("oD", { a1: d1 }),
    offering("oA", { a1, a2, a3 }, { a1: dismissed }),
    offering("oB", { b1 }),
  ];
  const two = batch({ envelopes: named(ws, 4, second), threads: second });
  expect(await store.append(ws, 3, two)).toMatchObject({ ok: true });
}

const offerKey = (entry: OfferEntry) => `${entry.thread_id} ${entry.offer_id}`;
const offerIds = (entries: readonly OfferEntry[]) => entries.map(offerKey);
const OFFER_FILTERS: readonly OfferFilter[] = [
  {},
  { threadId: "oA" },
  { threadId: "oB" },
  { threadId: "oX" },
];

function decisionPageTests<S extends Store>({ withStore, fresh }: SuiteContext<S>): void {
  it(
    "pages pending decisions, threads' then runs', each in creation order: disjoint, together the whole list, filters respected",
    withStore(async (store) => {
      const ws = fresh();
      await decided(store, ws, fresh());
      expect(await store.decisions(ws, {})).toEqual(
        pending([tC, tD, tE, rA, rCDeciding, rD, rTD, rE]),
      );
      for (const filter of DECISION_FILTERS) {
        const whole = await store.decisions(ws, filter);
        for (const limit of [1, 2, 3, 5, 100]) {
          const read = (at: PageAt<Scope>) => store.decisions(ws, { ...filter, ...at });
          const pages = await pagesOf(read, (p) => p.scope, limit);
          expectPaged(pages, whole, limit, key);
        }
      }
    }),
  );

  it(
    "starts a page of decisions after any scope, an answered one included, and reads nothing past the end or after an unknown scope",
    withStore(async (store) => {
      const ws = fresh();
      await decided(store, ws, fresh());
      const after = (scope: Scope, filter: DecisionFilter = {}, limit?: number) =>
        store.decisions(ws, { ...filter, after: scope, ...(limit === undefined ? {} : { limit }) });
      const keys = async (page: Promise<PendingDecision[]>) => (await page).map(key);
      // tA's and rB's decisions were answered: their places are where they were first written.
      expect(await keys(after({ kind: "thread", id: "tA" }, {}, 2))).toEqual([
        "thread tC",
        "thread tD",
      ]);
      expect(await keys(after({ kind: "run", id: "rB" }))).toEqual([
        "run rC",
        "run rD",
        "run tD",
        "run rE",
      ]);
      expect(await keys(after({ kind: "thread", id: "tA" }, { threadId: "tA" }, 5))).toEqual([
        "run rC",
        "run rE",
      ]);
      // A thread and a run of the same id stand in different places.
      expect(await keys(after({ kind: "thread", id: "tD" }, {}, 2))).toEqual([
        "thread tE",
        "run rA",
      ]);
      expect(await keys(after({ kind: "run", id: "tD" }, {}, 2))).toEqual(["run rE"]);
      expect(await after({ kind: "run", id: "rE" }, {}, 5)).toEqual([]);
      expect(await after({ kind: "run", id: "rE" }, { threadId: "tA" })).toEqual([]);
      // Scopes this workspace never made (another one's too) list nothing.
      for (const scope of [
        { kind: "thread", id: "tO" },
        { kind: "run", id: "rO" },
        { kind: "thread", id: "nope" },
        { kind: "run", id: "tA" },
      ] as const) {
        expect(await after(scope, {}, 5)).toEqual([]);
      }
      expect(await store.decisions(ws, { limit: 0 })).toEqual([]);
      expect(await store.decisions(fresh(), { limit: 3 })).toEqual([]);
    }),
  );
}

function expiryPageTests<S extends Store>({ withStore, fresh }: SuiteContext<S>): void {
  it(
    "never shortens a page of decisions for one past its time while more follow",
    withStore(async (store) => {
      const ws = fresh();
      const now = "2026-12-04T12:00:00.000Z";
      const due = (id: string): Decision => ({ ...decision(id), expires_at: now });
      const later = (id: string): Decision => ({
        ...decision(id),
        expires_at: "2026-12-05T00:00:00.000Z",
      });
      // Runs of s01: three due in a row, then two live, then four due, then the rest live.
      const shapes = [later, due, due, due, decision, later, due, due, due, due, decision, later];
      const runs = shapes.map((make, i) => {
        const id = `x${String(i + 1).padStart(2, "0")}`;
        return runIn(id, "s01", "paused", make(`d${id}`));
      });
      const s01 = threadIn("s01", "open", due("ds01"));
      const filled = batch({ envelopes: named(ws, 1, [s01, ...runs]), threads: [s01], runs });
      expect(await store.append(ws, 0, filled)).toMatchObject({ ok: true });
      const workspace = createWorkspace({
        registry: fixtureRegistry(),
        id: ws,
        store,
        clock: () => new Date(now),
      });
      const live = await workspace.decisions();
      expect(live.map((p) => p.scope.id)).toEqual(["x01", "x05", "x06", "x11", "x12"]);
      for (const limit of [1, 2, 3, 4, 5]) {
        const pages: PendingDecision[][] = [];
        for (let next: string | null | undefined; next !== null && pages.length < 10; ) {
          const request = next === undefined ? { limit } : { limit, after: next };
          const page = await workspace.decisionPage(request);
          pages.push(page.items);
          next = page.next;
        }
        for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
        expect(pages.flat()).toEqual(live);
      }
    }),
  );
}

function offerPageTests<S extends Store>({ withStore, fresh }: SuiteContext<S>): void {
  it(
    "pages offers by thread in creation order, each in the order made: disjoint, together the whole list, filters respected",
    withStore(async (store) => {
      const ws = fresh();
      await offered(store, ws, fresh());
      expect(offerIds(await store.offers(ws, {}))).toEqual([
        "oA a1",
        "oA a2",
        "oA a3",
        "oB b1",
        "oC c1",
        "oD a1",
      ]);
      for (const filter of OFFER_FILTERS) {
        const whole = await store.offers(ws, filter);
        for (const limit of [1, 2, 3, 4, 100]) {
          const read = (at: PageAt<OfferRef>) => store.offers(ws, { ...filter, ...at });
          const place = ({ thread_id, offer_id }: OfferEntry) => ({ thread_id, offer_id });
          const pages = await pagesOf(read, place, limit);
          expectPaged(pages, whole, limit, offerKey);
        }
      }
    }),
  );

  it(
    "starts a page of offers after any offer, an answered one included, and reads nothing past the end or after an unknown offer",
    withStore(async (store) => {
      const ws = fresh();
      await offered(store, ws, fresh());
      const after = (thread_id: string, offer_id: string, filter: OfferFilter = {}) =>
        store.offers(ws, { ...filter, after: { thread_id, offer_id }, limit: 3 });
      // oA's a1 was dismissed: it keeps its place.
      expect(offerIds(await after("oA", "a1"))).toEqual(["oA a2", "oA a3", "oB b1"]);
      expect(offerIds(await after("oA", "a3"))).toEqual(["oB b1", "oC c1", "oD a1"]);
      expect(offerIds(await after("oA", "a1", { threadId: "oA" }))).toEqual(["oA a2", "oA a3"]);
      expect(offerIds(await after("oA", "a3", { threadId: "oA" }))).toEqual([]);
      expect(offerIds(await after("oA", "a2", { threadId: "oD" }))).toEqual(["oD a1"]);
      expect(await after("oD", "a1")).toEqual([]);
      // Offers this workspace's threads never made (another workspace's too) list nothing.
      for (const [thread, id] of [
        ["oA", "c1"],
        ["oB", "a1"],
        ["oX", "x1"],
        ["nope", "a1"],
      ] as const) {
        expect(await after(thread, id)).toEqual([]);
      }
      expect(await store.offers(ws, { limit: 0 })).toEqual([]);
      expect(await store.offers(fresh(), { limit: 3 })).toEqual([]);
    }),
  );
}

/**
 * Pages of pending decisions and of offers: `after` and `limit` on every filter, in the
 * lists' order, with cursors that keep their places once their entries are answered.
 */
export function decisionOfferPageTests<S extends Store>(context: SuiteContext<S>): void {
  decisionPageTests(context);
  expiryPageTests(context);
  offerPageTests(context);
}
