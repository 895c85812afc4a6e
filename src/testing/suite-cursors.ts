import { expect, it } from "vitest";
import type { Store } from "../stores/port.ts";
import { declaredTest } from "./suite-capabilities.ts";
import type { SuiteContext } from "./suite-context.ts";
import { appEvent, batch, envelope } from "./suite-records.ts";

/** Notes cursors: kept per workspace and viewer, moved only from where they are. */
export function cursorTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh, withStore } = suite;
  it(
    "keeps each viewer's cursor, moving it only from where it is",
    withStore(async (store) => {
      const [ws, other] = [fresh(), fresh()];
      expect(await store.cursor(ws, "alice")).toBe(0);
      expect(await store.moveCursor(ws, "alice", 0, 5)).toBe(true);
      expect(await store.cursor(ws, "alice")).toBe(5);
      expect(await store.moveCursor(ws, "alice", 0, 7)).toBe(false);
      expect(await store.moveCursor(ws, "alice", 4, 7)).toBe(false);
      expect(await store.moveCursor(ws, "alice", 5, 9)).toBe(true);
      expect(await store.cursor(ws, "alice")).toBe(9);
      // Another viewer, or the same viewer of another workspace, has its own.
      expect(await store.cursor(ws, "bob")).toBe(0);
      expect(await store.cursor(other, "alice")).toBe(0);
      // Of readers moving it from one place at once, exactly one does.
      for (const from of [0, 9]) {
        const viewer = from === 0 ? "carol" : "alice";
        const moves = await Promise.all(
          Array.from({ length: 6 }, (_, i) => store.moveCursor(ws, viewer, from, 20 + i)),
        );
        expect(moves.filter(Boolean)).toHaveLength(1);
        expect(await store.cursor(ws, viewer)).toBe(20 + moves.indexOf(true));
      }
    }),
  );

  declaredTest(suite, "durable", "keeps the cursors when opened again", async (reopen) => {
    const store = await adapter.open();
    const ws = fresh();
    await store.moveCursor(ws, "alice", 0, 3);
    const again = await reopen(store);
    await store.close();
    try {
      expect(await again.cursor(ws, "alice")).toBe(3);
    } finally {
      await again.close();
    }
  });
}

/** Whether an append landed, asked by its first envelope (what `workspace.settle` asks). */
export function landedTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "tells an append that landed from one that did not, by its first envelope",
    withStore(async (store) => {
      const ws = fresh();
      const first = envelope(ws, 1, appEvent(1));
      await store.append(ws, 0, batch({ envelopes: [first, envelope(ws, 2, appEvent(2))] }));
      expect(await store.landed(ws, { seq: 1, envelope_id: first.id })).toBe(true);
      expect(await store.landed(ws, { seq: 1, envelope_id: "evt_other" })).toBe(false);
      expect(await store.landed(ws, { seq: 3, envelope_id: first.id })).toBe(false);
      expect(await store.landed(fresh(), { seq: 1, envelope_id: first.id })).toBe(false);
    }),
  );
}
