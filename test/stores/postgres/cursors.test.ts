import { Pool } from "pg";
import { afterAll, expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

withPostgres("postgres notes cursors", (url) => {
  const db = testDatabase(url);
  // One connection, so the setting a move leaves behind (if any) is the next query's.
  const single = new Pool({ connectionString: url, max: 1 });
  afterAll(() => single.end());

  it("move a cursor, leaving the connection to commit synchronously as before", async () => {
    const store = await postgresStore({ pool: single }, { schema: db.schema() });
    const setting = async () =>
      (await single.query<{ synchronous_commit: string }>("SHOW synchronous_commit")).rows[0]
        ?.synchronous_commit;
    expect(await setting()).toBe("on");
    expect(await store.moveCursor("w", "agent:t1", 0, 3)).toBe(true);
    expect(await setting()).toBe("on");
    expect(await store.moveCursor("w", "agent:t1", 3, 8)).toBe(true);
    expect(await store.moveCursor("w", "agent:t1", 3, 9)).toBe(false);
    expect(await setting()).toBe("on");
    expect(await store.cursor("w", "agent:t1")).toBe(8);
    await store.close();
  });
});
