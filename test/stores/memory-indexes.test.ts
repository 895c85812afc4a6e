import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { PersistentMap } from "../../src/persistent/persistent-map.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import { OrderedIds } from "../../src/stores/ordered-ids.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

describe("OrderedIds", () => {
  it("holds what was put and not taken out, in the order of places, every version kept", () => {
    const step = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 60 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        let set = OrderedIds.empty();
        const model = new Map<number, string>();
        const versions: [OrderedIds, string[]][] = [];
        const sorted = () => [...model.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
        for (const [add, place] of steps) {
          if (add) {
            set = set.with(place, `id${place}`);
            model.set(place, `id${place}`);
          } else {
            set = set.without(place);
            model.delete(place);
          }
          versions.push([set, sorted()]);
        }
        expect([...set]).toEqual(sorted());
        expect(set.size).toBe(model.size);
        for (const [version, then] of versions) expect([...version]).toEqual(then);
      }),
      { numRuns: 200, seed: 20261202 },
    );
  });

  it("reads the ids after any place in order, as the whole set's tail after it", () => {
    const places = fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 120 });
    fc.assert(
      fc.property(places, fc.integer({ min: -1, max: 201 }), (given, from) => {
        let set = OrderedIds.empty();
        for (const place of given) set = set.with(place, `id${place}`);
        const tail = [...given].sort((a, b) => a - b).filter((place) => place > from);
        expect([...set.after(from)]).toEqual(tail.map((place) => `id${place}`));
      }),
      { numRuns: 200, seed: 20261204 },
    );
  });

  it("is the same set when nothing changes", () => {
    const set = OrderedIds.empty().with(3, "a");
    expect(set.with(3, "a")).toBe(set);
    expect(set.without(4)).toBe(set);
  });
});

describe("the memory store's lists", () => {
  it("read their indexes: a filtered list never walks a table", async () => {
    const store = memoryStore();
    const ws = createWorkspace({ registry: fixtureRegistry(), store, newId: sequentialIds() });
    const alice = { kind: "user", id: "alice" } as const;
    for (let i = 0; i < 200; i++) {
      await ws.commit({ type: "create_thread", thread_id: `t${i}` }, alice);
      await ws.record(
        { type: "run_started", run_id: `r${i}`, thread_id: `t${i}` },
        {
          kind: "agent",
          thread_id: `t${i}`,
          run_id: `r${i}`,
        },
      );
    }
    const ended = {
      type: "run_ended",
      run_id: "r7",
      thread_id: "t7",
      status: "completed",
    } as const;
    await ws.record(ended, { kind: "agent", thread_id: "t7", run_id: "r7" });
    await ws.commit({ type: "end_thread", thread_id: "t7" }, alice);
    const agent = { kind: "agent", thread_id: "t9", run_id: null } as const;
    const ask = {
      type: "request_decision",
      decision_id: "d1",
      prompt: "Go?",
      options: null,
    } as const;
    await ws.commit({ ...ask, scope: { kind: "thread", id: "t9" } }, agent);
    await ws.commit({ ...ask, scope: { kind: "run", id: "r9" } }, agent);
    const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };
    await ws.commit({ type: "make_offer", thread_id: "t9", offer_id: "o1", offer }, agent);
    const walks = [
      vi.spyOn(PersistentMap.prototype, "values"),
      vi.spyOn(PersistentMap.prototype, "entries"),
      vi.spyOn(PersistentMap.prototype, "keys"),
      vi.spyOn(PersistentMap.prototype, "forEach"),
    ];
    const w = ws.id;
    expect((await store.threads(w, { status: "ended" })).map((t) => t.id)).toEqual(["t7"]);
    expect((await store.runs(w, { status: "completed" })).map((r) => r.id)).toEqual(["r7"]);
    expect((await store.runs(w, { threadId: "t3" })).map((r) => r.id)).toEqual(["r3"]);
    const decisions = await store.decisions(w, {});
    expect(decisions.map((d) => [d.scope.kind, d.thread_id])).toEqual([
      ["thread", "t9"],
      ["run", "t9"],
    ]);
    expect((await store.decisions(w, { threadId: "t9" })).length).toBe(2);
    expect((await store.offers(w, {})).map((o) => o.offer_id)).toEqual(["o1"]);
    expect(await store.proposals(w, { status: "pending" })).toEqual([]);
    for (const walk of walks) expect(walk).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
