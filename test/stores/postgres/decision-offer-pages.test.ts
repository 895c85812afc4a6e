// A page of pending decisions or of offers is a range of a partial index in creation order
// from where the page starts: never a sequential scan, a bitmap scan or a sort.
import type { PoolClient } from "pg";
import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { batch, decision, runIn, threadIn } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const WS = "ws_decision_offer_pages";

// Every node of an EXPLAIN (FORMAT JSON) plan, flattened.
function nodes(plan: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const n = node as Record<string, unknown>;
    if (typeof n["Node Type"] === "string") found.push(n);
    for (const value of Object.values(n)) walk(value);
  };
  walk(plan);
  return found;
}

const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };

withPostgres(
  "postgres decision and offer pages",
  (url) => {
    const db = testDatabase(url);

    it("reads every filter's page by an index range in creation order", async () => {
      const schema = db.schema();
      const sent: { text: string; values?: unknown[] }[] = [];
      const query = db.pool.query.bind(db.pool) as (config: unknown) => Promise<unknown>;
      const pool = Object.create(db.pool, {
        query: {
          value: (config: { text: string; values?: unknown[] }) => {
            if (typeof config === "object") sent.push(config);
            return query(config);
          },
        },
      });
      const store = await postgresStore({ pool }, { schema });
      const threads = [
        { ...threadIn("t1", "open", decision("d1")), offered: { o1: offer, o2: offer } },
        { ...threadIn("t2", "open"), offered: { o3: offer } },
      ];
      const runs = [runIn("r1", "t1", "paused", decision("d2"))];
      await store.append(WS, 0, batch({ threads, runs }));
      sent.length = 0;
      await store.decisions(WS, { limit: 2 });
      await store.decisions(WS, { after: { kind: "thread", id: "t1" }, limit: 2 });
      await store.decisions(WS, { after: { kind: "run", id: "r1" }, limit: 2 });
      await store.decisions(WS, { threadId: "t1", limit: 2 });
      await store.decisions(WS, { threadId: "t1", after: { kind: "thread", id: "t1" }, limit: 2 });
      await store.decisions(WS, { threadId: "t1", after: { kind: "run", id: "r1" }, limit: 2 });
      await store.offers(WS, { limit: 2 });
      await store.offers(WS, { after: { thread_id: "t1", offer_id: "o1" }, limit: 2 });
      await store.offers(WS, { threadId: "t2", limit: 2 });
      await store.offers(WS, { threadId: "t2", after: { thread_id: "t1", offer_id: "o1" } });
      expect(sent).toHaveLength(10);
      const client: PoolClient = await db.pool.connect();
      try {
        // With the other ways ruled out, a plan that still has one has no index for it.
        for (const kind of ["seqscan", "bitmapscan", "sort"]) {
          await client.query(`SET enable_${kind} = off`);
        }
        for (const { text, values } of sent) {
          const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
          const types = nodes(rows[0]).map((n) => `${n["Node Type"]} ${n["Index Name"] ?? ""}`);
          expect(types.join(", "), text).not.toMatch(/Seq Scan|Sort|Bitmap/);
          expect(types.join(", "), text).toMatch(/Index (Only )?Scan/);
        }
      } finally {
        client.release();
      }
      await store.close();
    });
  },
  { quiet: true },
);
