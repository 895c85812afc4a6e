import fc from "fast-check";
import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace } from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { jsonbOrder } from "../../../src/stores/postgres/key-order.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const alice = { kind: "user", id: "alice" } as const;

// Every object's keys, in order, depth first: what key order shows in.
function keyOrders(value: unknown): string[][] {
  if (typeof value !== "object" || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(keyOrders);
  return [Object.keys(value), ...Object.values(value).flatMap(keyOrders)];
}

// Keys of several lengths and scripts: ASCII, accented, CJK, emoji (four UTF-8 bytes).
const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom(
    "a",
    "b",
    "aa",
    "ab",
    "B",
    "é",
    "ü",
    "中",
    "中文",
    "😀",
    "z😀",
    "\u00ff",
    "\u0100",
  ),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.integer(),
    fc.string({ maxLength: 3 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  ),
}));

withPostgres("jsonb's key order", (url) => {
  const db = testDatabase(url);

  it("orders keys as PostgreSQL's jsonb gives them back", async () => {
    await fc.assert(
      fc.asyncProperty(json.value, async (value) => {
        const { rows } = await db.pool.query<{ back: string }>("SELECT $1::jsonb::text AS back", [
          JSON.stringify(value),
        ]);
        const back: unknown = JSON.parse((rows[0] as { back: string }).back);
        expect(keyOrders(jsonbOrder(value))).toEqual(keyOrders(back));
        expect(jsonbOrder(value)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it("a workspace that keeps what it wrote decides as one that loads it fresh", async () => {
    const store = await postgresStore({ pool: db.pool }, { schema: db.schema() });
    const open = () => createWorkspace({ registry: fixtureRegistry(), store, id: "ws_order" });
    const kept = open();
    const items = { bb: { title: "B", done: false }, a: { title: "A", done: false } };
    const created = await kept.commit(
      { type: "create_artifact", artifact_id: "c1", kind: "checklist", data: { items } },
      alice,
    );
    expect(created.ok).toBe(true);
    const check = {
      type: "edit_artifact" as const,
      artifact_id: "c1",
      base_version: 1,
      patch: {
        kind: "json_patch" as const,
        ops: [
          { op: "replace", path: "/items/bb/done", value: true },
          { op: "replace", path: "/items/a/done", value: true },
        ],
      },
    };
    // A fresh workspace decides from what it loads; the one that wrote c1 from what it kept.
    const fresh = await open().dryRun(check, alice);
    const landed = await kept.commit(check, alice);
    const summaries = (events: readonly object[]) =>
      events.map((event) => ("summary" in event ? event.summary : null));
    expect(fresh.ok && summaries(fresh.value.events)).toEqual(["checked 'A', 'B'"]);
    expect(landed.ok && summaries(landed.envelopes.map((e) => e.event))).toEqual([
      "checked 'A', 'B'",
    ]);
  });
});
