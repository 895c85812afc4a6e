// A watched id no workspace can have does not break the change feed for everyone else.
import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace } from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

withPostgres("the change feed and a bad watched id", (url) => {
  const db = testDatabase(url);

  it("hears another process's appends while a NUL id is watched too, and reports no errors", async () => {
    const schema = db.schema();
    const errors: unknown[] = [];
    const listening = await postgresStore(
      { connectionString: url },
      { schema, onError: (error) => errors.push(error) },
    );
    const writer = await postgresStore({ connectionString: url }, { schema });
    try {
      const stop = listening.watch("bad\u0000id", () => {});
      const heard: number[] = [];
      const heardFirst = new Promise<void>((resolve) =>
        // Calls may be spurious (a catch-up on connecting): wait for the append's.
        listening.watch("good", (head) => {
          heard.push(head);
          if (head >= 1) resolve();
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ws = createWorkspace({ registry: fixtureRegistry(), store: writer, id: "good" });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, { kind: "user", id: "alice" });
      await heardFirst;
      expect(heard).toContain(1);
      expect(errors).toEqual([]);
      stop();
    } finally {
      await listening.close();
      await writer.close();
    }
  });
});
