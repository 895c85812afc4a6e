// A page of proposals is a range of an index from where the page starts, in creation order:
// never a sequential scan, a bitmap scan or a sort of a filter's every proposal.
import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { batch, proposal } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";
import { indexOnlyPlans, recordingPool } from "../fixtures/pg-plans.ts";

const WS = "ws_pages";

withPostgres(
  "postgres proposal pages",
  (url) => {
    const db = testDatabase(url);

    it("reads every filter's page by an index range in creation order", async () => {
      const schema = db.schema();
      const { pool, sent } = recordingPool(db.pool);
      const store = await postgresStore({ pool }, { schema });
      const made = ["p1", "p2", "p3"].map((id) => proposal(id, "pending"));
      await store.append(WS, 0, batch({ proposals: made }));
      sent.length = 0;
      await store.proposals(WS, { limit: 2 });
      await store.proposals(WS, { after: "p1", limit: 2 });
      await store.proposals(WS, { status: "pending", after: "p1", limit: 2 });
      await store.proposals(WS, { artifactId: "n1", status: "pending", after: "p1", limit: 2 });
      expect(sent).toHaveLength(4);
      // With the other ways ruled out, a plan that still has one has no index for it.
      const plans = await indexOnlyPlans(db.pool, sent);
      plans.forEach((plan, i) => {
        const text = sent[i]?.text;
        expect(plan, text).not.toMatch(/Seq Scan|Sort|Bitmap/);
        expect(plan, text).toMatch(/Index (Only )?Scan/);
      });
      await store.close();
    });
  },
  { quiet: true },
);
