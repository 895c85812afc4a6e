// A page of proposals is a range of an index from where the page starts, in creation order:
// never a sequential scan, a bitmap scan or a sort of a filter's every proposal.
import type { PoolClient } from "pg";
import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { batch, proposal } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const WS = "ws_pages";

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

withPostgres(
  "postgres proposal pages",
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
      const made = ["p1", "p2", "p3"].map((id) => proposal(id, "pending"));
      await store.append(WS, 0, batch({ proposals: made }));
      sent.length = 0;
      await store.proposals(WS, { limit: 2 });
      await store.proposals(WS, { after: "p1", limit: 2 });
      await store.proposals(WS, { status: "pending", after: "p1", limit: 2 });
      await store.proposals(WS, { artifactId: "n1", status: "pending", after: "p1", limit: 2 });
      expect(sent).toHaveLength(4);
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
