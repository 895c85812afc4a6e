import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { NO_NEEDS } from "../../../src/model/state.ts";
import { newThread } from "../../../src/model/threads.ts";
import { firstLists } from "../../../src/testing/suite-lists.ts";
import { firstOffers } from "../../../src/testing/suite-offers.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";
import { writeSchema4 } from "../fixtures/pg-older.ts";
import { indexOnlyPlans, recordingPool } from "../fixtures/pg-plans.ts";

const WS = "ws_lists";
const OFFERS = "ws_offers";

withPostgres(
  "postgres lists",
  (url) => {
    const db = testDatabase(url);

    it("lists threads, runs, decisions and offers, and loads deciding runs, by index ranges in order", async () => {
      const schema = db.schema();
      const { pool, sent } = recordingPool(db.pool);
      const store = await postgresStore({ pool }, { schema });
      await store.append(WS, 0, firstLists(WS));
      await store.append(OFFERS, 0, firstOffers(OFFERS));
      sent.length = 0;
      await store.threads(WS, {});
      await store.threads(WS, { status: "open" });
      await store.runs(WS, {});
      await store.runs(WS, { threadId: "t1" });
      await store.runs(WS, { status: "paused" });
      await store.runs(WS, { threadId: "t1", status: "paused" });
      await store.decisions(WS, {});
      await store.decisions(WS, { threadId: "t1" });
      await store.load(WS, { ...NO_NEEDS, deciding: ["t1", "t2"] });
      await store.offers(OFFERS, {});
      await store.offers(OFFERS, { threadId: "t2" });
      expect(sent).toHaveLength(11);
      // With sequential and bitmap scans and sorts ruled out, a plan that still has one has
      // no index that serves its conditions in its order (the tables are too small to tell).
      const plans = await indexOnlyPlans(db.pool, sent);
      plans.forEach((plan, i) => {
        const text = sent[i]?.text;
        expect(plan, text).not.toMatch(/Seq Scan|Sort|Bitmap/);
        expect(plan, text).toMatch(/Index Scan/);
      });
      // The offers are read from the index of the threads that made offers (or the one
      // thread's key), never from a range of every thread of the workspace.
      expect(plans.at(-2)).toBe("Index Scan threads_offering");
      expect(plans.at(-1)).toMatch(/^Index Scan (threads_offering|threads_pkey)$/);
      await store.close();
    });

    it("gives threads and runs of a schema at version 4 ordinals before any new one's", async () => {
      const schema = db.schema();
      const records = firstLists(WS);
      await writeSchema4(db.pool, schema, WS, records);
      // Another workspace's log orders its own rows only.
      await writeSchema4(db.pool, schema, "ws_other", {
        ...records,
        envelopes: [],
        threads: [...records.threads].reverse(),
        runs: [],
      });
      const store = await postgresStore({ pool: db.pool }, { schema });
      const table = async (sql: string) => (await db.pool.query(sql)).rows;
      expect(
        await table(
          `SELECT workspace_id, id, ordinal, status, deciding FROM "${schema}".threads
          ORDER BY workspace_id, ordinal`,
        ),
      ).toEqual([
        { workspace_id: WS, id: "t1", ordinal: "1", status: "open", deciding: true },
        { workspace_id: WS, id: "t2", ordinal: "2", status: "open", deciding: false },
        { workspace_id: WS, id: "t3", ordinal: "3", status: "ended", deciding: false },
        // No envelope names them: by id.
        { workspace_id: "ws_other", id: "t1", ordinal: "1", status: "open", deciding: true },
        { workspace_id: "ws_other", id: "t2", ordinal: "2", status: "open", deciding: false },
        { workspace_id: "ws_other", id: "t3", ordinal: "3", status: "ended", deciding: false },
      ]);
      expect(
        await table(
          `SELECT id, thread_id, ordinal, status, deciding FROM "${schema}".runs
          WHERE workspace_id = '${WS}' ORDER BY ordinal`,
        ),
      ).toEqual([
        { id: "r1", thread_id: "t2", ordinal: "4", status: "paused", deciding: true },
        { id: "r2", thread_id: "t1", ordinal: "5", status: "running", deciding: false },
        { id: "r3", thread_id: "t1", ordinal: "6", status: "paused", deciding: true },
      ]);
      expect(
        await table(`SELECT workspace_id, next_ordinal FROM "${schema}".heads ORDER BY 1`),
      ).toEqual([
        { workspace_id: WS, next_ordinal: "6" },
        { workspace_id: "ws_other", next_ordinal: "3" },
      ]);
      await store.close();
    });

    it("fills the offer columns (migration 7) of a schema at version 4, in the order the log made them", async () => {
      const schema = db.schema();
      const records = firstOffers(WS);
      // A thread whose offers no envelope names (written by hand): by id, after the others.
      const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };
      const tz = { ...newThread("tz", "tz"), offered: { b: offer, aa: offer } };
      await writeSchema4(db.pool, schema, WS, { ...records, threads: [...records.threads, tz] });
      const store = await postgresStore({ pool: db.pool }, { schema });
      const { rows } = await db.pool.query(
        `SELECT id, offering, offer_ids FROM "${schema}".threads ORDER BY ordinal`,
      );
      expect(rows).toEqual([
        { id: "t1", offering: false, offer_ids: [] },
        // jsonb keeps its keys sorted (alpha, zeta): the order made is the log's.
        { id: "t2", offering: true, offer_ids: ["zeta", "alpha"] },
        { id: "t3", offering: true, offer_ids: ["o1"] },
        { id: "tz", offering: true, offer_ids: ["aa", "b"] },
      ]);
      expect((await store.offers(WS, {})).map((o) => `${o.thread_id}/${o.offer_id}`)).toEqual([
        "t2/zeta",
        "t2/alpha",
        "t3/o1",
        "tz/aa",
        "tz/b",
      ]);
      await store.close();
    });

    it("reports a thread or run filed under columns its record disagrees with", async () => {
      const schema = db.schema();
      const store = await postgresStore({ pool: db.pool }, { schema });
      await store.append(WS, 0, firstLists(WS));
      await store.append(OFFERS, 0, firstOffers(OFFERS));
      await db.pool.query(`UPDATE "${schema}".threads SET status = 'ended' WHERE id = 't2'`);
      await db.pool.query(
        `UPDATE "${schema}".threads SET offering = true WHERE workspace_id = '${WS}' AND id = 't3'`,
      );
      await db.pool.query(
        `UPDATE "${schema}".threads SET offer_ids = '["o9"]'
          WHERE workspace_id = '${OFFERS}' AND id = 't3'`,
      );
      await db.pool.query(`UPDATE "${schema}".runs SET deciding = true WHERE id = 'r2'`);
      const corrupt = (what: string) =>
        expect.objectContaining({
          code: "corrupt_record",
          message: expect.stringContaining(`workspace ${WS}: stored ${what} is corrupt: its`),
        });
      await expect(store.threads(WS, { status: "ended" })).rejects.toThrow(corrupt("thread t2"));
      await expect(store.decisions(WS, {})).rejects.toThrow(corrupt("run r2"));
      await expect(store.load(WS, { ...NO_NEEDS, deciding: ["t1"] })).rejects.toThrow(
        corrupt("run r2"),
      );
      await expect(store.offers(WS, {})).rejects.toThrow(corrupt("thread t3"));
      await expect(store.offers(OFFERS, { threadId: "t3" })).rejects.toThrow(
        expect.objectContaining({
          code: "corrupt_record",
          message:
            `workspace ${OFFERS}: stored thread t3 is corrupt: ` +
            `its offer_ids is ["o1"] but its row's is ["o9"]`,
        }),
      );
      await store.close();
    });
  },
  { quiet: true },
);
