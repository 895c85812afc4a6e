// A page of pending decisions or of offers is a range of a partial index in creation order
// from where the page starts: never a sequential scan, a bitmap scan or a sort.
import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { batch, decision, runIn, threadIn } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";
import { indexOnlyPlans, recordingPool } from "../fixtures/pg-plans.ts";

const WS = "ws_decision_offer_pages";

const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };

withPostgres(
  "postgres decision and offer pages",
  (url) => {
    const db = testDatabase(url);

    it("reads every filter's page by an index range in creation order", async () => {
      const schema = db.schema();
      const { pool, sent } = recordingPool(db.pool);
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
