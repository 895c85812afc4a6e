// A closed memory store answers as a closed SQLite or PostgreSQL store does.
import { expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { createWorkspace, memoryStore } from "../../src/entries/index.ts";

it("refuses every call after close with store_unavailable, as the durable stores do", async () => {
  const store = memoryStore();
  const ws = createWorkspace({ registry: fixtureRegistry(), store });
  const alice = { kind: "user", id: "alice" } as const;
  expect((await ws.commit({ type: "create_thread", thread_id: "t1" }, alice)).ok).toBe(true);
  await ws.close();
  const unavailable = expect.objectContaining({ code: "store_unavailable" });
  await expect(store.head("default")).rejects.toEqual(unavailable);
  await expect(ws.commit({ type: "create_thread", thread_id: "t2" }, alice)).rejects.toEqual(
    unavailable,
  );
  await expect(ws.threads()).rejects.toEqual(unavailable);
  await expect(store.cursor("default", "v")).rejects.toEqual(unavailable);
  expect(() => store.watch("default", () => {})).toThrow(unavailable);
  await store.close();
});
