// The law of command ids: however sends of the same ids interleave, across two writers on one
// store, and whichever answers are lost after their write landed, each id writes exactly once,
// and every answer under an id is that write's outcome.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { memoryStore, type Store } from "../../src/entries/index.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { losingAnswers } from "../stores/fixtures/lost-answers.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("command-ids-law");
const alice = { kind: "user", id: "alice" } as const;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

const places: [string, () => [Store, Store]][] = [
  [
    "memory",
    () => {
      const store = memoryStore();
      return [store, store];
    },
  ],
  [
    "sqlite",
    () => {
      const path = file();
      return [sqliteStore({ path }), sqliteStore({ path })];
    },
  ],
];

// One send: which writer, which id, and whether its append's answer is lost.
const send = fc.record({
  writer: fc.integer({ min: 0, max: 1 }),
  id: fc.constantFrom("a", "b", "c", "d"),
  lost: fc.boolean(),
});

describe.each(places)("command ids on %s", (_name, place) => {
  it("write each id once, whatever interleaves and whatever answer is lost", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(send, { minLength: 1, maxLength: 16 }), async (sends) => {
        const stores = place();
        opened.push(...new Set(stores));
        const losing = new Set<number>();
        const writers = stores.map((store, w) =>
          createWorkspace({
            registry: fixtureRegistry(),
            store: losingAnswers(store, () => losing.delete(w)),
            id: "ws_law",
          }),
        );
        const [first] = writers;
        await first?.commit({ type: "create_thread", thread_id: "t1" }, alice);
        const answers = await Promise.all(
          sends.map(async ({ writer, id, lost }) => {
            if (lost) losing.add(writer);
            const post = { type: "post_message", thread_id: "t1", content: id } as const;
            const ws = writers[writer] ?? first;
            const answer = await ws?.commit(post, alice, { commandId: id }).catch(() => null);
            return { id, outcome: answer?.ok === true ? JSON.stringify(answer.outcome) : null };
          }),
        );
        const log = (await first?.log()) ?? [];
        const posted = log.flatMap(({ event }) =>
          event.type === "message_posted" ? [event.content] : [],
        );
        // Each id sent and answered (or lost) wrote at most once, and one that was answered once.
        for (const id of new Set(sends.map((s) => s.id))) {
          const count = posted.filter((content) => content === id).length;
          expect(count).toBeLessThanOrEqual(1);
          const outcomes = new Set(
            answers.filter((a) => a.id === id && a.outcome).map((a) => a.outcome),
          );
          expect(outcomes.size).toBeLessThanOrEqual(1);
          if (outcomes.size === 1) expect(count).toBe(1);
        }
        // Sent once more with nothing lost, every id is answered, and still written once.
        for (const id of new Set(sends.map((s) => s.id))) {
          const post = { type: "post_message", thread_id: "t1", content: id } as const;
          const again = await first?.commit(post, alice, { commandId: id });
          expect(again?.ok).toBe(true);
        }
        const after = ((await first?.log()) ?? []).filter((e) => e.event.type === "message_posted");
        expect(after).toHaveLength(new Set(sends.map((s) => s.id)).size);
      }),
      { numRuns: 40 },
    );
  });
});
