import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import { layout } from "../../../src/stores/postgres/layout.ts";
import { migrate } from "../../../src/stores/postgres/migrate.ts";
import { subjectLog } from "../../../src/testing/suite-notes-index.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const WS = "ws_subjects";

withPostgres("postgres store: migration 10 (envelope subjects)", (url) => {
  const db = testDatabase(url);

  // A schema at version 9, the one before the subjects index, with `records` in its log.
  async function writeSchema9(schema: string, records: readonly unknown[]): Promise<void> {
    const t = layout(schema);
    await migrate(db.pool, t, 9);
    await db.pool.query(`INSERT INTO ${t.heads} VALUES ($1, $2, 0)`, [WS, records.length]);
    await db.pool.query(
      `INSERT INTO ${t.log} (workspace_id, seq, record_version, envelope, thread_id)
        SELECT $1, i, 1, e, e->>'thread_id' FROM jsonb_array_elements($2::jsonb)
          WITH ORDINALITY AS x(e, i)`,
      [WS, JSON.stringify(records)],
    );
  }

  it("files the envelopes of a version 9 schema under their subjects, and reads by them", async () => {
    const schema = db.schema();
    const log = subjectLog(WS);
    await writeSchema9(schema, log);
    const store = await postgresStore({ pool: db.pool }, { schema });
    try {
      const seqs = (read: Envelope[]) => read.map((e) => e.seq);
      const about = { artifacts: ["a1"], participant: "agent:t1" };
      expect(seqs(await store.read(WS, { after: 0, about }))).toEqual([1, 4, 6, 8, 9]);
      const t2 = { artifacts: [], threadId: "t2" };
      expect(seqs(await store.read(WS, { after: 0, about: t2 }))).toEqual([2, 10]);
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM "${schema}".subjects`);
      expect(rows).toEqual([{ n: 14 }]);
    } finally {
      await store.close();
    }
  });

  it("files a record that is not an envelope under nothing, and fills past a page", async () => {
    const schema = db.schema();
    const [first] = subjectLog(WS);
    const records: unknown[] = Array.from({ length: 4_500 }, (_, i) => ({
      ...first,
      seq: i + 1,
      event: { ...first?.event, artifact_id: `a${i % 3}` },
    }));
    records[1] = { not: "an envelope" };
    await writeSchema9(schema, records);
    const store = await postgresStore({ pool: db.pool }, { schema });
    try {
      const read = await store.read(WS, { after: 0, about: { artifacts: ["a1"] } });
      const expected = records.flatMap((_, i) => (i % 3 === 1 && i !== 1 ? [i + 1] : []));
      expect(read.map((e) => e.seq)).toEqual(expected);
    } finally {
      await store.close();
    }
  });
});
