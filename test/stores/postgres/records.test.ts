import { Pool } from "pg";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  sequentialIds,
  type Workspace,
} from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { orThrow } from "../../../src/model/errors.ts";
import { layout } from "../../../src/stores/postgres/layout.ts";
import { migrate } from "../../../src/stores/postgres/migrate.ts";
import { LATEST_VERSION } from "../../../src/stores/postgres/migrations.ts";
import { appEvent, batch, envelope } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

function expectCode(error: Error, code: string, ...named: string[]): void {
  expect(isWorkspaceError(error) ? error.code : error).toBe(code);
  for (const part of named) expect(error.message).toContain(part);
}

withPostgres(
  "postgres records and schema",
  (url) => {
    const db = testDatabase(url);

    // Log: 1 thread, 2 note n1, 3 checklist c1, 4 proposal prp_1, 5 run r1, 6 message.
    async function populated() {
      const schema = db.schema();
      const store = await postgresStore({ pool: db.pool }, { schema });
      const ws = createWorkspace({
        registry: fixtureRegistry(),
        store,
        id: "ws_rows",
        newId: sequentialIds(),
      });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      await ws.commit(
        { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "a" } },
        alice,
      );
      await ws.commit(
        { type: "create_artifact", artifact_id: "c1", kind: "checklist", data: {} },
        alice,
      );
      await ws.commit(
        {
          type: "edit_artifact",
          artifact_id: "c1",
          base_version: 1,
          patch: { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: "T" }] },
        },
        agent,
      );
      await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
      await ws.commit({ type: "post_message", thread_id: "t1", content: "hi" }, alice);
      expect(await ws.head()).toBe(6);
      const [proposal] = await ws.proposals();
      return { schema, store, ws, proposalId: proposal?.id ?? "" };
    }

    describe("a corrupt or foreign row is a corrupt_record naming the workspace and the row", () => {
      const cases: {
        name: string;
        sql: (s: string) => string;
        read: (ws: Workspace) => Promise<unknown>;
        names: string | ((proposalId: string) => string);
      }[] = [
        {
          name: "a log entry that does not parse",
          sql: (s) => `UPDATE "${s}".log SET envelope = envelope - 'actor' WHERE seq = 2`,
          read: (ws) => ws.log(),
          names: "log entry 2",
        },
        {
          name: "a log entry of another workspace",
          sql: (s) =>
            `UPDATE "${s}".log SET envelope = jsonb_set(envelope, '{workspace_id}', '"ws_x"') WHERE seq = 3`,
          read: (ws) => ws.log({ after: 2 }),
          names: "log entry 3",
        },
        {
          name: "a log entry at another position",
          sql: (s) =>
            `UPDATE "${s}".log SET envelope = jsonb_set(envelope, '{seq}', '9') WHERE seq = 1`,
          read: (ws) => ws.log({ limit: 1 }),
          names: "log entry 1",
        },
        {
          name: "a log entry filed under a thread its envelope is not of",
          sql: (s) => `UPDATE "${s}".log SET thread_id = 't9' WHERE seq = 6`,
          read: (ws) => ws.log({ threadId: "t9" }),
          names: 'log entry 6 is corrupt: its thread_id is "t1" but its row\'s is "t9"',
        },
        {
          name: "an artifact that does not parse",
          sql: (s) =>
            `UPDATE "${s}".artifacts SET record = jsonb_set(record, '{version}', '"two"') WHERE id = 'n1'`,
          read: (ws) => ws.artifact("n1"),
          names: "artifact n1",
        },
        {
          name: "an artifact under another id, listed",
          sql: (s) =>
            `UPDATE "${s}".artifacts SET record = jsonb_set(record, '{id}', '"n9"') WHERE id = 'n1'`,
          read: (ws) => ws.artifacts(),
          names: "artifact n1",
        },
        {
          name: "a revision that does not parse",
          sql: (s) =>
            `UPDATE "${s}".revisions SET record = record - 'kind' WHERE artifact_id = 'n1'`,
          read: (ws) => ws.revisions("n1"),
          names: "revision 1 of artifact n1",
        },
        {
          name: "a proposal whose status column disagrees with its record",
          sql: (s) =>
            `UPDATE "${s}".proposals SET record = jsonb_set(record, '{status}', '"accepted"')`,
          read: (ws) => ws.proposals({ status: "pending" }),
          names: (id) => `proposal ${id}`,
        },
        {
          name: "a thread that is not an object, loaded for a write",
          sql: (s) => `UPDATE "${s}".threads SET record = '"nonsense"'`,
          read: (ws) => ws.commit({ type: "post_message", thread_id: "t1", content: "x" }, alice),
          names: "thread t1",
        },
        {
          name: "a run with an unknown status",
          sql: (s) => `UPDATE "${s}".runs SET record = record || '{"status": "dozing"}'`,
          read: (ws) => ws.run("r1"),
          names: "run r1",
        },
        {
          name: "a record of a newer version",
          sql: (s) => `UPDATE "${s}".threads SET record_version = 2`,
          read: (ws) => ws.thread("t1"),
          names: "thread t1",
        },
      ];
      for (const c of cases) {
        it(c.name, async () => {
          const { schema, store, proposalId } = await populated();
          await db.pool.query(c.sql(schema));
          // Read through a workspace of its own: the one that wrote these rows keeps what it
          // wrote in its write cache (ADR 0002), and a row changed behind the store's back
          // moves no head to tell it.
          const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_rows" });
          const names = typeof c.names === "string" ? c.names : c.names(proposalId);
          expectCode(await failure(c.read(ws)), "corrupt_record", "workspace ws_rows", names);
          await store.close();
        });
      }

      it("reaches a subscriber's onError, and the feed goes on once the row is repaired", async () => {
        const { schema, store, ws } = await populated();
        const original = (await ws.log({ after: 3, limit: 1 }))[0]?.event;
        const table = `"${schema}".log`;
        await db.pool.query(`UPDATE ${table} SET envelope = envelope - 'event' WHERE seq = 4`);
        const errors: Error[] = [];
        const seen: number[] = [];
        const subscription = ws.subscribe(0, (e) => seen.push(e.seq), {
          onError: (error) => errors.push(error as Error),
        });
        await expect.poll(() => errors.length).toBeGreaterThan(0);
        expectCode(errors[0] as Error, "corrupt_record", "log entry 4");
        expect(seen).toEqual([]);
        await db.pool.query(
          `UPDATE ${table} SET envelope = envelope || jsonb_build_object('event', $1::jsonb) WHERE seq = 4`,
          [JSON.stringify(original)],
        );
        await ws.commit({ type: "post_message", thread_id: "t1", content: "again" }, alice);
        await expect.poll(() => seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
        subscription.close();
        await store.close();
      });
    });

    it("opens a workspace and loads its entities without reading the log (S3)", async () => {
      const { schema, store, proposalId } = await populated();
      await db.pool.query(
        `INSERT INTO "${schema}".log (workspace_id, seq, record_version, envelope)
        SELECT 'ws_rows', n, 1, jsonb_build_object(
          'seq', n, 'id', 'evt_' || n, 'ts', '2026-11-30T09:00:00.000Z', 'workspace_id', 'ws_rows',
          'actor', '{"kind": "system", "name": "load"}'::jsonb,
          'event', jsonb_build_object('type', 'app_event', 'name', 'tick', 'data', n))
        FROM generate_series(7, 50006) AS n`,
      );
      await db.pool.query(`UPDATE "${schema}".heads SET head = 50006`);
      await db.pool.query(`ANALYZE "${schema}".log`);
      // Every statement the store sends on this pool, to be explained below.
      const sent: { text: string; values?: unknown[] }[] = [];
      const pool = new Pool({ connectionString: url, max: 2 });
      const query = pool.query.bind(pool) as (config: unknown) => Promise<unknown>;
      Object.assign(pool, {
        query: (config: { text: string; values?: unknown[] }) => {
          sent.push(config);
          return query(config);
        },
      });
      const opened = await postgresStore({ pool }, { schema });
      const again = createWorkspace({ registry: fixtureRegistry(), store: opened, id: "ws_rows" });
      expect(await again.head()).toBe(50006);
      expect(await again.artifact("n1")).not.toBeNull();
      expect(await again.proposal(proposalId)).not.toBeNull();
      expect(await again.run("r1")).not.toBeNull();
      expect(await again.proposals({ status: "pending", artifactId: "c1" })).toHaveLength(1);
      expect(await again.revisions("c1")).toHaveLength(1);
      const reads = sent.length;
      const touched: string[] = [];
      let explained = 0;
      for (const { text, values } of sent.slice(0, reads)) {
        if (!/^\s*(SELECT|WITH)/i.test(text)) continue;
        explained++;
        const { rows } = await db.pool.query<{ plan: unknown }>(
          `EXPLAIN (FORMAT JSON) ${text}`,
          values,
        );
        const walk = (node: unknown): void => {
          if (typeof node !== "object" || node === null) return;
          const n = node as Record<string, unknown>;
          if (n["Relation Name"] === "log") touched.push(`${n["Node Type"]}: ${text.slice(0, 60)}`);
          for (const value of Object.values(n)) {
            if (Array.isArray(value)) value.forEach(walk);
            else walk(value);
          }
        };
        walk(rows[0]);
      }
      expect(explained).toBeGreaterThanOrEqual(6);
      expect(touched).toEqual([]);
      // Reading the log from a cursor is an index range scan, however long the log.
      const tail = await again.log({ after: 50005 });
      expect(tail).toHaveLength(1);
      const [last] = sent.slice(-1);
      const { rows } = await db.pool.query(`EXPLAIN ${last?.text ?? ""}`, last?.values);
      expect(JSON.stringify(rows)).toMatch(/Index Scan using log_pkey/);
      // Reading one thread is a range scan of its index, however long the rest of the log.
      const thread = await again.log({ threadId: "t1" });
      expect(thread.map((e) => e.seq)).toEqual([1, 4, 5, 6]);
      const [byThread] = sent.slice(-1);
      expect(byThread?.text).toMatch(/thread_id = \$2/);
      const threadPlan = await db.pool.query(`EXPLAIN ${byThread?.text ?? ""}`, byThread?.values);
      expect(JSON.stringify(threadPlan.rows)).toMatch(/Index Scan using log_by_thread/);
      expect(JSON.stringify(threadPlan.rows)).not.toMatch(/Seq Scan|Sort/);
      await Promise.all([opened.close(), store.close()]);
      await pool.end();
    });

    describe("migrations", () => {
      it("migrates an older schema on open, keeping its data", async () => {
        const schema = db.schema();
        expect(await migrate(db.pool, layout(schema), 1)).toBe(0);
        const envelope = {
          seq: 1,
          id: "evt_1",
          ts: "2026-11-30T09:00:00.000Z",
          workspace_id: "ws_old",
          actor: alice,
          event: { type: "thread_created", thread_id: "t1", title: "", mode: "edit" },
        };
        await db.pool.query(
          `INSERT INTO "${schema}".heads (workspace_id, head) VALUES ('ws_old', 1)`,
        );
        await db.pool.query(
          `INSERT INTO "${schema}".log (workspace_id, seq, record_version, envelope) VALUES ('ws_old', 1, 1, $1)`,
          [JSON.stringify(envelope)],
        );
        const store = await postgresStore({ pool: db.pool }, { schema });
        const { rows } = await db.pool.query<{ version: number }>(
          `SELECT version FROM "${schema}".migrations ORDER BY version`,
        );
        expect(rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        expect(LATEST_VERSION).toBe(11);
        expect(await store.head("ws_old")).toBe(1);
        const [read] = await store.read("ws_old", { after: 0 });
        expect(read).toMatchObject({ seq: 1, thread_id: null, traceparent: null });
        const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_old" });
        const written = await ws.commit(
          { type: "create_artifact", artifact_id: "n1", kind: "note", data: {} },
          alice,
        );
        expect(orThrow(written).outcome.seq).toBe(2);
        expect((await ws.artifacts()).map((a) => a.id)).toEqual(["n1"]);
        await store.close();
      });

      it("migrates a schema at version 3, filling the log's thread column from the envelopes", async () => {
        const schema = db.schema();
        expect(await migrate(db.pool, layout(schema), 3)).toBe(0);
        const threads = ["t1", null, "t2", "t1", undefined];
        for (const [i, threadId] of threads.entries()) {
          const seq = i + 1;
          const envelope = {
            seq,
            id: `evt_${seq}`,
            ts: "2026-11-30T09:00:00.000Z",
            workspace_id: "ws_old",
            // The last has no thread_id at all, as early envelopes were written.
            ...(threadId === undefined ? {} : { thread_id: threadId }),
            actor: alice,
            event: { type: "app_event", thread_id: null, run_id: null, name: "e", data: seq },
          };
          await db.pool.query(
            `INSERT INTO "${schema}".log (workspace_id, seq, record_version, envelope) VALUES ('ws_old', $1, 1, $2)`,
            [seq, JSON.stringify(envelope)],
          );
        }
        await db.pool.query(
          `INSERT INTO "${schema}".heads (workspace_id, head) VALUES ('ws_old', 5)`,
        );
        const store = await postgresStore({ pool: db.pool }, { schema });
        const column = await db.pool.query<{ seq: string; thread_id: string | null }>(
          `SELECT seq, thread_id FROM "${schema}".log ORDER BY seq`,
        );
        expect(column.rows).toEqual([
          { seq: "1", thread_id: "t1" },
          { seq: "2", thread_id: null },
          { seq: "3", thread_id: "t2" },
          { seq: "4", thread_id: "t1" },
          { seq: "5", thread_id: null },
        ]);
        const seqs = async (options: { after: number; limit?: number; threadId?: string }) =>
          (await store.read("ws_old", options)).map((e) => e.seq);
        expect(await seqs({ after: 0, threadId: "t1" })).toEqual([1, 4]);
        expect(await seqs({ after: 1, threadId: "t1" })).toEqual([4]);
        expect(await seqs({ after: 0, threadId: "t2", limit: 1 })).toEqual([3]);
        expect(await seqs({ after: 0 })).toEqual([1, 2, 3, 4, 5]);
        // An append after the migration writes the column, in the one statement.
        const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_old" });
        await ws.commit({ type: "create_thread", thread_id: "t2" }, alice);
        await ws.commit({ type: "post_message", thread_id: "t2", content: "hi" }, alice);
        expect(await seqs({ after: 0, threadId: "t2" })).toEqual([3, 6, 7]);
        await store.close();
      });

      it("refuses a schema written by a newer version, naming both versions", async () => {
        const schema = db.schema();
        await (await postgresStore({ pool: db.pool }, { schema })).close();
        await db.pool.query(
          `INSERT INTO "${schema}".migrations (version, name) VALUES (99, 'future')`,
        );
        const error = await failure(postgresStore({ pool: db.pool }, { schema }));
        expectCode(
          error,
          "unsupported_version",
          schema,
          "version 99",
          `up to version ${LATEST_VERSION}`,
        );
      });

      it("lets concurrent openers apply each migration once", async () => {
        const schema = db.schema();
        const stores = await Promise.all(
          Array.from({ length: 6 }, () => postgresStore({ connectionString: url }, { schema })),
        );
        const { rows } = await db.pool.query<{ version: number }>(
          `SELECT version FROM "${schema}".migrations ORDER BY version`,
        );
        expect(rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        await Promise.all(stores.map((store) => store.close()));
      });

      it("refuses a schema name it cannot use as is", async () => {
        for (const schema of ["Upper", "semi;colon", "", "x".repeat(41)]) {
          expectCode(
            await failure(postgresStore({ pool: db.pool }, { schema })),
            "invalid_argument",
          );
        }
      });
    });

    describe("connections", () => {
      const connections = async (name: string) =>
        (
          await db.pool.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1",
            [name],
          )
        ).rows[0]?.n;

      it("leaves a host's pool open on close(), and closes idempotently", async () => {
        const schema = db.schema();
        const store = await postgresStore({ pool: db.pool }, { schema });
        const stop = store.watch("ws", () => {});
        await expect.poll(() => connections(`agent-workspace:${schema}`)).toBe("1");
        stop();
        await store.close();
        await store.close();
        expect((await db.pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
        await expect.poll(() => connections(`agent-workspace:${schema}`)).toBe("0");
      });

      it("ends the pool it opened from a connection string, and its feed, on close()", async () => {
        const schema = db.schema();
        const marked = new URL(url);
        marked.searchParams.set("application_name", `pool_${schema}`);
        const store = await postgresStore({ connectionString: marked.toString() }, { schema });
        store.watch("ws", () => {});
        expect(await store.head("ws")).toBe(0);
        await expect.poll(() => connections(`pool_${schema}`)).not.toBe("0");
        await expect.poll(() => connections(`agent-workspace:${schema}`)).toBe("1");
        await store.close();
        await expect.poll(() => connections(`pool_${schema}`)).toBe("0");
        await expect.poll(() => connections(`agent-workspace:${schema}`)).toBe("0");
      });

      it("refuses text that PostgreSQL cannot store, writing nothing", async () => {
        const store = await postgresStore({ pool: db.pool }, { schema: db.schema() });
        const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_text" });
        await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
        for (const content of ["a\u0000b", "lone \ud800"]) {
          // A workspace refuses such text when it parses the command…
          const post = await ws.commit({ type: "post_message", thread_id: "t1", content }, alice);
          expect(post.ok ? "written" : post.rejection.type).toBe("validation_failed");
          // …and the store, for a batch that reaches it another way.
          const event = { ...appEvent(2), data: { content } };
          const unstorable = batch({
            envelopes: [{ ...envelope("ws_text", 2, appEvent(2)), event }],
          });
          expectCode(
            await failure(store.append("ws_text", 1, unstorable)),
            "invalid_argument",
            "workspace ws_text",
          );
        }
        expect(await ws.head()).toBe(1);
        await store.close();
      });

      it("refuses a batch that does not continue the log where it is appended", async () => {
        const store = await postgresStore({ pool: db.pool }, { schema: db.schema() });
        const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_a" });
        const [envelope] = orThrow(
          await ws.commit({ type: "create_thread", thread_id: "t1" }, alice),
        ).envelopes;
        if (envelope === undefined) throw new Error("expected an envelope");
        const batch = { envelopes: [envelope], artifacts: [], revisions: [], proposals: [] };
        const rest = { threads: [], runs: [], messages: [] };
        expectCode(
          await failure(store.append("ws_a", 1, { ...batch, ...rest })),
          "invalid_argument",
        );
        expectCode(
          await failure(store.append("ws_b", 0, { ...batch, ...rest })),
          "invalid_argument",
        );
        await store.close();
      });
    });
  },
  { quiet: true },
);
