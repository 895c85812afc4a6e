import { expect, it } from "vitest";
import { postgresStore } from "../../../src/entries/postgres.ts";
import type { Proposal } from "../../../src/model/proposals.ts";
import { NO_NEEDS, pendingKey, rejectedKey } from "../../../src/model/state.ts";
import { layout } from "../../../src/stores/postgres/layout.ts";
import { migrate } from "../../../src/stores/postgres/migrate.ts";
import { MIGRATIONS } from "../../../src/stores/postgres/migrations.ts";
import { RECORD_VERSION } from "../../../src/stores/rows.ts";
import { proposal, rejectedProposal } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const WS = "ws_rejected_hunks";
// The schema before the rejected hunks were kept: the last step before 11.
const BEFORE = Math.max(...MIGRATIONS.map((m) => m.version).filter((v) => v < 11));

withPostgres("postgres store: migration 11 (proposals by what they touch)", (url) => {
  const db = testDatabase(url);

  // A schema at the version before, holding `proposals` as an append of that version wrote them.
  async function writeBefore(schema: string, proposals: readonly Proposal[]): Promise<void> {
    const t = layout(schema);
    await migrate(db.pool, t, BEFORE);
    await db.pool.query(`INSERT INTO ${t.heads} VALUES ($1, 0, $2)`, [WS, proposals.length]);
    await db.pool.query(
      `INSERT INTO ${t.proposals}
        (workspace_id, id, ordinal, status, artifact_id, record_version, record)
        SELECT $1, r->>'id', i, r->>'status', r->'change'->>'artifact_id', $3, r
          FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(r, i)`,
      [WS, JSON.stringify(proposals), RECORD_VERSION],
    );
  }

  it("files the rejections already stored under their hunks, and pending ones by thread", async () => {
    const schema = db.schema();
    const unrecorded = proposal("p4", "rejected");
    const others = { ...proposal("p5", "pending"), thread_id: "t2" };
    const stored = [
      proposal("p1", "pending"),
      rejectedProposal("p2", ["h1", "h2"]),
      rejectedProposal("p3", ["h1"]),
      unrecorded,
      others,
    ];
    await writeBefore(schema, stored);
    const store = await postgresStore({ pool: db.pool }, { schema });
    try {
      const [h1, h2] = [
        { artifact_id: "n1", hunk_id: "h1" },
        { artifact_id: "n1", hunk_id: "h2" },
      ];
      const t1 = { artifact_id: "n1", thread_id: "t1" };
      const loaded = await store.load(WS, { ...NO_NEEDS, rejected: [h1, h2], pending: [t1] });
      expect(loaded.rejected.get(rejectedKey(h1))).toEqual([stored[1], stored[2]]);
      expect(loaded.rejected.get(rejectedKey(h2))).toEqual([stored[1]]);
      expect(loaded.pending.get(pendingKey(t1))).toEqual([stored[0]]);
      const { rows } = await db.pool.query(
        `SELECT count(*)::int AS n FROM "${schema}".rejected_hunks`,
      );
      expect(rows).toEqual([{ n: 3 }]);
    } finally {
      await store.close();
    }
  });
});
