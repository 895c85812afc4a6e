import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace, isWorkspaceError } from "../../../src/entries/index.ts";
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
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
