import { expect, it } from "vitest";
import type { Proposal } from "../model/proposals.ts";
import type { PageAt, ProposalFilter, Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import { appEvent, batch, envelope, proposal } from "./suite-records.ts";

// A proposal of an artifact (`n1` or `n2`), in a status.
const of = (id: string, artifactId: string, status: Proposal["status"]): Proposal => {
  const made = proposal(id, status);
  if (made.change.type !== "edit_artifact") return made;
  return { ...made, change: { ...made.change, artifact_id: artifactId } };
};

// Twelve proposals over two appends, of two artifacts and three statuses; the second append
// settles two of the first, which keep their places in the order they were made.
const FIRST: readonly Proposal[] = [
  of("p01", "n1", "pending"),
  of("p02", "n2", "pending"),
  of("p03", "n1", "rejected"),
  of("p04", "n1", "pending"),
  of("p05", "n2", "accepted"),
  of("p06", "n2", "pending"),
  of("p07", "n1", "pending"),
];
const SECOND: readonly Proposal[] = [
  of("p08", "n2", "pending"),
  of("p02", "n2", "accepted"),
  of("p09", "n1", "pending"),
  of("p04", "n1", "rejected"),
  of("p10", "n1", "pending"),
  of("p11", "n2", "rejected"),
  of("p12", "n1", "pending"),
];

// Every filter the port takes, each combination once.
const FILTERS: readonly ProposalFilter[] = [
  {},
  { status: "pending" },
  { status: "rejected" },
  { artifactId: "n1" },
  { artifactId: "n2", status: "pending" },
  { status: "superseded" },
];

// The workspace's proposals, with another workspace's made between them, so that no page can
// reach into a neighbour's.
async function filled(store: Store, ws: string, other: string): Promise<void> {
  const first = batch({ envelopes: [envelope(ws, 1, appEvent(1))], proposals: [...FIRST] });
  expect(await store.append(ws, 0, first)).toMatchObject({ ok: true });
  const between = batch({
    envelopes: [envelope(other, 1, appEvent(1))],
    proposals: [of("p05", "n1", "pending"), of("q1", "n1", "pending")],
  });
  expect(await store.append(other, 0, between)).toMatchObject({ ok: true });
  const second = batch({ envelopes: [envelope(ws, 2, appEvent(2))], proposals: [...SECOND] });
  expect(await store.append(ws, 1, second)).toMatchObject({ ok: true });
}

// Every page of a filtered list, `limit` at a time, each starting after the last one's end.
async function pagesOf(store: Store, ws: string, filter: ProposalFilter, limit: number) {
  const pages: Proposal[][] = [];
  for (let at: PageAt = { limit }; pages.length <= 20; ) {
    const page = await store.proposals(ws, { ...filter, ...at });
    pages.push(page);
    const last = page.at(-1);
    if (last === undefined) break;
    at = { limit, after: last.id };
  }
  return pages;
}

/** Pages of proposals: `after` and `limit` on every filter, by the order proposals were made. */
export function pageTests<S extends Store>({ withStore, fresh }: SuiteContext<S>): void {
  it(
    "pages proposals in the order they were made: disjoint, together the whole list, filters respected",
    withStore(async (store) => {
      const ws = fresh();
      await filled(store, ws, fresh());
      for (const filter of FILTERS) {
        const whole = await store.proposals(ws, filter);
        for (const limit of [1, 2, 3, 5, 100]) {
          const pages = await pagesOf(store, ws, filter, limit);
          // Each page full but the last ones, and an empty page after the end.
          expect(pages.at(-1)).toEqual([]);
          for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
          for (const page of pages.slice(0, -2)) expect(page).toHaveLength(limit);
          const ids = pages.flat().map((p) => p.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(pages.flat()).toEqual(whole);
        }
      }
      expect((await store.proposals(ws, { status: "pending" })).map((p) => p.id)).toEqual([
        "p01",
        "p06",
        "p07",
        "p08",
        "p09",
        "p10",
        "p12",
      ]);
    }),
  );

  it(
    "starts a page after any proposal, one the filter no longer matches included, and reads nothing past the end",
    withStore(async (store) => {
      const ws = fresh();
      await filled(store, ws, fresh());
      // p04 was pending and is rejected now: its place in the order is where it was made.
      const afterSettled = await store.proposals(ws, { status: "pending", after: "p04", limit: 2 });
      expect(afterSettled.map((p) => p.id)).toEqual(["p06", "p07"]);
      const rest = await store.proposals(ws, { after: "p09" });
      expect(rest.map((p) => p.id)).toEqual(["p10", "p11", "p12"]);
      expect(await store.proposals(ws, { after: "p12", limit: 5 })).toEqual([]);
      expect(await store.proposals(ws, { status: "pending", after: "p12" })).toEqual([]);
      // An id this workspace never made (one another workspace did, too) lists nothing.
      expect(await store.proposals(ws, { after: "q1", limit: 5 })).toEqual([]);
      expect(await store.proposals(ws, { after: "nope" })).toEqual([]);
      expect(await store.proposals(ws, { limit: 0 })).toEqual([]);
      expect(await store.proposals(fresh(), { status: "pending", limit: 3 })).toEqual([]);
    }),
  );
}
