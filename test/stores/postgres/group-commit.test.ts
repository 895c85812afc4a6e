import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace, isWorkspaceError, type Store } from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

// Instances on stores of their own (each its own pool, as other processes would be) write to
// one workspace at once: the one whose compare-and-swap is lost retries under the
// workspace's advisory lock (ADR 0055), and none gives up with `contention`.

const person = { kind: "user", id: "alice" } as const;

withPostgres("postgres group commit across processes", (url) => {
  const db = testDatabase(url);

  it("lands every commit of four instances × 16 writers once, with no contention", async () => {
    const schema = db.schema();
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => postgresStore({ connectionString: url }, { schema })),
    );
    try {
      const id = "ws_group_processes";
      const instances = stores.map((store) =>
        createWorkspace({ registry: fixtureRegistry(), store, id }),
      );
      await instances[0]?.commit({ type: "create_thread", thread_id: "t1" }, person);
      let contention = 0;
      const writer = async (ws: (typeof instances)[number], name: string) => {
        for (let i = 0; i < 10; i++) {
          const content = `${name} m${i}`;
          const done = await ws
            .commit({ type: "post_message", thread_id: "t1", content }, person)
            .catch((error: unknown) => {
              if (isWorkspaceError(error) && error.code === "contention") contention += 1;
              throw error;
            });
          expect(done.ok).toBe(true);
        }
      };
      await Promise.all(
        instances.flatMap((ws, p) =>
          Array.from({ length: 16 }, (_, w) => writer(ws, `p${p} w${w}`)),
        ),
      );
      expect(contention).toBe(0);
      const log = await stores[0]?.read(id, { after: 1 });
      const posted = (log ?? []).map((e) => (e.event as { content?: unknown }).content);
      expect(posted).toHaveLength(4 * 16 * 10);
      expect(new Set(posted).size).toBe(posted.length);
      // Each writer's messages in the order it made them, whichever turn carried them.
      const byWriter = new Map<string, number[]>();
      for (const content of posted) {
        const [, writer, i] = /^(p\d+ w\d+) m(\d+)$/.exec(String(content)) ?? [];
        byWriter.set(String(writer), [...(byWriter.get(String(writer)) ?? []), Number(i)]);
      }
      expect(byWriter.size).toBe(4 * 16);
      for (const seen of byWriter.values()) expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it("after losing to another instance, follows its messages from the log without loading", async () => {
    const schema = db.schema();
    const [mine, theirs] = await Promise.all(
      [0, 1].map(() => postgresStore({ connectionString: url }, { schema })),
    );
    if (mine === undefined || theirs === undefined) throw new Error("two stores");
    const calls = { heads: 0, loads: 0 };
    const watched: Store = new Proxy(mine, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key !== "head" && key !== "load") return value.bind(target);
        return (...args: unknown[]) => {
          calls[key === "load" ? "loads" : "heads"] += 1;
          return Reflect.apply(value, target, args);
        };
      },
    });
    try {
      const id = "ws_group_follow";
      const a = createWorkspace({ registry: fixtureRegistry(), store: watched, id });
      const b = createWorkspace({ registry: fixtureRegistry(), store: theirs, id });
      const post = (content: string) =>
        ({ type: "post_message", thread_id: "t1", content }) as const;
      await a.commit({ type: "create_thread", thread_id: "t1" }, person);
      await a.commit(post("a1"), person);
      await b.commit(post("b1"), person);
      await b.commit(post("b2"), person);
      const before = { ...calls };
      // a's cache is at a1: its append is lost, its cache follows b1 and b2 from the log, and
      // it appends again from there, reading neither the head nor any entity.
      await a.commit(post("a2"), person);
      expect(calls).toEqual(before);
      // Something the cache cannot follow (a thread created) starts it over: a load.
      await b.commit({ type: "create_thread", thread_id: "t2" }, person);
      await a.commit(post("a3"), person);
      expect(calls.heads + calls.loads).toBeGreaterThan(before.heads + before.loads);
      const log = await mine.read(id, { after: 1 });
      expect(log.map((e) => (e.event as { content?: unknown }).content)).toEqual([
        "a1",
        "b1",
        "b2",
        "a2",
        undefined,
        "a3",
      ]);
    } finally {
      await Promise.all([mine.close(), theirs.close()]);
    }
  });
});
